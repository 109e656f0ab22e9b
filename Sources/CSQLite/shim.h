#ifndef THUMBLAB_CSQLITE_SHIM_H
#define THUMBLAB_CSQLITE_SHIM_H
#include <sqlite3.h>

/// sqlite3_config is variadic, which Swift cannot call: these wrap the calls ThumbLab
/// makes. Each must run before SQLite is initialized; afterwards it returns SQLITE_MISUSE
/// and changes nothing (https://sqlite.org/c3ref/config.html).

/// Turns off memory-usage statistics, which take a global mutex on every allocation
/// (https://sqlite.org/c3ref/c_config_covering_index_scan.html#sqliteconfigmemstatus).
static inline int thumblab_sqlite_disable_memstatus(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

#endif
