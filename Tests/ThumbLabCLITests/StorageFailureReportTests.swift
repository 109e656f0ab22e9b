import Foundation
import Testing
import ThumbLab

@testable import thumblab

/// What the command line says about a database file it cannot read or write: one
/// sentence naming the file, the exit status a script can act on, and no SQL.
@Suite struct StorageFailureReportTests {
    private func report(_ failure: StorageFailure, isImport: Bool = false) -> ErrorReport {
        ErrorReport(ThumbLabError.storage(failure), isImport: isImport)
    }

    @Test func aFullDiskDuringAnImportExits74SayingWhatItNeededAndThatNothingWasImported() {
        let full = report(.diskFull(path: "s.sqlite", freeBytes: 300_000, writtenBytes: 2_400_000), isImport: true)
        #expect(full.status == 74)
        #expect(
            full.lines == [
                "The disk holding 's.sqlite' is full: the import needed more than the 2.7 MB that were free, "
                    + "so nothing was imported and the database is unchanged; free some space, or use a database "
                    + "on another disk (--db PATH or THUMBLAB_DB names one)."
            ])
        let other = report(.diskFull(path: "s.sqlite", freeBytes: nil, writtenBytes: nil))
        #expect(other.status == 74)
        #expect(other.lines[0].contains("the command needed more space than was free, so nothing was written"))
    }

    @Test func eachOtherFailureHasASentenceOfItsOwnAndItsStatus() {
        let cases: [(StorageFailure, Int32, String)] = [
            (.readOnly(path: "s.sqlite"), 1, "'s.sqlite' is read-only"),
            (.busy(path: "s.sqlite"), 75, "Another process is writing to 's.sqlite'"),
            (.notADatabase(path: "s.sqlite"), 1, "'s.sqlite' is not a SQLite database"),
            (.corrupt(path: "s.sqlite"), 1, "'s.sqlite' is a damaged SQLite database"),
            (.cannotOpen(path: "s.sqlite"), 1, "Cannot open the database 's.sqlite'"),
            (.ioError(path: "s.sqlite", code: 778), 74, "The system failed to read or write 's.sqlite'"),
        ]
        var sentences = Set<String>()
        for (failure, status, opening) in cases {
            let report = report(failure)
            #expect(report.status == status)
            #expect(report.lines.count == 1)
            #expect(report.lines[0].hasPrefix(opening))
            #expect(!report.showsUsage)
            sentences.insert(report.lines[0])
        }
        #expect(sentences.count == cases.count)
    }

    @Test func sqlNeverReachesTheUser() {
        let statement = "INSERT INTO trial VALUES " + Array(repeating: "(?, ?, ?)", count: 128).joined(separator: ", ")
        let report = ErrorReport(
            ThumbLabError.database(code: 2067, message: "UNIQUE constraint failed", sql: statement))
        #expect(
            report.lines == ["The database refused the operation: UNIQUE constraint failed (SQLite result code 2067)."])
    }

    /// A file that is not a database, through the whole command line.
    @Test func aFileThatIsNotADatabaseIsNamed() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("notes.sqlite", String(repeating: "not a database ", count: 600))
        let run = try sandbox.run(["info", "--db", "notes.sqlite"])
        #expect(run.status == 1)
        #expect(run.stdout == "")
        #expect(
            run.stderr
                == "Error: 'notes.sqlite' is not a SQLite database. --db PATH or THUMBLAB_DB names another file.\n")
    }
}
