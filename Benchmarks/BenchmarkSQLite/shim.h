#ifndef THUMBLAB_BENCHMARK_SQLITE_SHIM_H
#define THUMBLAB_BENCHMARK_SQLITE_SHIM_H
#include <sqlite3.h>

/// sqlite3_config is variadic, which Swift cannot call: this wraps the one call the
/// benchmarks make, the setting the library's connections use. It must run before SQLite
/// is initialized; afterwards it returns SQLITE_MISUSE and changes nothing
/// (https://sqlite.org/c3ref/config.html).

/// Turns off memory-usage statistics, which take a global mutex on every allocation
/// (https://sqlite.org/c3ref/c_config_covering_index_scan.html#sqliteconfigmemstatus).
static inline int benchmark_sqlite_disable_memstatus(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

#endif
