import CSQLite

// Every call into the SQLite C API lives in this file; the rest of Store/ speaks in
// ``SQLiteConnection`` and ``SQLiteStatement``. Each method names the sqlite.org page of
// the C function it wraps (https://sqlite.org/c3ref/...).

/// One open SQLite database connection. It owns the `sqlite3*` handle and closes it in
/// `deinit` (https://sqlite.org/c3ref/close.html). Not `Sendable`: use it from one thread.
final class SQLiteConnection {
    /// The handle; valid for the lifetime of the connection.
    private let handle: OpaquePointer
    /// The file the connection was opened on, as given.
    let path: String
    /// How long a statement waits for another connection's lock, in milliseconds.
    private let busyTimeoutMS: Int32

    /// Opens (and with `create`, creates) the database file at `path`
    /// (https://sqlite.org/c3ref/open.html), turns on extended result codes
    /// (https://sqlite.org/c3ref/extended_result_codes.html) and sets a busy timeout
    /// (https://sqlite.org/c3ref/busy_timeout.html). A failed open still closes the handle.
    init(path: String, readOnly: Bool = false, busyTimeoutMS: Int32 = 5000) throws(ThumbLabError) {
        _ = Self.processSettings
        var db: OpaquePointer?
        let flags =
            (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
            | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &db, flags, nil)
        guard code == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            let extended = db.map { sqlite3_extended_errcode($0) } ?? code
            sqlite3_close_v2(db)
            throw Self.failure(code: extended, message: "cannot open \(path): \(message)", sql: nil, path: path)
        }
        handle = db
        self.path = path
        self.busyTimeoutMS = busyTimeoutMS
        sqlite3_extended_result_codes(db, 1)
        sqlite3_busy_timeout(db, busyTimeoutMS)
    }

    /// Settings made once per process before the first connection: memory statistics
    /// off, as ThumbLab never reads them and they cost a global lock per allocation.
    private static let processSettings: Int32 = thumblab_sqlite_disable_memstatus()

    deinit {
        // close_v2 defers the close until every statement is finalized.
        sqlite3_close_v2(handle)
    }

    /// The error the connection last reported, with `sql` for context
    /// (https://sqlite.org/c3ref/errcode.html).
    func lastError(sql: String?) -> ThumbLabError {
        Self.failure(
            code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)),
            sql: sql, path: path)
    }

    /// The error of a call that returned `code`, in SQLite's words for the code: for calls
    /// checked later, when the connection's own error may have been cleared since.
    func error(code: Int32, sql: String?) -> ThumbLabError {
        Self.failure(code: code, message: String(cString: sqlite3_errstr(code)), sql: sql, path: path)
    }

    /// A failed call's error: a ``StorageFailure`` when the file system is at fault (a
    /// full disk, a read-only or busy file, ...), else SQLite's own code, message and
    /// statement.
    private static func failure(code: Int32, message: String, sql: String?, path: String) -> ThumbLabError {
        if let failure = StorageFailure(sqliteCode: code, path: path) { return .storage(failure) }
        return .database(code: code, message: message, sql: sql)
    }

    /// Runs one or more statements that return no rows (https://sqlite.org/c3ref/exec.html).
    /// `name` as an SQL identifier in double quotes, its own quotes doubled.
    static func quotedIdentifier(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    func execute(_ sql: String) throws(ThumbLabError) {
        var errorMessage: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        if code != SQLITE_OK {
            let message = errorMessage.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_free(errorMessage)
            throw Self.failure(code: sqlite3_extended_errcode(handle), message: message, sql: sql, path: path)
        }
    }

    /// Compiles one statement (https://sqlite.org/c3ref/prepare.html).
    func prepare(_ sql: String) throws(ThumbLabError) -> SQLiteStatement {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            throw lastError(sql: sql)
        }
        return SQLiteStatement(connection: self, handle: statement, sql: sql)
    }

    /// The rowid of the last successful insert (https://sqlite.org/c3ref/last_insert_rowid.html).
    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Rows changed by the last statement (https://sqlite.org/c3ref/changes.html).
    var changes: Int { Int(sqlite3_changes64(handle)) }

    /// Whether a transaction is open, that is, autocommit is off
    /// (https://sqlite.org/c3ref/get_autocommit.html).
    var inTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// Empties the write-ahead log once no transaction needs it, giving its disk space
    /// back: a checkpoint in `TRUNCATE` mode (https://sqlite.org/pragma.html#pragma_wal_checkpoint)
    /// that does not wait for other connections; with a reader still in the log it does
    /// nothing, and the log shrinks at a later checkpoint.
    func truncateLog() {
        withoutWaiting { try? execute("PRAGMA wal_checkpoint(TRUNCATE)") }
    }

    /// Asks for the journal mode `mode` (https://sqlite.org/pragma.html#pragma_journal_mode)
    /// and returns the file's mode afterwards, in lowercase. Changing the mode needs the only
    /// connection to the file: with `waiting` false, a change that another connection blocks
    /// fails at once with ``StorageFailure/busy(path:)``, the mode as it was.
    func changeJournalMode(to mode: String, waiting: Bool) throws(ThumbLabError) -> String {
        func change() throws(ThumbLabError) -> String {
            let statement = try prepare("PRAGMA journal_mode = \(mode)")
            guard try statement.step() else { return "" }
            return statement.text(0).lowercased()
        }
        return waiting ? try change() : try withoutWaiting(change)
    }

    /// The file's journal mode, in lowercase; empty when it cannot be read.
    var journalMode: String {
        guard let statement = try? prepare("PRAGMA journal_mode"), (try? statement.step()) == true else { return "" }
        return statement.text(0).lowercased()
    }

    /// Runs `body` with a busy timeout of 0: a lock another connection holds fails at once.
    private func withoutWaiting<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
        sqlite3_busy_timeout(handle, 0)
        defer { sqlite3_busy_timeout(handle, busyTimeoutMS) }
        return try body()
    }

    /// The version of the SQLite library in use (https://sqlite.org/c3ref/libversion.html).
    static var libraryVersion: String { String(cString: sqlite3_libversion()) }
}

/// One prepared statement. It keeps its connection alive and finalizes in `deinit`
/// (https://sqlite.org/c3ref/finalize.html). Parameters are 1-based, columns 0-based.
final class SQLiteStatement {
    private let connection: SQLiteConnection
    private let handle: OpaquePointer
    let sql: String

    fileprivate init(connection: SQLiteConnection, handle: OpaquePointer, sql: String) {
        self.connection = connection
        self.handle = handle
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    /// Tells SQLite to copy bound text before the call returns (the C macro
    /// `SQLITE_TRANSIENT`, which Swift does not import; https://sqlite.org/c3ref/c_static.html).
    private static var transient: sqlite3_destructor_type {
        unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    }

    private func check(_ code: Int32) throws(ThumbLabError) {
        if code != SQLITE_OK { throw connection.lastError(sql: sql) }
    }

    // MARK: Binding (https://sqlite.org/c3ref/bind_blob.html)

    func bindNull(_ index: Int32) throws(ThumbLabError) {
        try check(sqlite3_bind_null(handle, index))
    }

    func bind(_ index: Int32, _ value: Int64?) throws(ThumbLabError) { try check(bindCode(index, value)) }

    func bind(_ index: Int32, _ value: Int?) throws(ThumbLabError) { try check(bindCode(index, value)) }

    func bind(_ index: Int32, _ value: Bool?) throws(ThumbLabError) { try check(bindCode(index, value)) }

    func bind(_ index: Int32, _ value: Double?) throws(ThumbLabError) { try check(bindCode(index, value)) }

    func bind(_ index: Int32, _ value: String?) throws(ThumbLabError) { try check(bindCode(index, value)) }

    // The binds below return SQLite's code instead of checking it, so that a row's many
    // values are checked once, by ``checkBindings(_:)``.

    @inline(__always) func bindCode(_ index: Int32, _ value: Int64?) -> Int32 {
        guard let value else { return sqlite3_bind_null(handle, index) }
        return sqlite3_bind_int64(handle, index, value)
    }

    @inline(__always) func bindCode(_ index: Int32, _ value: Int?) -> Int32 { bindCode(index, value.map(Int64.init)) }

    @inline(__always) func bindCode(_ index: Int32, _ value: Bool?) -> Int32 {
        bindCode(index, value.map { $0 ? Int64(1) : Int64(0) })
    }

    @inline(__always) func bindCode(_ index: Int32, _ value: Double?) -> Int32 {
        guard let value else { return sqlite3_bind_null(handle, index) }
        return sqlite3_bind_double(handle, index, value)
    }

    /// Binds text; SQLite copies the UTF-8 bytes, so no Swift copy is made for native strings.
    func bindCode(_ index: Int32, _ value: String?) -> Int32 {
        guard var value else { return sqlite3_bind_null(handle, index) }
        return value.withUTF8 { bytes -> Int32 in
            guard let base = bytes.baseAddress else {
                return sqlite3_bind_text(handle, index, "", 0, Self.transient)
            }
            let text = UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
            return sqlite3_bind_text(handle, index, text, Int32(bytes.count), Self.transient)
        }
    }

    /// Throws the error of `firstFailure`, the first code of a row's `bindCode` calls that
    /// was not `SQLITE_OK`, unless it is `SQLITE_OK`. A later bind that succeeds clears the
    /// connection's error, so the error is made from the code.
    func checkBindings(_ firstFailure: Int32) throws(ThumbLabError) {
        if firstFailure != SQLITE_OK { throw connection.error(code: firstFailure, sql: sql) }
    }

    // MARK: Running (https://sqlite.org/c3ref/step.html, https://sqlite.org/c3ref/reset.html)

    /// Advances to the next row: `true` when a row is ready, `false` when done.
    @discardableResult
    func step() throws(ThumbLabError) -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = connection.lastError(sql: sql)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Makes the statement ready to run again; bindings are kept until rebound.
    func reset() {
        sqlite3_reset(handle)
    }

    /// Runs to completion and resets: for statements that return no rows. A statement
    /// reused only through `run` is always reset when it starts again.
    func run() throws(ThumbLabError) {
        while try step() {}
        sqlite3_reset(handle)
    }

    // MARK: Columns (https://sqlite.org/c3ref/column_blob.html)

    /// Columns in each result row (https://sqlite.org/c3ref/column_count.html).
    var columnCount: Int32 { sqlite3_column_count(handle) }

    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(handle, column)) }

    func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }

    /// The column's integer, `nil` for NULL. SQLite reads NULL as 0, so the type is asked
    /// only of a 0, sparing a call per value on the rows of a scan.
    func optionalInt64(_ column: Int32) -> Int64? {
        let value = sqlite3_column_int64(handle, column)
        return value == 0 && isNull(column) ? nil : value
    }

    /// The column's number, `nil` for NULL; as ``optionalInt64(_:)``, the type is asked
    /// only of a 0.
    func optionalDouble(_ column: Int32) -> Double? {
        let value = sqlite3_column_double(handle, column)
        return value == 0 && isNull(column) ? nil : value
    }

    func text(_ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }

    /// The name of result column `column` (its `AS` name).
    func columnName(_ column: Int32) -> String { sqlite3_column_name(handle, column).map { String(cString: $0) } ?? "" }

    /// The declared type of result column `column` when it comes straight from a table's
    /// column (`TEXT`, `REAL`, `INTEGER`), nil for an expression.
    func declaredType(_ column: Int32) -> String? {
        sqlite3_column_decltype(handle, column).map { String(cString: $0) }
    }

    /// The storage class of the value in `column` of the current row.
    func valueType(_ column: Int32) -> SQLiteValueType {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: .integer
        case SQLITE_FLOAT: .real
        case SQLITE_NULL: .null
        default: .text
        }
    }

    /// Calls `body` with the UTF-8 bytes of `column`'s value as text (SQLite's own rendering
    /// of a number), valid only inside `body`.
    func withText<T>(_ column: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        let bytes = sqlite3_column_text(handle, column)
        return try body(
            UnsafeBufferPointer(start: bytes, count: bytes == nil ? 0 : Int(sqlite3_column_bytes(handle, column))))
    }

    /// The UTF-8 bytes of `column`'s value as text.
    func textBytes(_ column: Int32) -> [UInt8] { withText(column) { Array($0) } }
}

/// The storage class of a value SQLite returns (https://sqlite.org/datatype3.html); a blob
/// counts as text.
enum SQLiteValueType {
    case integer
    case real
    case text
    case null
}
