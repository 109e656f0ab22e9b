import Foundation
import Testing

@testable import ThumbLab

/// JSON logs whose objects do not all have the same keys: the columns are the union of
/// the keys over the file, and a key an object lacks is a missing value.
@Suite struct JSONUnevenKeysTests {
    /// A start tap without target keys, then trials that have them and a distractor setting.
    static let objects = [
        #"{"participant": "P1", "technique": "Shift", "block": 1, "trial": 0, "time_ms": 0}"#,
        #"{"participant": "P1", "technique": "Shift", "block": 1, "trial": 1, "time_ms": 640.5, "hit": true, "target_x": 100, "target_y": 200, "target_w": 9.6, "distractors": "on"}"#,
        #"{"participant": "P1", "technique": "Shift", "block": 1, "trial": 2, "time_ms": 702, "hit": false, "target_x": 50, "target_y": 80, "target_w": 3.6, "distractors": "off"}"#,
    ]

    @Test(arguments: ["a.json", "a.jsonl"])
    func aStartTapWithoutTargetKeysComesFirst(name: String) throws {
        let text =
            name == "a.json"
            ? "[\n" + Self.objects.joined(separator: ",\n") + "\n]\n" : Self.objects.joined(separator: "\n") + "\n"
        let result = try importInMemory(text, named: name)
        #expect(result.outcome.problems.total == 0)
        #expect(result.sink.factors == ["technique", "distractors"])
        #expect(result.sink.trials.map(\.trial) == [0, 1, 2])
        #expect(result.sink.trials.map(\.targetX) == [nil, 100, 50])
        #expect(result.sink.trials.map(\.targetWidth) == [nil, 9.6, 3.6])
        #expect(result.sink.trials.map(\.hit) == [nil, true, false])
        #expect(result.sink.trials.map(\.levels) == [["Shift", nil], ["Shift", "on"], ["Shift", "off"]])
        #expect(result.sink.trials.map(\.line) == (name == "a.json" ? [2, 3, 4] : [1, 2, 3]))
    }

    @Test func keysInAnyOrderLandInTheirColumns() throws {
        let text = """
            {"pid": "P1", "mt": 5, "technique": "A", "x": 1}
            {"x": 2, "technique": "B", "pid": "P2", "mt": 6}
            {"mt": 7, "x": 3, "pid": "P3", "technique": "C"}

            """
        let result = try importInMemory(text, named: "a.jsonl")
        #expect(result.sink.factors == ["technique", "x"])
        #expect(result.sink.trials.map(\.participant) == ["P1", "P2", "P3"])
        #expect(result.sink.trials.map(\.timeMS) == [5, 6, 7])
        #expect(result.sink.trials.map(\.levels) == [["A", "1"], ["B", "2"], ["C", "3"]])
    }

    @Test func aKeyOnlyTheLastObjectHasBecomesAColumn() throws {
        let text = """
            [{"pid": "P1", "mt": 5}, {"pid": "P1", "mt": 6},
             {"pid": "P1", "mt": 7, "touch_x": 12.5, "note": "late"}]
            """
        let result = try importInMemory(text, named: "a.json")
        #expect(result.sink.factors == ["note"])
        #expect(result.sink.trials.map(\.touchX) == [nil, nil, 12.5])
        #expect(result.sink.trials.map(\.levels) == [[nil], [nil], ["late"]])
    }

    @Test func nullEmptyAndAbsentFactorValuesAreAllMissing() throws {
        let text = """
            {"pid": "P1", "mt": 5, "technique": null}
            {"pid": "P1", "mt": 6, "technique": ""}
            {"pid": "P1", "mt": 7}
            {"pid": "P1", "mt": 8, "technique": " "}
            {"pid": "P1", "mt": 9, "technique": "Shift"}

            """
        let result = try importInMemory(text, named: "a.jsonl")
        #expect(result.sink.trials.map(\.levels) == [[nil], [nil], [nil], [nil], ["Shift"]])
    }

    @Test func anEmptyCSVFieldIsAMissingLevel() throws {
        let result = try importInMemory("pid,technique,mt\nP1,,5\nP1,Shift,6\nP1, ,7\n", named: "a.csv")
        #expect(result.sink.trials.map(\.levels) == [[nil], ["Shift"], [nil]])
    }

    @Test(arguments: ["a.json", "a.jsonl"])
    func anObjectWithoutAParticipantIsStillInvalidAtItsPlace(name: String) throws {
        let lines = [
            #"{"pid": "P1", "mt": 5, "technique": "A"}"#,
            #"  {"mt": 6, "technique": "B"}"#,
            #"{"pid": "P1", "mt": 7}"#,
        ]
        let text = name == "a.json" ? "[" + lines.joined(separator: ",\n") + "]" : lines.joined(separator: "\n")
        let list = try #require(problems { _ = try importInMemory(text, named: name) })
        #expect(list.total == 1)
        let problem = try #require(list.problems.first)
        #expect(problem.line == 2)
        #expect(problem.column == 3)
        #expect(problem.message.contains("participant"))
    }

    @Test func headerProblemsPointAtTheKeyWhereItFirstAppears() throws {
        let text = """
            {"pid": "P1", "mt": 5}
            {"pid": "P1", "mt": 6, "Mt": 7}

            """
        let list = try #require(problems { _ = try importInMemory(text, named: "a.jsonl") })
        let problem = try #require(list.problems.first)
        #expect(problem.line == 2)
        #expect(problem.column == 24)
        #expect(problem.message.contains("expected unique column names"))
    }

    @Test func malformedObjectsAddNoColumns() throws {
        let text = """
            {"pid": "P1", "mt": 5}
            {"pid": "P1", "mt": 6, "bad
            {"pid": "P1", "mt": 7}

            """
        var options = ImportOptions()
        options.skipInvalid = true
        let result = try importInMemory(text, named: "a.jsonl", options: options)
        #expect(result.sink.factors.isEmpty)
        #expect(result.sink.trials.map(\.timeMS) == [5, 7])
        #expect(result.sink.rejected.map(\.line) == [2])
    }

    /// Objects that scan as objects but are not well-formed JSON, each with a key that no
    /// well-formed object has: a missing colon, a misspelt literal, a number with a leading
    /// zero, an unknown escape, a key in invalid UTF-8 (the byte 0xFF, written here as
    /// U+0001), a trailing comma.
    static let malformedWithNewKeys = [
        #"{"pid": "P1", "mt": 6, "posture" "standing"}"#,
        #"{"pid": "P1", "mt": 7, "grip": tru}"#,
        #"{"pid": "P1", "mt": 8, "hand": 01}"#,
        #"{"pid": "P1", "mt": 9, "note": "a\qb"}"#,
        "{\"pid\": \"P1\", \"mt\": 10, \"bad\u{1}key\": 1}",
        #"{"pid": "P1", "mt": 11, "extra": 1,}"#,
    ]

    /// The bytes of a JSON array (`a.json`) or JSON Lines file of `objects`, U+0001 made 0xFF.
    static func file(_ objects: [String], named name: String) -> [UInt8] {
        let text =
            name == "a.json"
            ? "[\n" + objects.joined(separator: ",\n") + "\n]\n" : objects.joined(separator: "\n") + "\n"
        return text.utf8.map { $0 == 0x01 ? 0xFF : $0 }
    }

    @Test(arguments: ["a.json", "a.jsonl"])
    func malformedObjectsNameNoColumnsEvenWhereTheyScanAsObjects(name: String) throws {
        let objects = [#"{"pid": "P1", "mt": 5, "technique": "A"}"#] + Self.malformedWithNewKeys
        let nested = #"{"pid": "P1", "mt": 12, "technique": "B", "hand": {"side": "left"}}"#
        var options = ImportOptions()
        options.skipInvalid = true
        let result = try importInMemory(Self.file(objects + [nested], named: name), named: name, options: options)
        // The nested value's object is well-formed: its key is a column, its row rejected.
        #expect(result.sink.factors == ["technique", "hand"])
        #expect(result.sink.trials.map(\.timeMS) == [5])
        let firstLine = name == "a.json" ? 2 : 1
        #expect(result.sink.rejected.map(\.line) == Array((firstLine + 1)...(firstLine + 7)))

        // Read with the keys of the first object only, the malformed objects' seeming keys
        // send the import back to read the file again with every key no more than the
        // whole file's keys would.
        let folder = TemporaryFolder()
        let path = folder.write(Self.file(objects, named: name), named: name)
        let comparison = ReaderEntryPoints.compareLeadingKeys(
            path: path, format: name == "a.json" ? .json : .jsonl, options: options, leadingBytes: 1)
        #expect(comparison == .same)
    }

    /// A number too large for a double is well-formed JSON: a late key holding one is a
    /// column, found from the leading objects' keys as from every object's.
    @Test(arguments: [false, true]) func aLateKeyWithANumberOutOfRangeIsAColumn(skipInvalid: Bool) throws {
        let objects = [#"{"pid": "P1", "mt": 5}"#, #"{"pid": "P1", "mt": 6, "note": 1e999}"#]
        let folder = TemporaryFolder()
        let path = folder.write(Self.file(objects, named: "a.jsonl"), named: "a.jsonl")
        let comparison = ReaderEntryPoints.compareLeadingKeys(
            path: path, format: .jsonl, options: ImportOptions(skipInvalid: skipInvalid), leadingBytes: 1)
        #expect(comparison == .readsAgain)
        var options = ImportOptions()
        options.skipInvalid = true
        let result = try importInMemory(Self.file(objects, named: "a.jsonl"), named: "a.jsonl", options: options)
        #expect(result.sink.factors == ["note"])
        #expect(result.sink.rejected.map(\.line) == [2])
    }

    @Test func aFileOfMalformedObjectsNamesTheFirstOne() throws {
        let text = """
            {"pid" "P1", "mt": 5}
            {"pid": "P1", "mt": 05}

            """
        let found = problems { _ = try importInMemory(text, named: "a.jsonl") }
        let problem = try #require(found?.problems.first)
        #expect(problem.line == 1)
        #expect(problem.column == 1)
        #expect(problem.message.contains("expected ':' after the key"))
    }
}
