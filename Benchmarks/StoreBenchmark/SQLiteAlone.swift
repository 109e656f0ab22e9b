import BenchmarkSQLite
import BenchmarkSupport
import Foundation
import ThumbLab

/// The floor under the store: the values of the same trials bound straight into `trial`
/// through 128-row `INSERT`s in one transaction, with an import's page cache, on a database
/// ThumbLab created (so the same schema, write-ahead log and 16 KiB pages). Participants
/// and techniques become ids by a plain lookup and every attempt is 1; what ThumbLab's
/// store takes beyond this is its own work per row (ids, attempts, bounds, binding).
struct SQLiteAlone {
    static let rowsPerStatement = 128
    static let columns = [
        "participant_id", "condition_id", "block", "trial", "attempt", "target_x", "target_y",
        "target_width", "touch_x", "touch_y", "time_ms", "hit", "line",
    ]

    private var handle: OpaquePointer?

    /// Creates a study database at `path` through ThumbLab, then reopens it with SQLite alone.
    init(path: String) throws {
        _ = try StudyDatabase(path: path)
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK else {
            throw failure("cannot open \(path)")
        }
        try execute("PRAGMA cache_size = -8192")
    }

    func close() { sqlite3_close_v2(handle) }

    private func failure(_ what: String) -> BenchmarkFailure {
        BenchmarkFailure("\(what): \(handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory")")
    }

    func execute(_ sql: String) throws {
        guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else { throw failure(sql) }
    }

    /// Inserts the first `count` records of `stream`, rounded down to whole statements, in
    /// one transaction; returns the rows inserted and the time of the inserts and of the commit.
    func insert(_ stream: inout TrialStream, count: Int) throws -> (rows: Int, inserts: Timing, commit: Timing) {
        try execute("BEGIN IMMEDIATE")
        let width = Self.columns.count
        let tuples = (0..<Self.rowsPerStatement).map { row in
            "(1" + (0..<width).map { ", ?\(row * width + $0 + 1)" }.joined() + ")"
        }
        let sql =
            "INSERT INTO trial (batch_id, \(Self.columns.joined(separator: ", "))) VALUES "
            + tuples.joined(separator: ", ")
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else { throw failure("prepare") }
        defer { sqlite3_finalize(statement) }
        let conditions = Dictionary(uniqueKeysWithValues: stream.techniques.enumerated().map { ($1, Int64($0 + 1)) })
        let whole = count / Self.rowsPerStatement * Self.rowsPerStatement
        let inserts = try measure {
            for index in 0..<whole {
                let r = stream.record(index)
                let p = Int32(index % Self.rowsPerStatement * width + 1)
                sqlite3_bind_int64(statement, p, Int64(r.participant.dropFirst())!)
                sqlite3_bind_int64(statement, p + 1, conditions[r.technique]!)
                sqlite3_bind_int64(statement, p + 2, Int64(r.block))
                sqlite3_bind_int64(statement, p + 3, Int64(r.trial))
                sqlite3_bind_int64(statement, p + 4, 1)
                sqlite3_bind_double(statement, p + 5, r.targetX)
                sqlite3_bind_double(statement, p + 6, r.targetY)
                sqlite3_bind_double(statement, p + 7, r.targetWidth)
                sqlite3_bind_double(statement, p + 8, r.touchX)
                sqlite3_bind_double(statement, p + 9, r.touchY)
                sqlite3_bind_double(statement, p + 10, r.timeMS)
                sqlite3_bind_int64(statement, p + 11, r.hit ? 1 : 0)
                sqlite3_bind_int64(statement, p + 12, Int64(r.line))
                if index % Self.rowsPerStatement == Self.rowsPerStatement - 1 {
                    guard sqlite3_step(statement) == SQLITE_DONE else { throw failure("insert") }
                    sqlite3_reset(statement)
                }
            }
        }
        let commit = try measure { try execute("COMMIT") }
        return (whole, inserts, commit)
    }
}
