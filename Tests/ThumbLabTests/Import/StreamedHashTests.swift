import Foundation
import Testing

@testable import ThumbLab

/// An import hashes its file as its reader streams it and starts writing before the hash is
/// known: the batch holds a placeholder until then, and content the study already holds
/// is still a no-op that leaves the database as it was.
@Suite struct StreamedHashTests {
    /// Reads `file` to its end in chunks of `chunk` bytes.
    private func readAll(_ file: FileBytes, chunk: Int) throws {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 16)
        defer { buffer.deallocate() }
        while try file.read(into: buffer) > 0 {}
    }

    private func bigFile(_ folder: TemporaryFolder) -> (path: String, bytes: [UInt8]) {
        let bytes = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
        return (folder.write(bytes, named: "big.bin"), bytes)
    }

    @Test func theReadsGiveTheFilesDigest() throws {
        let folder = TemporaryFolder()
        let (path, bytes) = bigFile(folder)
        let file = try FileBytes(path: path, hashingReads: true)
        try readAll(file, chunk: 65_537)
        #expect(try file.streamedSHA256() == SHA256.hexDigest(of: bytes))
        #expect(try file.streamedSHA256() == FileBytes(path: path).sha256())
    }

    @Test func readsThatStopEarlyAreFinishedByTheDigest() throws {
        let folder = TemporaryFolder()
        let (path, bytes) = bigFile(folder)
        let file = try FileBytes(path: path, hashingReads: true)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 16)
        defer { buffer.deallocate() }
        _ = try file.read(into: buffer)
        #expect(try file.streamedSHA256() == SHA256.hexDigest(of: bytes))
        let unread = try FileBytes(path: path, hashingReads: true)
        #expect(try unread.streamedSHA256() == SHA256.hexDigest(of: bytes))
    }

    @Test func aRewindStartsTheHashAgainUnlessTheReadsReachedTheEnd() throws {
        let folder = TemporaryFolder()
        let (path, bytes) = bigFile(folder)
        let file = try FileBytes(path: path, hashingReads: true)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        _ = try file.read(into: buffer)
        try file.rewind()
        try readAll(file, chunk: 1 << 20)
        try file.rewind()
        _ = try file.read(into: buffer)
        #expect(try file.streamedSHA256() == SHA256.hexDigest(of: bytes))
    }

    @Test func aFileThatIsNotHashedAsItIsReadIsHashedApart() throws {
        let folder = TemporaryFolder()
        let (path, bytes) = bigFile(folder)
        let file = try FileBytes(path: path)
        try readAll(file, chunk: 1 << 20)
        #expect(try file.streamedSHA256() == SHA256.hexDigest(of: bytes))
        #expect(try ContentHash.ofFile(at: path, constants: []) == SHA256.hexDigest(of: bytes))
    }

    @Test func aMissingFileIsItsError() throws {
        #expect(throws: ThumbLabError.fileNotFound(path: "/nonexistent/thumblab/log.csv")) {
            try ContentHash.ofFile(at: "/nonexistent/thumblab/log.csv", constants: [])
        }
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

    /// A JSON log of `rows` objects; with `lateKey`, the last object has a key the others
    /// lack, past the first mebibyte, so the import reads the file again with every key.
    static func jsonLog(rows: Int, array: Bool, lateKey: Bool = false) -> String {
        let objects = (0..<rows).map { row in
            let extra = lateKey && row == rows - 1 ? ", \"note\": \"late\"" : ""
            return "{\"participant\": \"P\(row % 24)\", \"technique\": \"T\(row % 3)\", \"trial\": \(row), "
                + "\"time_ms\": \(400 + row % 500).5\(extra)}"
        }
        return array ? "[\n" + objects.joined(separator: ",\n") + "\n]\n" : objects.joined(separator: "\n") + "\n"
    }

    @Test(arguments: [(false, false), (true, false), (false, true), (true, true)])
    func aJSONImportStoresTheFilesDigest(array: Bool, lateKey: Bool) throws {
        let directory = try TestDirectory()
        let database = try directory.database()
        let text = Self.jsonLog(rows: 30_000, array: array, lateKey: lateKey)
        #expect(text.utf8.count > 1 << 20)
        let path = directory.path(array ? "big.json" : "big.jsonl")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let digest = SHA256.hexDigest(of: Array(text.utf8))
        let dryRun = try Importer(database: nil).importFile(at: path, options: ImportOptions(dryRun: true))
        #expect(dryRun.sha256 == digest)
        let report = try Importer(database: database).importFile(at: path, options: ImportOptions(study: "s1"))
        #expect(report.rows == 30_000)
        #expect(report.sha256 == digest)
        #expect(try rows(database, "SELECT sha256 FROM batch") == [digest])
        let again = try Importer(database: database).importFile(at: path, options: ImportOptions(study: "s1"))
        #expect(again.alreadyImported?.id == report.batch?.id)
        #expect(try rows(database, "SELECT count(*) FROM trial") == ["30000"])
    }

    @Test func aCopyOfHeldContentWithInvalidRowsIsStillANoOp() throws {
        let directory = try TestDirectory()
        let database = try directory.database()
        let text = Self.bigLog(rows: 50_000) + "P1,T1,x,500\n"
        let path = directory.path("log.csv")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let importer = Importer(database: database)
        var options = ImportOptions(study: "s1")
        options.skipInvalid = true
        let report = try importer.importFile(at: path, options: options)
        #expect(report.rejected == 1)
        let copy = directory.path("copy.csv")
        try text.write(toFile: copy, atomically: true, encoding: .utf8)
        let again = try importer.importFile(at: copy, options: ImportOptions(study: "s1"))
        #expect(again.alreadyImported?.id == report.batch?.id)
        #expect(again.sha256 == SHA256.hexDigest(of: Array(text.utf8)))
        #expect(try rows(database, "SELECT count(*) FROM batch") == ["1"])
    }

    @Test func aChangedFileAtAnImportedPathIsImportedAgain() throws {
        let directory = try TestDirectory()
        let database = try directory.database()
        let path = directory.path("log.csv")
        try Self.bigLog(rows: 1_000).write(toFile: path, atomically: true, encoding: .utf8)
        let importer = Importer(database: database)
        let first = try importer.importFile(at: path, options: ImportOptions(study: "s1"))
        let changed = Self.bigLog(rows: 1_200)
        try changed.write(toFile: path, atomically: true, encoding: .utf8)
        let second = try importer.importFile(at: path, options: ImportOptions(study: "s1"))
        #expect(!second.isNoOp)
        #expect(second.batch?.id != first.batch?.id)
        #expect(second.sha256 == SHA256.hexDigest(of: Array(changed.utf8)))
        #expect(
            try importer.importFile(at: path, options: ImportOptions(study: "s1")).alreadyImported?.id
                == second.batch?.id)
        #expect(try rows(database, "SELECT count(*) FROM trial") == ["2200"])
    }

    @Test func aDryRunOfHeldContentSaysItIsAlreadyImported() throws {
        let directory = try TestDirectory()
        let database = try directory.database()
        let text = Self.bigLog(rows: 2_000)
        let path = directory.path("log.csv")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let importer = Importer(database: database)
        let report = try importer.importFile(at: path, options: ImportOptions(study: "s1"))
        let copy = directory.path("copy.csv")
        try text.write(toFile: copy, atomically: true, encoding: .utf8)
        for file in [path, copy] {
            let dryRun = try importer.importFile(at: file, options: ImportOptions(study: "s1", dryRun: true))
            #expect(dryRun.alreadyImported?.id == report.batch?.id)
            #expect(dryRun.sha256 == SHA256.hexDigest(of: Array(text.utf8)))
        }
        let elsewhere = try importer.importFile(at: copy, options: ImportOptions(study: "s2", dryRun: true))
        #expect(elsewhere.alreadyImported == nil)
        #expect(elsewhere.rows == 2_000)
    }
}
