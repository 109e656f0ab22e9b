import Foundation
import Testing

@testable import ThumbLab

/// An import hashes its file on a thread of its own and starts writing before the hash is
/// known: the batch holds a placeholder until then, and content the study already holds
/// is still a no-op that leaves the database as it was.
@Suite struct BackgroundHashTests {
    @Test func theThreadGivesTheFilesDigest() throws {
        let folder = TemporaryFolder()
        let bytes = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
        let path = folder.write(bytes, named: "big.bin")
        let hash = BackgroundHash(path: path)
        #expect(try hash.wait() == SHA256.hexDigest(of: bytes))
        #expect(try hash.ifFinished() == SHA256.hexDigest(of: bytes))
        hash.cancel()
    }

    @Test func aMissingFileIsItsError() throws {
        let hash = BackgroundHash(path: "/nonexistent/thumblab/log.csv")
        #expect(throws: ThumbLabError.fileNotFound(path: "/nonexistent/thumblab/log.csv")) { try hash.wait() }
    }

    @Test func cancellingStopsTheThread() throws {
        let folder = TemporaryFolder()
        let path = folder.write([UInt8](repeating: 7, count: 64 << 20), named: "big.bin")
        let hash = BackgroundHash(path: path)
        hash.cancel()
        // The thread has ended: either it finished before the cancel, or it gave up.
        if let digest = try? hash.ifFinished() { #expect(digest.count == 64) }
    }

    @Test func aPendingBatchTakesItsHashBeforeTheCommit() throws {
        let directory = try TestDirectory()
        let database = try directory.database()
        let writer = try database.beginImport(
            NewBatch(study: "s1", source: "a.csv", sha256: BatchWriter.pendingSHA256(), format: "csv", kind: .trials))
        try writer.declareFactors(["technique"])
        try writer.add(TrialRecord(participant: "P1", levels: ["A"], trial: 1, timeMS: 500, line: 2))
        let digest = String(repeating: "0123456789abcdef", count: 4)
        #expect(try writer.settleSHA256(digest.uppercased()))
        let batch = try writer.commit()
        #expect(batch.sha256 == digest)
        #expect(try database.existingBatch(study: "s1", sha256: digest)?.id == batch.id)
    }

    @Test func aPendingBatchOfContentAlreadyHeldIsRolledBack() throws {
        let directory = try TestDirectory()
        let database = try directory.database()
        let digest = String(repeating: "fedcba9876543210", count: 4)
        let first = try database.beginImport(
            NewBatch(study: "s1", source: "a.csv", sha256: digest, format: "csv", kind: .trials))
        try first.declareFactors(["technique"])
        try first.add(TrialRecord(participant: "P1", levels: ["A"], trial: 1, timeMS: 500, line: 2))
        _ = try first.commit()
        let before = try rows(database, "SELECT * FROM trial") + rows(database, "SELECT id, sha256 FROM batch")

        let again = try database.beginImport(
            NewBatch(study: "s1", source: "b.csv", sha256: BatchWriter.pendingSHA256(), format: "csv", kind: .trials))
        try again.declareFactors(["technique"])
        try again.add(TrialRecord(participant: "P2", levels: ["B"], trial: 1, timeMS: 600, line: 2))
        #expect(try !again.settleSHA256(digest))
        again.rollback()
        #expect(try rows(database, "SELECT * FROM trial") + rows(database, "SELECT id, sha256 FROM batch") == before)
        // The same content in another study is another batch.
        let other = try database.beginImport(
            NewBatch(study: "s2", source: "b.csv", sha256: BatchWriter.pendingSHA256(), format: "csv", kind: .trials))
        try other.declareFactors([])
        #expect(try other.settleSHA256(digest))
        other.rollback()
    }

    /// A log large enough that its rows start before its hash is known.
    static func bigLog(rows: Int) -> String {
        var text = "participant,technique,trial,time_ms\n"
        for row in 0..<rows { text += "P\(row % 24),T\(row % 3),\(row),\(400 + row % 500)\n" }
        return text
    }

    @Test func aLargeImportStoresTheFilesDigestAndIsANoOpTheSecondTime() throws {
        let directory = try TestDirectory()
        let database = try directory.database()
        let text = Self.bigLog(rows: 400_000)
        let path = directory.path("big.csv")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let digest = SHA256.hexDigest(of: Array(text.utf8))
        let importer = Importer(database: database)
        let report = try importer.importFile(at: path, options: ImportOptions(study: "s1"))
        #expect(report.sha256 == digest)
        #expect(report.batch?.sha256 == digest)
        #expect(try rows(database, "SELECT sha256 FROM batch") == [digest])
        let before = try rows(database, "SELECT count(*), sum(time_ms) FROM trial")

        let copy = directory.path("copy.csv")
        try text.write(toFile: copy, atomically: true, encoding: .utf8)
        for options in [ImportOptions(study: "s1"), ImportOptions(study: "s1", map: ["participant": "nope"])] {
            let again = try importer.importFile(at: copy, options: options)
            #expect(again.alreadyImported?.id == report.batch?.id)
            #expect(try rows(database, "SELECT count(*), sum(time_ms) FROM trial") == before)
            #expect(try rows(database, "SELECT count(*) FROM batch") == ["1"])
        }
    }
}
