import Testing

@testable import ThumbLab

/// How ``ThumbLabError`` reads when a script prints it: one problem a line, the file it
/// names, SQLite's result code only on SQLite's own errors.
@Suite struct ThumbLabErrorTests {
    static let problems = [
        InputProblem(file: "trials.csv", line: 3, column: 7, message: "expected a number in time_ms, found 'x'"),
        InputProblem(file: "trials.csv", line: 9, column: 2, message: "expected a participant, found nothing"),
    ]

    @Test func invalidInputListsOneProblemALine() {
        let error = ThumbLabError.invalidInput(problems: Self.problems, total: 2)
        #expect(
            error.description == """
                trials.csv:3:7: expected a number in time_ms, found 'x'
                trials.csv:9:2: expected a participant, found nothing
                """)
    }

    @Test func invalidInputCountsTheProblemsItLeftOut() {
        let error = ThumbLabError.invalidInput(problems: Self.problems, total: 57)
        let lines = error.description.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.last == "57 problems in all; the first 2 are shown above.")
    }

    @Test func aMissingFileIsNamed() {
        #expect(ThumbLabError.fileNotFound(path: "logs/p1.csv").description == "No such file: 'logs/p1.csv'")
    }

    @Test func aTypedErrorIsWordedInTheLibrarysTerms() {
        let unknown = ThumbLabError.selection(
            .unknownFactor(name: "hand", study: "pilot", known: ["technique", "size"], blockAllowed: true))
        #expect(
            unknown.description
                == "study 'pilot' has no factor 'hand'; its factors are technique, size (and block, for filters)")
        let several = ThumbLabError.study(.notChosen(known: ["a", "b"]))
        #expect(several.description == "the database holds 2 studies (a, b); name the one to use")
        let empty = ThumbLabError.selection(
            .empty(EmptySelection(wanted: .data(measure: "time"), keep: ["technique=Shift"], exclude: ["block=0"])))
        #expect(
            empty.description
                == "the selection holds no data for time; check the filters (keep technique=Shift, exclude block=0)")
    }

    @Test func aDatabaseErrorGivesSQLitesResultCodeAndTheStatement() {
        let withoutStatement = ThumbLabError.database(
            code: 14, message: "cannot open no/such/study.sqlite: unable to open database file", sql: nil)
        #expect(
            withoutStatement.description
                == "cannot open no/such/study.sqlite: unable to open database file (SQLite result code 14)")
        let withStatement = ThumbLabError.database(
            code: 2067, message: "UNIQUE constraint failed: device.name", sql: "INSERT INTO device (name) VALUES (?1)")
        #expect(
            withStatement.description == """
                UNIQUE constraint failed: device.name (SQLite result code 2067)
                Statement: INSERT INTO device (name) VALUES (?1)
                """)
    }

    @Test func anIncompatibleDatabaseNamesTheFileAndTheReasonWithoutAResultCode() {
        let error = ThumbLabError.incompatibleDatabase(
            path: "notes.sqlite", reason: "it holds tables of another application")
        #expect(
            error.description == "Cannot use 'notes.sqlite' as a study database: it holds tables of another application"
        )
        #expect(!error.description.contains("result code"))
    }

    @Test func aNewerSchemaIsAnIncompatibleDatabaseNotASQLiteError() throws {
        let folder = try TestDirectory()
        let path = folder.path("future.sqlite")
        do {
            let connection = try SQLiteConnection(path: path)
            try connection.execute("PRAGMA user_version = \(Schema.currentVersion + 1)")
        }
        let error = #expect(throws: ThumbLabError.self) { _ = try StudyDatabase(path: path) }
        #expect(error?.description.hasPrefix("Cannot use '\(path)' as a study database: its schema version ") == true)
        #expect(error?.description.hasSuffix("; update ThumbLab") == true)
    }
}
