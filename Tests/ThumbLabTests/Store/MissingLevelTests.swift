import Foundation
import Testing

@testable import ThumbLab

/// A factor value that a row leaves empty or out is stored as a missing level (a NULL
/// `condition_level.level_id`), the same from CSV and from JSON.
@Suite struct MissingLevelTests {
    static let csv = """
        participant,technique,trial,time_ms,hit,target_x,distractors
        P1,Shift,0,0,,,
        P1,Shift,1,640.5,1,100,on
        P1,,2,702,0,50,off
        P2,Direct,1,590,1,20,
        P2,Shift,2,610,0,30,on

        """
    static let jsonLines = """
        {"participant": "P1", "technique": "Shift", "trial": 0, "time_ms": 0}
        {"participant": "P1", "technique": "Shift", "trial": 1, "time_ms": 640.5, "hit": 1, "target_x": 100, "distractors": "on"}
        {"trial": 2, "participant": "P1", "time_ms": 702, "hit": 0, "target_x": 50, "distractors": "off", "technique": null}
        {"participant": "P2", "technique": "Direct", "trial": 1, "time_ms": 590, "hit": 1, "target_x": 20}
        {"participant": "P2", "technique": "Shift", "trial": 2, "time_ms": 610, "hit": 0, "target_x": 30, "distractors": "on"}

        """

    /// A database with `text` imported as `name`.
    private func imported(_ text: String, named name: String, in folder: TemporaryFolder) throws -> StudyDatabase {
        let database = try StudyDatabase(path: folder.url.appendingPathComponent(name + ".sqlite").path)
        _ = try Importer(database: database).importFile(
            at: folder.write(text, named: name), options: ImportOptions(study: "s"))
        return database
    }

    @Test(arguments: ["a.jsonl", "a.json"])
    func csvAndJSONOfTheSameRowsGiveTheSameDatabase(name: String) throws {
        let folder = TemporaryFolder()
        let json =
            name == "a.json"
            ? "[" + Self.jsonLines.split(separator: "\n").joined(separator: ",\n") + "]" : Self.jsonLines
        let fromCSV = try imported(Self.csv, named: "a.csv", in: folder)
        let fromJSON = try imported(json, named: name, in: folder)
        var csvInfo = try fromCSV.info()
        var jsonInfo = try fromJSON.info()
        csvInfo.path = ""
        jsonInfo.path = ""
        // The batches differ by file (name, format, hash); each read its lengths in px.
        #expect(csvInfo.batchList.map(\.units) == [.px] && jsonInfo.batchList.map(\.units) == [.px])
        csvInfo.batchList = []
        jsonInfo.batchList = []
        #expect(csvInfo == jsonInfo)
        #expect(InfoReport.text(csvInfo) == InfoReport.text(jsonInfo))
        let query = """
            SELECT participant, condition, trial, time_ms, hit, target_x FROM trial_long ORDER BY id
            """
        #expect(try rows(fromCSV, query) == rows(fromJSON, query))
        let levels = "SELECT condition_id, factor, level FROM condition_long ORDER BY condition_id, factor"
        #expect(try rows(fromCSV, levels) == rows(fromJSON, levels))
        #expect(try scalar(fromJSON, "SELECT count(*) FROM level WHERE name = ''") == 0)
    }

    @Test func infoShowsMissingAfterTheLevels() throws {
        let folder = TemporaryFolder()
        let database = try imported(Self.csv, named: "a.csv", in: folder)
        let info = try database.info()
        #expect(
            info.studyFactors[0].factors == [
                FactorLevels(name: "technique", levels: ["Shift", "Direct"], hasMissingValues: true),
                FactorLevels(name: "distractors", levels: ["on", "off"], hasMissingValues: true),
            ])
        let text = InfoReport.text(info)
        #expect(text.contains("technique     2 levels: Shift, Direct, (missing)"))
        #expect(text.contains("distractors   2 levels: on, off, (missing)"))
        guard case .object(let members) = InfoReport.json(info),
            case .object(let studies)? = members.first(where: { $0.0 == "factors" })?.1,
            case .object(let factors)? = studies.first?.1
        else {
            Issue.record("info JSON without factors")
            return
        }
        #expect(factors.first?.1 == .array([.string("Shift"), .string("Direct"), .null]))
    }

    @Test func theLongViewsShowAMissingLevelAsNull() throws {
        let folder = TemporaryFolder()
        let database = try imported(Self.csv, named: "a.csv", in: folder)
        #expect(
            try rows(
                database,
                """
                SELECT c.label, l.factor, l.level FROM trial_long t JOIN condition_long l USING (condition_id)
                JOIN condition c ON c.id = t.condition_id WHERE t.trial = 2 AND t.participant = 'P1'
                ORDER BY l.factor
                """) == [
                    "technique=(missing); distractors=off|distractors|off",
                    "technique=(missing); distractors=off|technique|NULL",
                ])
    }

    @Test func aLevelFilterNeverMatchesAMissingValue() throws {
        let folder = TemporaryFolder()
        let study = Study(database: try imported(Self.csv, named: "a.csv", in: folder))
        let kept = try study.summary(
            selection: Selection(keep: [LevelFilter(factor: "technique", levels: ["Shift", "Direct"])], attempts: .all))
        #expect(kept.rows.map(\.trials).reduce(0, +) == 4)
        #expect(
            !kept.rows.contains {
                $0.levels.contains(FactorLevels.missingLabel) && $0.levels[0] == FactorLevels.missingLabel
            })
        let excluded = try study.summary(
            SummaryRequest(by: ["technique"]),
            selection: Selection(exclude: [LevelFilter(factor: "technique", levels: ["Shift"])], attempts: .all))
        #expect(excluded.rows.map(\.levels) == [["Direct"], [FactorLevels.missingLabel]])
    }

    @Test func summariesShowAMissingLevelAsItsOwnCellLast() throws {
        let folder = TemporaryFolder()
        let study = Study(database: try imported(Self.csv, named: "a.csv", in: folder))
        let summary = try study.summary(SummaryRequest(by: ["technique"]), selection: Selection(attempts: .all))
        #expect(summary.rows.map(\.levels) == [["Shift"], ["Direct"], [FactorLevels.missingLabel]])
        #expect(summary.rows.map(\.trials) == [3, 1, 1])
        let both = try study.summary(selection: Selection(attempts: .all))
        #expect(both.factors == ["technique", "distractors"])
        #expect(both.rows.map(\.trials).reduce(0, +) == 5)
    }

    @Test func undoRemovesFactorsThatOnlyHadMissingValues() throws {
        let folder = TemporaryFolder()
        let database = try imported("pid,technique,extra,mt\nP1,Shift,,5\n", named: "a.csv", in: folder)
        #expect(try database.info().studyFactors[0].factors.map(\.name) == ["technique", "extra"])
        let second = folder.write("pid,technique,mt\nP2,Direct,6\n", named: "b.csv")
        _ = try Importer(database: database).importFile(at: second, options: ImportOptions(study: "s"))
        _ = try database.undo(batch: 2)
        #expect(try database.info().studyFactors[0].factors.map(\.name) == ["technique", "extra"])
        _ = try database.undo(batch: 1)
        #expect(try scalar(database, "SELECT count(*) FROM factor") == 0)
        #expect(try scalar(database, "SELECT count(*) FROM condition_level") == 0)
    }

    @Test func aVersion3FileWithConditionsIsMigratedAndTakesMissingLevels() throws {
        let folder = try TestDirectory()
        let path = folder.path("old.sqlite")
        do {
            let connection = try SQLiteConnection(path: path)
            for step in 0..<3 { try connection.execute(Schema.migrations[step]) }
            try connection.execute(
                """
                PRAGMA user_version = 3;
                INSERT INTO study (id, name) VALUES (1, 's');
                INSERT INTO factor (id, study_id, name) VALUES (1, 1, 'technique');
                INSERT INTO level (id, factor_id, name) VALUES (1, 1, 'Shift');
                INSERT INTO condition (id, study_id, key, label) VALUES (1, 1, '1', 'technique=Shift');
                INSERT INTO condition_level (condition_id, factor_id, level_id) VALUES (1, 1, 1);
                """)
        }
        let database = try StudyDatabase(path: path)
        #expect(try database.schemaVersion() == Schema.currentVersion)
        #expect(
            try rows(database, "SELECT condition_id, study, factor, level FROM condition_long") == [
                "1|s|technique|Shift"
            ])
        let log = folder.path("more.csv")
        #expect(
            FileManager.default.createFile(atPath: log, contents: Data("pid,technique,mt\nP1,,5\nP1,Shift,6\n".utf8)))
        _ = try Importer(database: database).importFile(at: log, options: ImportOptions(study: "s"))
        #expect(
            try rows(database, "SELECT condition_id, factor, level FROM condition_long ORDER BY condition_id")
                == ["1|technique|Shift", "2|technique|NULL"])
        #expect(
            try rows(database, "SELECT key, label FROM condition ORDER BY id") == [
                "1|technique=Shift", "-1|technique=(missing)",
            ])
    }
}
