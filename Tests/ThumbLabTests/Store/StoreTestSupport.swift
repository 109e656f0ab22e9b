import Foundation
import Testing

@testable import ThumbLab

/// A fresh folder under the system temporary directory, removed when released.
final class TestDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("thumblab-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// A new study database in this folder.
    func database(_ name: String = "study.sqlite") throws -> StudyDatabase {
        try StudyDatabase(path: path(name))
    }
}

extension NewBatch {
    /// A batch of trials from `source` whose hash is derived from the name, for tests.
    static func trials(_ source: String, study: String = "s1", device: String? = nil) -> NewBatch {
        NewBatch(
            study: study, source: source, sha256: String(repeating: "ab", count: 16) + source,
            format: "csv", kind: .trials, device: device)
    }
}

/// Every row of a query, each as `|`-separated text, to compare database states.
func rows(_ database: StudyDatabase, _ sql: String) throws -> [String] {
    let statement = try database.connection.prepare(sql)
    var result: [String] = []
    while try statement.step() {
        result.append(
            (0..<statement.columnCount).map { statement.optionalText($0) ?? "NULL" }
                .joined(separator: "|"))
    }
    return result
}

/// The one integer a query returns.
func scalar(_ database: StudyDatabase, _ sql: String) throws -> Int {
    let statement = try database.connection.prepare(sql)
    _ = try statement.step()
    return statement.int(0)
}

/// Every row of every table, to check that a database is exactly as it was. SQLite's
/// `sqlite_sequence` is left out: it remembers the highest batch id ever used, on purpose.
func snapshot(_ database: StudyDatabase) throws -> [String: [String]] {
    var tables: [String: [String]] = [:]
    for name in try rows(
        database, "SELECT name FROM sqlite_schema WHERE type = 'table' AND name <> 'sqlite_sequence'")
    {
        tables[name] = try rows(database, "SELECT * FROM \(name) ORDER BY 1, 2")
    }
    return tables
}

/// A trial row with the given numbers, for tests.
func trial(
    _ participant: String, _ levels: [String], block: Int? = 1, trial: Int?, time: Double = 500,
    hit: Bool = true, line: Int = 0
) -> TrialRecord {
    TrialRecord(
        participant: participant, levels: levels, block: block, trial: trial, targetX: 10,
        targetY: 20, targetWidth: 5, targetHeight: 5, touchX: 11, touchY: 21, timeMS: time,
        hit: hit, line: line)
}
