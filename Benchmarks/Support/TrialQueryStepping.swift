import BenchmarkSQLite
import Foundation

// SQLite's share of an analysis: the statement of a typed read, stepped through the C API
// with the settings of the library's connections and nothing else done per row.

/// Steps `sql` (`?1` and `?2` bound to the lowest and highest condition id), reading every
/// column as the library does (its type, then its value when not NULL).
public func stepTrialQuery(path: String, sql: String) throws -> [String] {
    // The settings the library's connections use: no memory statistics (set before
    // SQLite initializes), no mutexes.
    _ = benchmark_sqlite_disable_memstatus()
    var db: OpaquePointer?
    guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK, let db else {
        throw BenchmarkFailure("cannot open \(path)")
    }
    defer { sqlite3_close_v2(db) }
    func statement(_ sql: String) throws -> OpaquePointer {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw BenchmarkFailure("cannot prepare: \(String(cString: sqlite3_errmsg(db)))")
        }
        return statement
    }
    let conditions = try statement("SELECT min(id), max(id) FROM condition")
    guard sqlite3_step(conditions) == SQLITE_ROW else { throw BenchmarkFailure("no conditions") }
    let low = sqlite3_column_int64(conditions, 0)
    let high = sqlite3_column_int64(conditions, 1)
    sqlite3_finalize(conditions)
    let trials = try statement(sql)
    defer { sqlite3_finalize(trials) }
    if sqlite3_bind_parameter_count(trials) >= 2 {
        sqlite3_bind_int64(trials, 1, low)
        sqlite3_bind_int64(trials, 2, high)
    }
    // Columns selected as NULL (no declared type) are not read, as the library does not.
    let columns = (0..<sqlite3_column_count(trials)).filter { sqlite3_column_decltype(trials, $0) != nil }
    var count = 0
    var total = 0.0
    while true {
        let code = sqlite3_step(trials)
        if code == SQLITE_DONE { break }
        guard code == SQLITE_ROW else { throw BenchmarkFailure(String(cString: sqlite3_errmsg(db))) }
        count += 1
        for column in columns {
            switch sqlite3_column_type(trials, column) {
            case SQLITE_INTEGER: total += Double(sqlite3_column_int64(trials, column) & 1)
            case SQLITE_FLOAT: total += sqlite3_column_double(trials, column)
            default: break
            }
        }
    }
    return ["trials=\(count)", "checksum=\(Int(total))"]
}
