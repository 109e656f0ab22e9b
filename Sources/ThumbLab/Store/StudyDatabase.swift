import Foundation

/// A ThumbLab study database: one SQLite file holding studies, participants, conditions,
/// trials, touches, questionnaire responses and the import batches they came from.
///
/// Opening a file creates it if needed, switches it to write-ahead logging
/// (https://sqlite.org/wal.html) so that readers in other processes can query while an
/// import runs, and migrates its schema forward. <doc:DatabaseSchema> describes the tables and views for
/// people who query the file from R, pandas or the `sqlite3` shell.
///
/// Owns its SQLite connection; not `Sendable`, so use one instance per thread.
public final class StudyDatabase {
    let connection: SQLiteConnection
    /// The file path as given.
    public let path: String
    /// The page cache setting to restore when an import ends.
    var cacheSizeBeforeImport: Int?
    /// The page cache of an import, in KiB (``defaultImportCacheKiB``, at least 64); the
    /// command line takes another from its environment, so that tests make a small file
    /// spill its pages to the log many times before it commits.
    package var importCacheKiB = StudyDatabase.defaultImportCacheKiB
    /// The memory an import's attempt counts may take before the commit numbers attempts in
    /// SQL instead (``AttemptCounter``); tests set it small to exercise that numbering.
    var attemptCountBytes = AttemptCounter.defaultMaxBytes
    /// Called as analyses read trials, every ``TrialReadProgress/interval`` rows and at the
    /// end of each read, for a progress line; nil (the default) reports nothing.
    public var readProgress: ((TrialReadProgress) -> Void)?

    /// Opens or creates the study database at `path`.
    /// - Parameters:
    ///   - path: the file; created with the schema when missing.
    ///   - busyTimeoutMS: how long a write waits for another process's write to finish.
    ///   - secureDelete: whether deletes overwrite the content they remove with zeros
    ///     (SQLite's `secure_delete`, https://sqlite.org/pragma.html#pragma_secure_delete).
    ///     Off by default, whatever the SQLite build's default (Debian's is on): ``undo(batch:)``
    ///     then writes only the pages that keep rows, not every page it frees, and deleted
    ///     rows may linger in the file's free pages until `VACUUM`.
    /// - Throws: ``ThumbLabError/storage(_:)`` when the file cannot be opened or created
    ///   (``StorageFailure/cannotOpen(path:)``), is not a SQLite database, or is read-only;
    ///   ``ThumbLabError/incompatibleDatabase(path:reason:)`` when it belongs to another
    ///   application, was written by a newer ThumbLab, or cannot use write-ahead logging.
    public init(path: String, busyTimeoutMS: Int = 5000, secureDelete: Bool = false) throws {
        self.path = path
        do {
            connection = try SQLiteConnection(
                path: path, busyTimeoutMS: Int32(clamping: busyTimeoutMS))
            // 16 KiB pages for a new file (ignored for an existing one): fewer log frames
            // per import and faster scans (https://sqlite.org/pragma.html#pragma_page_size).
            try connection.execute("PRAGMA page_size = 16384")
            try connection.execute("PRAGMA secure_delete = \(secureDelete ? "ON" : "OFF")")
            try Self.enableWriteAheadLog(connection, path: path)
            try Self.migrate(connection, path: path)
        } catch let ThumbLabError.database(code, message, sql) {
            let located = message.hasPrefix("cannot open") ? message : "\(path): \(message)"
            throw ThumbLabError.database(code: code, message: located, sql: sql)
        }
    }

    /// The file name of a study database when none is given: `thumblab.sqlite`, in the
    /// current directory.
    public static let defaultFileName = "thumblab.sqlite"

    /// The schema version of this file (`PRAGMA user_version`).
    public func schemaVersion() throws -> Int {
        try Self.userVersion(connection)
    }

    // MARK: Opening

    /// Switches the file to write-ahead logging. An import into an empty database holds it
    /// in rollback mode (``ImportJournal``) and returns it to the log when done: such a file
    /// opens as it is, without waiting, and its reads wait for the import's locks.
    private static func enableWriteAheadLog(_ connection: SQLiteConnection, path: String) throws(ThumbLabError) {
        let mode: String
        do {
            mode = try connection.changeJournalMode(to: "WAL", waiting: false)
        } catch .storage(.busy) {
            return
        }
        if mode != "wal" {
            throw .incompatibleDatabase(
                path: path,
                reason: "it cannot use write-ahead logging (its journal mode stays \(mode)); "
                    + "put the database on a local file system")
        }
    }

    static func userVersion(_ connection: SQLiteConnection) throws(ThumbLabError) -> Int {
        let statement = try connection.prepare("PRAGMA user_version")
        try statement.step()
        return statement.int(0)
    }

    /// Runs the missing migrations in one write transaction; a file that another process
    /// migrated meanwhile is left as it is.
    private static func migrate(_ connection: SQLiteConnection, path: String) throws(ThumbLabError) {
        if try userVersion(connection) == Schema.currentVersion { return }
        try connection.execute("BEGIN IMMEDIATE")
        do throws(ThumbLabError) {
            let version = try userVersion(connection)
            if version > Schema.currentVersion {
                throw ThumbLabError.incompatibleDatabase(
                    path: path,
                    reason: "its schema version \(version) was written by a newer ThumbLab, and this "
                        + "build reads versions up to \(Schema.currentVersion); update ThumbLab")
            }
            if version == 0, try hasForeignTables(connection) {
                throw ThumbLabError.incompatibleDatabase(
                    path: path,
                    reason: "it holds tables of another application, not those of a ThumbLab study database")
            }
            for step in version..<Schema.currentVersion {
                try connection.execute(Schema.migrations[step])
            }
            try connection.execute("PRAGMA user_version = \(Schema.currentVersion)")
            try connection.execute("COMMIT")
        } catch {
            try? connection.execute("ROLLBACK")
            throw error
        }
    }

    private static func hasForeignTables(_ connection: SQLiteConnection) throws(ThumbLabError) -> Bool {
        let statement = try connection.prepare(
            "SELECT EXISTS (SELECT 1 FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%')")
        try statement.step()
        return statement.int(0) != 0
    }

    // MARK: Transactions

    /// Runs `body` in one immediate write transaction: committed when it returns,
    /// rolled back when it throws.
    func writeTransaction<T>(_ body: () throws -> T) throws -> T {
        try beginWrite()
        do {
            let result = try body()
            try connection.execute("COMMIT")
            return result
        } catch {
            rollBackWrite()
            throw error
        }
    }

    /// Starts an immediate write transaction (https://sqlite.org/lang_transaction.html),
    /// waiting up to the busy timeout for another writer.
    func beginWrite() throws {
        if connection.inTransaction {
            throw ThumbLabError.batch(.importStillOpen)
        }
        // Another writer's lock, held past the busy timeout, comes as StorageFailure.busy.
        try connection.execute("BEGIN IMMEDIATE")
    }

    /// Abandons the open write transaction and empties the write-ahead log, so that a
    /// write that failed (on a full disk, say) gives back the space its pages took there.
    func rollBackWrite() {
        try? connection.execute("ROLLBACK")
        connection.truncateLog()
    }

    /// Runs `body` in one read transaction, so that its queries see one snapshot; inside
    /// an open transaction it simply runs `body`.
    func readTransaction<T>(_ body: () throws -> T) throws -> T {
        if connection.inTransaction { return try body() }
        try connection.execute("BEGIN")
        defer { try? connection.execute("COMMIT") }
        return try body()
    }

    /// The id of the study named `name`, if it exists.
    func studyID(named name: String) throws -> Int64? {
        let statement = try connection.prepare("SELECT id FROM study WHERE name = ?1")
        try statement.bind(1, name)
        return try statement.step() ? statement.int64(0) : nil
    }

    /// The id of the study named `name`, created if missing.
    func ensureStudy(named name: String) throws -> Int64 {
        if let id = try studyID(named: name) { return id }
        let insert = try connection.prepare("INSERT INTO study (name) VALUES (?1)")
        try insert.bind(1, name)
        try insert.run()
        return connection.lastInsertRowID
    }
}
