import Foundation
import Testing

/// An import killed with SIGKILL while it writes: afterwards no row of the killed import is
/// visible, the next import of the same file succeeds and undo removes it completely. Into
/// a database that holds data, other processes read the previous state meanwhile without
/// waiting.
///
/// An import is one transaction; what reaches the disk before its commit are the pages its
/// page cache spills: to the write-ahead log, or, into an empty database (rollback mode,
/// ``ImportJournal``), past the database file's old end. The imports here run with a page
/// cache of 64 KiB (`THUMBLAB_IMPORT_CACHE_KIB`), so a file of 60,000 rows spills a few
/// hundred times, and each test kills the import after a different number of spilled pages.
@Suite(.serialized) struct ImportKillTests {
    /// Bytes of one page in the write-ahead log: the 16 KiB page and its 24-byte header.
    private static let frameBytes = 16_384 + 24

    /// A trials CSV of `rows` rows.
    private func log(rows: Int) -> String {
        var text = "participant,technique,block,trial,target_x,target_y,touch_x,touch_y,time_ms,hit\n"
        text.reserveCapacity(rows * 60)
        for row in 0..<rows {
            let participant = row / 20_000 + 1
            let technique = ["Direct", "Shift", "ThumbSpace"][row % 3]
            text += "P\(participant),\(technique),\(row / 3000 % 5 + 1),\(row % 3000 + 1),"
            text +=
                "\(row % 300).5,\(row % 470).25,\(row % 301).5,\(row % 469).75,\(300 + row % 97).5,\(row % 6 == 0 ? 0 : 1)\n"
        }
        return text
    }

    private func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }

    /// `thumblab ARGUMENTS` in the sandbox with a 64 KiB page cache for imports.
    private func start(_ arguments: [String], in sandbox: borrowing Sandbox) throws -> Process {
        let process = Process()
        process.executableURL = builtExecutable("thumblab")
        process.arguments = arguments
        process.currentDirectoryURL = sandbox.folder
        process.environment = [
            "PATH": "/usr/bin:/bin", "HOME": sandbox.folder.path, "THUMBLAB_IMPORT_CACHE_KIB": "64",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// A sandbox whose database holds one small import (2 trials) and a 60,000-row file.
    private func prepared() throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.write("first.csv", "participant,technique,time_ms\nP1,Direct,100\nP2,Shift,200\n")
        #expect(try sandbox.run(["import", "first.csv"]).status == 0)
        try sandbox.write("large.csv", log(rows: 60_000))
        return sandbox
    }

    /// Expects the database to hold the first import only, and nothing else.
    private func expectFirstImportOnly(_ sandbox: borrowing Sandbox, _ comment: Comment) throws {
        let info = try sandbox.run(["info", "--format", "json"])
        #expect(info.status == 0, comment)
        #expect(info.stdout.contains("\"trials\": 2,"), comment)
        let batches = try sandbox.run(["batches", "--format", "csv"])
        #expect(batches.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }.count == 2, comment)
    }

    @Test(arguments: [1, 16, 128])
    func aKillAfterSpilledPagesLeavesNothingVisible(pages: Int) throws {
        let sandbox = try prepared()
        let log = sandbox.path("thumblab.sqlite-wal")
        let logBefore = size(log)
        let process = try start(["import", "large.csv"], in: sandbox)
        // Wait until the open transaction has spilled `pages` pages to the log.
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning && size(log) < logBefore + pages * Self.frameBytes && Date() < deadline {
            usleep(1_000)
        }
        let wasWriting = process.isRunning
        // Another process reads meanwhile, at once, and sees the state before the import.
        let started = Date()
        try expectFirstImportOnly(sandbox, "read during the import, after \(pages) spilled pages")
        let readSeconds = Date().timeIntervalSince(started)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(wasWriting, "the import ended before it spilled \(pages) pages; make the file larger")
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(readSeconds < 4, "a reader waited \(readSeconds) s for the import")
        // Nothing of the killed import is visible, and the next writer starts cleanly.
        try expectFirstImportOnly(sandbox, "after the kill at \(pages) spilled pages")
        let again = try start(["import", "large.csv"], in: sandbox)
        again.waitUntilExit()
        #expect(again.terminationStatus == 0)
        #expect(try sandbox.run(["info", "--format", "json"]).stdout.contains("\"trials\": 60002,"))
    }

    @Test(arguments: [1, 16, 128])
    func aKillInRollbackModeLeavesTheEmptyDatabase(pages: Int) throws {
        let sandbox = try Sandbox()
        try sandbox.write("large.csv", log(rows: 60_000))
        #expect(
            try sandbox.run(["device", "add", "Phone", "--width", "1080", "--height", "2340", "--ppi", "401"]).status
                == 0)
        let database = sandbox.path("thumblab.sqlite")
        let journal = sandbox.path("thumblab.sqlite-journal")
        let sizeBefore = size(database)
        let process = try start(["import", "large.csv", "--device", "Phone"], in: sandbox)
        // Wait until the open transaction has spilled `pages` pages past the file's old end.
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning && size(database) < sizeBefore + pages * 16_384 && Date() < deadline {
            usleep(1_000)
        }
        let wasWriting = process.isRunning
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(wasWriting, "the import ended before it spilled \(pages) pages; make the file larger")
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(FileManager.default.fileExists(atPath: journal), "no rollback journal after the kill")
        // The next process rolls the journal back: the file is as before, its device kept.
        let info = try sandbox.run(["info", "--format", "json"])
        #expect(info.status == 0)
        #expect(info.stdout.contains("\"trials\": 0,"), "after the kill at \(pages) spilled pages")
        #expect(!FileManager.default.fileExists(atPath: journal))
        #expect(size(database) <= sizeBefore, "the file kept pages of the killed import")
        #expect(try sandbox.run(["device", "list", "--format", "csv"]).stdout.contains("Phone"))
        #expect(try sandbox.run(["batches", "--format", "csv"]).stdout.components(separatedBy: "\r\n").count <= 2)
        // Still empty, so the next import runs in rollback mode too, and ends in WAL.
        let again = try sandbox.run(["import", "large.csv", "--device", "Phone", "--format", "json"])
        #expect(again.status == 0)
        #expect(again.stdout.contains("\"journal\": \"rollback\""))
        #expect(try sandbox.run(["info", "--format", "json"]).stdout.contains("\"trials\": 60000,"))
        // Bytes 18 and 19 of the header are 2 in WAL mode, 1 in rollback mode
        // (https://sqlite.org/fileformat2.html#the_database_header).
        let header = try #require(FileManager.default.contents(atPath: database)).prefix(20)
        #expect(Array(header.suffix(2)) == [2, 2], "the file did not return to write-ahead logging")
    }

    @Test func anImportIntoADatabaseWithDataKeepsTheWriteAheadLog() throws {
        let sandbox = try prepared()
        let imported = try sandbox.run(["import", "large.csv", "--format", "json"])
        #expect(imported.status == 0)
        #expect(imported.stdout.contains("\"journal\": \"wal\""))
        // Undone, the database holds no batch but free pages: an import keeps the log.
        #expect(try sandbox.run(["undo", "2"]).status == 0)
        #expect(try sandbox.run(["undo", "1"]).status == 0)
        let again = try sandbox.run(["import", "large.csv", "--format", "json"])
        #expect(again.stdout.contains("\"journal\": \"wal\""))
    }

    @Test func anImportThatSpillsManyTimesIsStoredWholeAndUndoneWhole() throws {
        let sandbox = try prepared()
        let summary = ["summary", "--format", "csv", "--attempts", "all"]
        let before = try sandbox.run(summary).stdout
        let process = try start(["import", "large.csv"], in: sandbox)
        // Readers while it writes see the earlier state, however many pages it spilled, or
        // (once it has committed) all of it: never a part.
        var reads = 0
        var sawEarlierState = false
        while process.isRunning {
            let info = try sandbox.run(["info", "--format", "json"]).stdout
            let earlier = info.contains("\"trials\": 2,")
            #expect(earlier || info.contains("\"trials\": 60002,"), "read \(reads + 1) saw part of the import")
            sawEarlierState = sawEarlierState || earlier
            reads += 1
        }
        #expect(process.terminationStatus == 0)
        #expect(sawEarlierState)
        #expect(try sandbox.run(["info", "--format", "json"]).stdout.contains("\"trials\": 60002,"))
        // The same as the file imported with the usual page cache.
        let usual = try prepared()
        #expect(try usual.run(["import", "large.csv"]).status == 0)
        let after = try sandbox.run(summary).stdout
        #expect(after == (try usual.run(summary).stdout))
        #expect(after != before)
        #expect(try sandbox.run(["undo", "2"]).status == 0)
        try expectFirstImportOnly(sandbox, "after undo")
        #expect(try sandbox.run(summary).stdout == before)
    }
}
