import Foundation
import Testing

/// A file SQLite opens but this build cannot use as its study database: exit status 1, a
/// message naming the file and what to do, no SQLite result code, the file unchanged.
@Suite struct IncompatibleDatabaseTests {
    @Test func aDatabaseFromANewerThumbLabIsRefused() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.run(["init", "--db", "future.sqlite"]).status == 0)
        // The schema version (`PRAGMA user_version`) is the big-endian 32-bit integer at
        // offset 60 of the file header: https://sqlite.org/fileformat.html#user_version_number
        let url = URL(fileURLWithPath: sandbox.path("future.sqlite"))
        var bytes = try Data(contentsOf: url)
        bytes.replaceSubrange(60..<64, with: [0, 0, 0, 99])
        try bytes.write(to: url)
        let run = try sandbox.run(["info", "--db", "future.sqlite"])
        #expect(run.status == 1)
        #expect(run.stdout == "")
        #expect(
            run.stderr.hasPrefix(
                "Error: Cannot use 'future.sqlite' as a study database: its schema version 99 was written by a newer ThumbLab"
            ))
        #expect(run.stderr.hasSuffix("; update ThumbLab. --db PATH or THUMBLAB_DB names another file.\n"))
        #expect(!run.stderr.contains("result code"))
        #expect(try Data(contentsOf: url) == bytes)
    }
}
