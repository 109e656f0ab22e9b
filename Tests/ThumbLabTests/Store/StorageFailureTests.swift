import Foundation
import Testing

@testable import ThumbLab

/// What the file system's failures become: typed storage failures, a database left as it
/// was, and a write-ahead log that gives its space back.
@Suite struct StorageFailureTests {
    /// A trial log of `rows` rows, large enough to spill pages to the log before commit.
    private func trialLog(rows: Int) -> String {
        var text = "participant,technique,block,trial,target_x,target_y,time_ms,hit\n"
        for row in 0..<rows {
            text += "P\(row % 24),T\(row % 3),\(row % 5),\(row),\(row % 997),\(row % 1999),\(400 + row % 600),1\n"
        }
        return text
    }

    private func logSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size] as? NSNumber)?.intValue ?? 0
    }

    /// A full disk, made by SQLite's page limit: the import fails with the file's path and
    /// what it had written, the database keeps its earlier batch, the log is emptied, and
    /// the next import works.
    @Test func aFullDiskLeavesTheDatabaseAsItWasAndEmptiesTheLog() throws {
        let folder = try TestDirectory()
        let path = folder.path("study.sqlite")
        let small = folder.path("small.csv")
        let big = folder.path("big.csv")
        try trialLog(rows: 40).write(toFile: small, atomically: true, encoding: .utf8)
        try trialLog(rows: 60_000).write(toFile: big, atomically: true, encoding: .utf8)
        let database = try StudyDatabase(path: path)
        _ = try Importer(database: database).importFile(at: small, options: ImportOptions())
        let before = try snapshot(database)

        database.importCacheKiB = 64
        let pages = try database.connection.prepare("PRAGMA page_count")
        try pages.step()
        let limit = pages.int(0) + 40
        pages.reset()
        try database.connection.execute("PRAGMA max_page_count = \(limit)")
        do {
            _ = try Importer(database: database).importFile(at: big, options: ImportOptions(study: "other"))
            Issue.record("the import should have filled the page limit")
        } catch ThumbLabError.storage(.diskFull(let failedPath, let free, let written)) {
            #expect(failedPath == path)
            #expect((free ?? 0) > 0)
            #expect((written ?? 0) > 0)
        }
        #expect(try snapshot(database) == before)
        #expect(logSize(path) == 0)

        let next = try StudyDatabase(path: path)
        _ = try Importer(database: next).importFile(at: big, options: ImportOptions(study: "other"))
        #expect(try next.info().trials == 60_040)
    }

    /// A full disk in a first import, which runs in rollback-journal mode: the import fails
    /// with the file's path, the file is back to its size with no journal beside it and no
    /// row of the import, in write-ahead-log mode again, and the next import stores every row.
    /// (SQLite gives the file's new pages back as it rolls back, so the space free when the
    /// failure is reported is what was free before the import.)
    @Test func aFullDiskInAFirstImportGivesTheFileBackAsItWas() throws {
        let folder = try TestDirectory()
        let path = folder.path("study.sqlite")
        let big = folder.path("big.csv")
        try trialLog(rows: 60_000).write(toFile: big, atomically: true, encoding: .utf8)
        do {
            let database = try StudyDatabase(path: path)
            let before = try snapshot(database)
            func pages() throws -> Int {
                let count = try database.connection.prepare("PRAGMA page_count")
                try count.step()
                return count.int(0)
            }
            let pagesBefore = try pages()
            database.importCacheKiB = 64
            try database.connection.execute("PRAGMA max_page_count = \(pagesBefore + 40)")
            do {
                _ = try Importer(database: database).importFile(at: big, options: ImportOptions(study: "s"))
                Issue.record("the import should have filled the page limit")
            } catch ThumbLabError.storage(.diskFull(let failedPath, let free, _)) {
                #expect(failedPath == path)
                #expect((free ?? 0) > 0)
            }
            #expect(try snapshot(database) == before)
            #expect(try pages() == pagesBefore)
            let bytes = try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber
            #expect(bytes?.intValue == pagesBefore * 16384)
            #expect(!FileManager.default.fileExists(atPath: path + "-journal"))
            #expect(database.connection.journalMode == "wal")
        }
        // With the failed import's connection closed, the next import is a first import again.
        let next = try StudyDatabase(path: path)
        let report = try Importer(database: next).importFile(at: big, options: ImportOptions(study: "s"))
        #expect(report.journal == .rollback)
        #expect(try next.info().trials == 60_000)
    }

    @Test func aWriteToAReadOnlyConnectionIsReadOnly() throws {
        let folder = try TestDirectory()
        let path = folder.path("study.sqlite")
        _ = try StudyDatabase(path: path)
        let connection = try SQLiteConnection(path: path, readOnly: true)
        #expect(throws: ThumbLabError.storage(.readOnly(path: path))) {
            try connection.execute("INSERT INTO study (name) VALUES ('s')")
        }
    }

    @Test func everyFileSystemCodeHasItsCaseAndOthersStaySQLites() {
        let path = "study.sqlite"
        // Extended result codes (https://sqlite.org/rescode.html): the primary code decides.
        #expect(StorageFailure(sqliteCode: 8 | (1 << 8), path: path) == .readOnly(path: path))
        #expect(StorageFailure(sqliteCode: 5, path: path) == .busy(path: path))
        #expect(StorageFailure(sqliteCode: 6, path: path) == .busy(path: path))
        #expect(StorageFailure(sqliteCode: 26, path: path) == .notADatabase(path: path))
        #expect(StorageFailure(sqliteCode: 11, path: path) == .corrupt(path: path))
        #expect(StorageFailure(sqliteCode: 14, path: path) == .cannotOpen(path: path))
        #expect(StorageFailure(sqliteCode: 10 | (3 << 8), path: path) == .ioError(path: path, code: 10 | (3 << 8)))
        if case .diskFull(path, _, nil) = StorageFailure(sqliteCode: 13, path: path) {
        } else {
            Issue.record("SQLITE_FULL is a full disk, with no log to measure here")
        }
        #expect(StorageFailure(sqliteCode: 19, path: path) == nil)  // SQLITE_CONSTRAINT
        #expect(StorageFailure(sqliteCode: 1, path: path) == nil)  // SQLITE_ERROR
    }

    @Test func eachFailureNamesTheFileInOneSentence() {
        let failures: [StorageFailure] = [
            .diskFull(path: "s.sqlite", freeBytes: 1_200, writtenBytes: 2_700_000),
            .diskFull(path: "s.sqlite", freeBytes: nil, writtenBytes: nil), .readOnly(path: "s.sqlite"),
            .busy(path: "s.sqlite"), .notADatabase(path: "s.sqlite"), .corrupt(path: "s.sqlite"),
            .cannotOpen(path: "s.sqlite"), .ioError(path: "s.sqlite", code: 778),
        ]
        for failure in failures {
            #expect(failure.description.contains("'s.sqlite'"))
            #expect(!failure.description.contains("\n"))
            #expect(ThumbLabError.storage(failure).description == failure.description)
        }
        #expect(
            StorageFailure.diskFull(path: "s.sqlite", freeBytes: 1_200, writtenBytes: 2_700_000).description
                == "The disk holding 's.sqlite' is full: the write needed more than the 2.7 MB that were free; "
                + "nothing was written")
    }

    @Test func byteCountsReadAsPeopleReadThem() {
        #expect(ByteCount.text(0) == "0 B")
        #expect(ByteCount.text(999) == "999 B")
        #expect(ByteCount.text(1_200) == "1.2 KB")
        #expect(ByteCount.text(41_000_000) == "41.0 MB")
        #expect(ByteCount.text(999_960) == "1.0 MB")
        #expect(ByteCount.text(3_100_000_000) == "3.1 GB")
    }
}
