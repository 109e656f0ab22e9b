import Foundation
import Testing

@testable import ThumbLab

@Suite struct SchemaTests {
    static let tables = [
        "analysis_plan", "batch", "condition", "condition_level", "counterbalancing", "counterbalancing_order",
        "covered_trial", "derived_factor", "device", "factor", "item_label", "key_tap", "level",
        "participant", "participant_attribute", "phrase", "position_extent", "rejected_row", "response", "sqlite_sequence",
        "study", "touch", "trial", "trial_value",
    ]
    static let views = ["condition_long", "key_tap_long", "phrase_long", "response_long", "touch_long", "trial_long"]

    @Test func newFileGetsEveryTableAndViewAtTheCurrentVersion() throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        #expect(try database.schemaVersion() == Schema.currentVersion)
        #expect(
            try rows(database, "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
                == Self.tables)
        #expect(
            try rows(database, "SELECT name FROM sqlite_schema WHERE type = 'view' ORDER BY name")
                == Self.views)
        #expect(try rows(database, "PRAGMA journal_mode") == ["wal"])
        #expect(try rows(database, "PRAGMA page_size") == ["16384"])
    }

    @Test func anEmptyFileIsMigrated() throws {
        let folder = try TestDirectory()
        let path = folder.path("empty.sqlite")
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        let database = try StudyDatabase(path: path)
        #expect(try database.schemaVersion() == Schema.currentVersion)
        #expect(try scalar(database, "SELECT count(*) FROM trial_long") == 0)
    }

    /// A file left at each earlier version, with a study and a device in it, is migrated
    /// forward on open and keeps its rows.
    @Test(arguments: 1..<Schema.currentVersion)
    func earlierVersionsMigrateForwardKeepingRows(version: Int) throws {
        let folder = try TestDirectory()
        let path = folder.path("old.sqlite")
        do {
            let connection = try SQLiteConnection(path: path)
            for step in 0..<version { try connection.execute(Schema.migrations[step]) }
            try connection.execute(
                """
                PRAGMA user_version = \(version);
                INSERT INTO study (name) VALUES ('kept');
                INSERT INTO device (name, width_px, height_px, px_per_mm) VALUES ('phone', 320, 480, 6.4);
                """)
        }
        let database = try StudyDatabase(path: path)
        #expect(try database.schemaVersion() == Schema.currentVersion)
        #expect(try database.studies() == ["kept"])
        #expect(try database.devices().map(\.name) == ["phone"])
        #expect(try rows(database, "SELECT name FROM sqlite_schema WHERE type = 'view' ORDER BY name") == Self.views)
    }

    /// Version 13 rebuilds the batch table: its rows keep every column and id, an undone
    /// batch's id is still never reused, and the views that join it still read.
    @Test func theBatchTableRebuildKeepsRowsIdsAndTheSequence() throws {
        let folder = try TestDirectory()
        let path = folder.path("v12.sqlite")
        do {
            let connection = try SQLiteConnection(path: path)
            for step in 0..<12 { try connection.execute(Schema.migrations[step]) }
            try connection.execute(
                """
                PRAGMA user_version = 12;
                INSERT INTO study (name) VALUES ('kept');
                INSERT INTO batch (study_id, source, sha256, format, kind, rows, imported_at, trial_columns,
                    trial_time, units, decisions)
                VALUES (1, 'a.csv', 'aa', 'csv', 'trials', 5, '2026-01-01T00:00:00.000Z', '["time_ms"]', NULL,
                    'mm', '[]'),
                    (1, 'b.csv', 'bb', 'csv', 'touches', 7, '2026-01-02T00:00:00.000Z', '[]', 'contact', 'px', NULL),
                    (1, 'c.csv', 'cc', 'csv', 'trials', 1, '2026-01-03T00:00:00.000Z', '[]', NULL, 'px', NULL);
                DELETE FROM batch WHERE id = 3;
                """)
        }
        let database = try StudyDatabase(path: path)
        #expect(try database.schemaVersion() == Schema.currentVersion)
        #expect(
            try rows(
                database,
                "SELECT id || ' ' || source || ' ' || kind || ' ' || rows || ' ' || COALESCE(trial_time, '-') || ' ' || units || ' ' || COALESCE(decisions, '-') FROM batch ORDER BY id"
            ) == ["1 a.csv trials 5 - mm []", "2 b.csv touches 7 contact px -"])
        #expect(try rows(database, "SELECT name FROM sqlite_schema WHERE type = 'view' ORDER BY name") == Self.views)
        for view in Self.views { _ = try rows(database, "SELECT COUNT(*) FROM \(view)") }
        let file = folder.path("d.csv")
        try "pid,time\nP1,5\n".write(toFile: file, atomically: true, encoding: .utf8)
        let report = try Importer(database: database).importFile(at: file, options: ImportOptions(study: "kept"))
        #expect(report.batch?.id == 4)
    }

    @Test func reopeningKeepsDataAndVersion() throws {
        let folder = try TestDirectory()
        do {
            let database = try folder.database()
            try database.addDevice(Device(name: "phone", widthPx: 320, heightPx: 480, ppi: 163))
        }
        let again = try folder.database()
        #expect(try again.schemaVersion() == Schema.currentVersion)
        #expect(try again.devices().count == 1)
    }

    @Test func aNewerSchemaIsRefusedWithAClearMessage() throws {
        let folder = try TestDirectory()
        let path = folder.path("future.sqlite")
        do {
            let connection = try SQLiteConnection(path: path)
            try connection.execute("PRAGMA user_version = \(Schema.currentVersion + 5)")
        }
        let refusal = try #require(incompatibility { _ = try StudyDatabase(path: path) })
        #expect(refusal.path == path)
        #expect(refusal.reason.contains("newer ThumbLab"))
    }

    @Test func aSQLiteFileOfAnotherApplicationIsLeftAlone() throws {
        let folder = try TestDirectory()
        let path = folder.path("other.sqlite")
        do {
            let connection = try SQLiteConnection(path: path)
            try connection.execute("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('x')")
        }
        let refusal = try #require(incompatibility { _ = try StudyDatabase(path: path) })
        #expect(refusal.path == path)
        #expect(refusal.reason.contains("another application"))
        let connection = try SQLiteConnection(path: path)
        let statement = try connection.prepare("SELECT count(*) FROM sqlite_schema")
        _ = try statement.step()
        #expect(statement.int(0) == 1)
    }

    /// The path and reason of the ``ThumbLabError/incompatibleDatabase(path:reason:)``
    /// that `body` throws; records an issue and returns nil for any other outcome.
    private func incompatibility(
        sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
    ) -> (path: String, reason: String)? {
        let error = #expect(throws: ThumbLabError.self, sourceLocation: sourceLocation) { try body() }
        guard case .incompatibleDatabase(let path, let reason) = error else {
            Issue.record(
                "expected an incompatible database, got \(String(describing: error))", sourceLocation: sourceLocation)
            return nil
        }
        return (path, reason)
    }
}
