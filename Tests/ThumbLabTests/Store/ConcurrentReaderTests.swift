import Foundation
import Testing

@testable import ThumbLab

@Suite struct ConcurrentReaderTests {
    /// A second connection, as another process would have, reads the committed state
    /// while an import transaction is open, and sees the import once it commits.
    @Test func aSecondConnectionReadsDuringAnOpenImport() throws {
        let folder = try TestDirectory()
        let writerDatabase = try folder.database()
        let first = try writerDatabase.beginImport(.trials("a.csv"))
        try first.add(trial("P1", [], trial: 1))
        _ = try first.commit()

        let reader = try folder.database()
        let writer = try writerDatabase.beginImport(.trials("b.csv"))
        for n in 1...2000 { try writer.add(trial("P\(n % 5)", [], trial: n)) }

        let during = try reader.info()
        #expect(during.trials == 1)
        #expect(during.batches == 1)
        #expect(try reader.batches().map(\.source) == ["a.csv"])

        let summary = try writer.commit()
        #expect(summary.rows == 2000)
        #expect(try reader.info().trials == 2001)
    }

    /// A second writer waits for the busy timeout and then fails with a clear error,
    /// leaving the first import intact.
    @Test func aSecondWriterIsTurnedAwayWhileAnImportRuns() throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        let writer = try database.beginImport(.trials("a.csv"))
        try writer.add(trial("P1", [], trial: 1))

        let other = try StudyDatabase(path: folder.path("study.sqlite"), busyTimeoutMS: 50)
        #expect(throws: ThumbLabError.storage(.busy(path: folder.path("study.sqlite")))) {
            try other.addDevice(Device(name: "phone", widthPx: 1, heightPx: 1, pxPerMM: 1))
        }
        #expect(try writer.commit().rows == 1)
        try other.addDevice(Device(name: "phone", widthPx: 1, heightPx: 1, pxPerMM: 1))
    }
}

@Suite struct OtherProcessReaderTests {
    static let sqliteShell = "/usr/bin/sqlite3"

    /// Runs a query in the `sqlite3` shell, a process of its own, and returns its output.
    private func query(_ path: String, _ sql: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.sqliteShell)
        process.arguments = ["-readonly", path, sql]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: sqliteShell), "needs the sqlite3 shell"))
    func anotherProcessReadsWhileAnImportIsOpen() throws {
        let folder = try TestDirectory()
        let path = folder.path("study.sqlite")
        let database = try folder.database()
        let first = try database.beginImport(.trials("a.csv"))
        try first.add(trial("P1", [], trial: 1))
        _ = try first.commit()

        let writer = try database.beginImport(.trials("b.csv"))
        for n in 1...500 { try writer.add(trial("P2", [], trial: n)) }
        #expect(try query(path, "SELECT count(*) FROM trial_long") == "1")
        _ = try writer.commit()
        #expect(try query(path, "SELECT count(*) FROM trial_long") == "501")
    }
}
