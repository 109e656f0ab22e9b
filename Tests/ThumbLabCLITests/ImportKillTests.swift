import Foundation
import Testing

/// A large import killed with SIGKILL while it writes: other processes read the previous
/// state meanwhile without waiting, and afterwards no row of the killed import is visible,
/// the next import of the same file succeeds and undo removes it completely.
@Suite struct ImportKillTests {
    /// A trials CSV of `rows` rows, large enough that its import writes pages to the
    /// write-ahead log long before it commits.
    private func largeLog(rows: Int) -> String {
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

    @Test func aKilledImportLeavesNoRowAndTheNextImportAndUndoWork() throws {
        let sandbox = try Sandbox()
        try sandbox.write("first.csv", "participant,technique,time_ms\nP1,Direct,100\nP2,Shift,200\n")
        #expect(try sandbox.run(["import", "first.csv"]).status == 0)
        try sandbox.write("large.csv", largeLog(rows: 200_000))
        let log = sandbox.path("thumblab.sqlite-wal")
        let logBefore = size(log)

        let executable = try #require(builtExecutable("thumblab"))
        let process = Process()
        process.executableURL = executable
        process.arguments = ["import", "large.csv"]
        process.currentDirectoryURL = sandbox.folder
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": sandbox.folder.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait until the import has written pages of its open transaction to the log.
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning && size(log) < logBefore + (1 << 20) && Date() < deadline {
            usleep(10_000)
        }
        let wasWriting = process.isRunning
        // Another process reads meanwhile, at once and the state before the import.
        let started = Date()
        let during = try sandbox.run(["info", "--format", "json"])
        let readSeconds = Date().timeIntervalSince(started)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(wasWriting, "the import ended before it wrote to the log; make the file larger")
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(during.status == 0)
        #expect(during.stdout.contains("\"trials\": 2,"))
        #expect(readSeconds < 4, "a reader waited \(readSeconds) s for the import")

        // Nothing of the killed import is visible; the database is sound.
        let after = try sandbox.run(["info", "--format", "json"])
        #expect(after.stdout.contains("\"trials\": 2,"))
        let batches = try sandbox.run(["batches", "--format", "csv"])
        #expect(batches.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }.count == 2)

        // The same file imports completely next time, and undo removes it completely.
        let again = try sandbox.run(["import", "large.csv"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try sandbox.run(["info", "--format", "json"]).stdout.contains("\"trials\": 200002,"))
        #expect(try sandbox.run(["undo", "2"]).status == 0)
        #expect(try sandbox.run(["info", "--format", "json"]).stdout.contains("\"trials\": 2,"))
    }
}
