import Foundation
import Testing

@testable import ThumbLab

/// `factor add`: factors derived from a mapping table (`Fixtures/import/derived`, written
/// by `gen_derived.py`), checked trial by trial against pandas' merge of the same tables;
/// refused whole on a bad table; undone back to the conditions the study had.
@Suite struct DerivedFactorsTests {
    static let folder = repositoryRoot.appendingPathComponent("Tests/ThumbLabTests/Fixtures/import/derived")

    static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// The fixture's demographics and trials in study `s`.
    static func study() throws -> DatabaseFixture {
        let fixture = try DatabaseFixture(seeded: false)
        for file in ["participants.csv", "trials.csv"] {
            _ = try fixture.importer.importFile(at: path(file), options: ImportOptions(study: "s"))
        }
        return fixture
    }

    /// The level of each factor of every trial, by the trial's line in its file.
    static func levelsByLine(_ database: StudyDatabase, factors: [String]) throws -> [Int: [String?]] {
        let columns = factors.map {
            "(SELECT l.name FROM condition_level cl JOIN factor f ON f.id = cl.factor_id "
                + "LEFT JOIN level l ON l.id = cl.level_id WHERE cl.condition_id = t.condition_id AND f.name = '\($0)')"
        }
        let statement = try database.connection.prepare(
            "SELECT t.line, \(columns.joined(separator: ", ")) FROM trial t")
        var result: [Int: [String?]] = [:]
        while try statement.step() {
            result[statement.int(0)] = factors.indices.map {
                statement.isNull(Int32($0 + 1)) ? nil : statement.text(Int32($0 + 1))
            }
        }
        return result
    }

    /// Conditions as keys and labels, and the condition of every trial: what must come back after an undo.
    static func conditionState(_ database: StudyDatabase) throws -> [String] {
        let statement = try database.connection.prepare(
            """
            SELECT c.key || ' ' || c.label || ' ' || count(t.id) FROM condition c
            LEFT JOIN trial t ON t.condition_id = c.id GROUP BY c.id ORDER BY c.key
            """)
        var rows: [String] = []
        while try statement.step() { rows.append(statement.text(0)) }
        return rows
    }

    static func design(_ database: StudyDatabase) throws -> DesignOverview {
        let study = Study(database: database)
        return try study.designOverview(study.resolve(Selection(study: "s")), rejectedRows: 0)
    }

    @Test func derivedLevelsMatchPandasMergeTrialByTrial() throws {
        let fixture = try Self.study()
        let summary = try fixture.database.addFactors(FactorMapping(path: Self.path("mapping.csv")), study: "s")
        #expect(summary.factors == ["column", "row"])
        #expect(summary.keys == [.factor("location"), .attribute("Handedness")])
        #expect(summary.trials == 219)
        #expect(summary.batch.kind == .factors)
        _ = try fixture.database.addFactors(FactorMapping(path: Self.path("groups.csv")), study: "s")
        let stored = try Self.levelsByLine(fixture.database, factors: ["column", "row", "group"])
        let expected = try CSVReader.records(in: [UInt8](Data(contentsOf: Self.folder.appendingPathComponent("expected.csv"))))
        #expect(expected.count == 220)
        var missing = 0
        for record in expected.dropFirst() {
            let want = record.fields.dropFirst().map { $0.isEmpty ? nil : $0 }
            #expect(stored[Int(record.fields[0])!] == Array(want), "line \(record.fields[0])")
            if want[0] == nil { missing += 1 }
        }
        // Trials without a location, and those of the participant who gave no handedness.
        #expect(missing > 0 && summary.withoutKeyValue == missing)
    }

    @Test func theDerivationIsABatchThatUndoRemovesWhole() throws {
        let fixture = try Self.study()
        let before = try Self.conditionState(fixture.database)
        let summary = try fixture.database.addFactors(FactorMapping(path: Self.path("mapping.csv")), study: "s")
        #expect(try fixture.database.batches().map(\.kind) == [.participants, .trials, .factors])
        #expect(try Self.conditionState(fixture.database) != before)
        #expect(try fixture.database.derivedFactors(study: "s").map(\.factor) == ["column", "row"])
        let removed = try fixture.database.undoBatch(summary.batch.id)
        #expect(removed.batch.kind == .factors)
        #expect(try Self.conditionState(fixture.database) == before)
        #expect(try fixture.database.derivedFactors(study: "s").isEmpty)
        let factors = try Self.design(fixture.database).factors.map(\.name)
        #expect(!factors.contains("column") && !factors.contains("row"))
        // The same table can be added again once undone.
        _ = try fixture.database.addFactors(FactorMapping(path: Self.path("mapping.csv")), study: "s")
    }

    @Test func theSameTableOnTheSameDataGivesTheSameConditionIds() throws {
        func conditions() throws -> [String] {
            let fixture = try Self.study()
            let summary = try fixture.database.addFactors(FactorMapping(path: Self.path("mapping.csv")), study: "s")
            var rows = try Self.rows(fixture.database, "SELECT id || ' ' || key || ' ' || label FROM condition ORDER BY id")
            try fixture.database.undoBatch(summary.batch.id)
            rows += try Self.rows(fixture.database, "SELECT id || ' ' || key || ' ' || label FROM condition ORDER BY id")
            return rows
        }
        let first = try conditions()
        #expect(first.count > 40)
        #expect(try conditions() == first)
    }

    static func rows(_ database: StudyDatabase, _ sql: String) throws -> [String] {
        let statement = try database.connection.prepare(sql)
        var rows: [String] = []
        while try statement.step() { rows.append(statement.text(0)) }
        return rows
    }

    @Test func aFactorOthersWereDerivedFromIsUndoneLast() throws {
        let fixture = try Self.study()
        let first = try fixture.database.addFactors(FactorMapping(path: Self.path("mapping.csv")), study: "s")
        let table = fixture.write("row,half\n1,top\n2,top\n3,bottom\n4,bottom\n", named: "half.csv")
        let second = try fixture.database.addFactors(FactorMapping(path: table), study: "s")
        #expect(second.keys == [.factor("row")])
        #expect(throws: ThumbLabError.batch(.derivedFrom(batch: first.batch.id, factor: "row", dependent: second.batch.id))) {
            try fixture.database.undoBatch(first.batch.id)
        }
        try fixture.database.undoBatch(second.batch.id)
        try fixture.database.undoBatch(first.batch.id)
    }

    @Test func aParticipantKeyMakesABetweenSubjectsFactor() throws {
        let fixture = try Self.study()
        _ = try fixture.database.addFactors(FactorMapping(path: Self.path("groups.csv")), study: "s")
        let design = try Self.design(fixture.database)
        #expect(design.factors.first { $0.name == "group" }?.kind == "between")
    }

    @Test func anAttributeBecomesABetweenSubjectsFactorOfItsName() throws {
        let fixture = try Self.study()
        let summary = try fixture.database.addFactor(fromAttribute: "Handedness", study: "s")
        #expect(summary.factors == ["Handedness"])
        #expect(summary.keys == [.attribute("Handedness")])
        let factor = try #require(try Self.design(fixture.database).factors.first { $0.name == "Handedness" })
        // right, Left, RIGHT, right, left, Right, (none), right: one level per hand, spelt as most spell it.
        #expect(factor.kind == "between")
        // Left and left tie: the first in code-point order is kept.
        #expect(Set(factor.levels) == ["right", "Left"])
        let lines = try Self.levelsByLine(fixture.database, factors: ["Handedness"])
        #expect(Set(lines.values.map { $0[0] }) == ["right", "Left", nil])
        let report = try Study(database: fixture.database).report(selection: Selection(study: "s"))
        #expect(report.methods[0].contains("The handedness of each participant, from the demographics, was a between-subjects factor."))
        let sheet = fixture.write("participant,technique\nP01,FOLD\n", named: "named-like-a-factor.csv")
        _ = try fixture.importer.importFile(at: sheet, options: ImportOptions(study: "s"))
        #expect(throws: ThumbLabError.parameter(.attributeIsAFactor(name: "technique"))) {
            try fixture.database.addFactor(fromAttribute: "technique", study: "s")
        }
        #expect(throws: ThumbLabError.parameter(.unknownAttribute(name: "hand", known: ["Handedness", "age", "technique"]))) {
            try fixture.database.addFactor(fromAttribute: "hand", study: "s")
        }
    }

    @Test func keysMissingFromTheTableAreListedAndNothingChanges() throws {
        let fixture = try Self.study()
        let before = try Self.conditionState(fixture.database)
        let table = fixture.write("location,column\n1,a\n2,b\n3,c\n4,d\n5,e\n6,f\n7,g\n", named: "short.csv")
        do {
            _ = try fixture.database.addFactors(FactorMapping(path: table), study: "s")
            Issue.record("a table without location 8 was taken")
        } catch let ThumbLabError.invalidInput(problems, total) {
            #expect(total == 1)
            #expect(problems[0].description.hasPrefix("\(table):1:1: no row for location=8, which rows of P01, P02"))
        }
        #expect(try Self.conditionState(fixture.database) == before)
        #expect(try fixture.database.batches().count == 2)
    }

    @Test(arguments: [
        ("foo,bar\n1,a\n", "1:1: expected a key column named after a factor (technique, location)"),
        ("location\n1\n", "1:1: expected at least one column naming a new factor, found only keys"),
        ("location,column\n1,a\n1,b\n", "3:1: this row repeats the key of line 2"),
        ("location,column\n01,a\n1.0,b\n", "3:1: this row repeats the key of line 2"),
        ("location,column\n,a\n", "2:1: expected a value of the key location, found nothing"),
        ("location,column\n1,a,x\n", "2:3: expected 2 fields as in the header, found 3"),
        ("location,,column\n1,x,a\n", "1:2: expected a column name"),
        ("location,Location2,LOCATION\n1,a,b\n", "1:3: the column name 'LOCATION' repeats column 1"),
        ("location,column\n", "1:1: expected a header naming the key columns and the new factors"),
        ("", "1:1: expected a header naming the key columns and the new factors"),
        ("location,column\n\"1,a\n", "2:1: "),
    ])
    func aBadTableIsRefusedWithItsPlace(text: String, message: String) throws {
        let fixture = try Self.study()
        let table = fixture.write(text, named: "bad.csv")
        do {
            _ = try fixture.database.addFactors(FactorMapping(path: table), study: "s")
            Issue.record("taken: \(text)")
        } catch let ThumbLabError.invalidInput(problems, _) {
            #expect(problems[0].description.hasPrefix("\(table):\(message)"), "\(problems[0])")
        }
        #expect(try fixture.database.batches().count == 2)
    }

    @Test func rowNamesAndSemicolonsAreReadAsOtherWritersWriteThem() throws {
        let mapping = try FactorMapping(
            bytes: Array("\"\";\"location\";\"column\"\n\"3\";1;\"near\"\n\"9\";2;\"far\"\n".utf8), source: "r.csv")
        #expect(mapping.columns == ["location", "column"])
        #expect(mapping.rows.map(\.values) == [["1", "near"], ["2", "far"]])
    }

    @Test func rowsOfConditionsWithoutTheKeyFactorStayAsTheyWere() throws {
        let fixture = try DatabaseFixture(seeded: false)
        let log = fixture.write("participant,location,time_ms,hit\nP1,1,500,1\nP1,2,600,1\n", named: "log.csv")
        let sus = fixture.write(
            "participant,instrument,item,value\n" + (1...10).map { "P1,SUS,\($0),3\n" }.joined(), named: "sus.csv")
        for file in [log, sus] { _ = try fixture.importer.importFile(at: file, options: ImportOptions(study: "s")) }
        let table = fixture.write("location,side\n1,left\n2,right\n", named: "side.csv")
        let summary = try fixture.database.addFactors(FactorMapping(path: table), study: "s")
        #expect(summary.trials == 2)
        #expect(summary.responses == 0)
        #expect(summary.withoutKeyFactor == 10)
    }
}
