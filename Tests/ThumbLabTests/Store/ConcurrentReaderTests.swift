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
        let message = try #require(
            databaseErrorMessage {
                try other.addDevice(Device(name: "phone", widthPx: 1, heightPx: 1, pxPerMM: 1))
            })
        #expect(message.contains("another process is writing"))
        #expect(message.contains(folder.path("study.sqlite")))
        #expect(try writer.commit().rows == 1)
        try other.addDevice(Device(name: "phone", widthPx: 1, heightPx: 1, pxPerMM: 1))
    }
}
