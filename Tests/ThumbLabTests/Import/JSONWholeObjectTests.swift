import Foundation
import Testing

@testable import ThumbLab

/// The fast path of the JSON reader, which takes a plain object whole from the read chunk,
/// against what the byte-by-byte scan gives: the same keys, values, lines and columns, and
/// every object it does not take left to the scan with its problem.
@Suite struct JSONWholeObjectTests {
    /// Skims `json` and returns the object's length and its keys, or nil when not taken.
    private func skim(_ json: String, linesMode: Bool = true) -> (count: Int, keys: [String])? {
        let bytes = Array(json.utf8)
        var ranges: [Range<Int>] = []
        let count = bytes.withUnsafeBufferPointer { JSONKeySkimmer.skim($0, linesMode: linesMode, keys: &ranges) }
        return count.map { count in (count, ranges.map { String(decoding: bytes[$0], as: UTF8.self) }) }
    }

    @Test func theSkimmerFindsTheKeysAndTheEndOfAPlainObject() throws {
        let json = #"{"pid": "P\"1}", "mt": -1.5e+3, "hit": true, "": null , "x":"y"} {"next": 1}"#
        let found = try #require(skim(json))
        #expect(found.keys == ["pid", "mt", "hit", "", "x"])
        #expect(found.count == json.utf8.count - #" {"next": 1}"#.utf8.count)
        #expect(skim("{ }")?.count == 3)
        #expect(skim("{\n\"a\": 1\n}", linesMode: false)?.keys == ["a"])
    }

    @Test(arguments: [
        (#"{"p\u0069d": 1}"#, true), (#"{"a": {"b": 1}}"#, true), (#"{"a": [1]}"#, true),
        ("{\"a\":\n1}", true), ("{\"a\": \"x\ty\"}", true), ("{\"a\": \"x\\\ny\"}", false), (#"{"a": 1"#, true),
        (#"{"a": 1,"#, true), (#"{"a" 1}"#, true), (#"{"a": 1 "b": 2}"#, true), (#"{"a": "open}"#, true),
        (#"{a: 1}"#, true),
    ])
    func theSkimmerLeavesEveryOtherObjectToTheScan(json: String, linesMode: Bool) {
        #expect(skim(json, linesMode: linesMode) == nil)
    }

    @Test func aColumnCountsCharactersNotBytesInAWholeObject() throws {
        let text = "{\"pid\": \"P1\", \"mt\": 5}\n{\"pid\": \"Pé😀\", \"mt\": \"soon\"}\n"
        let list = try #require(problems { _ = try importInMemory(text, named: "a.jsonl") })
        #expect(list.problems.first?.line == 2)
        #expect(list.problems.first?.column == 16)
    }

    @Test func invalidUTF8InAPlainObjectIsAProblemOfItsRow() throws {
        var bytes = Array("{\"pid\": \"P1\", \"mt\": 5}\n{\"pid\": \"P".utf8)
        bytes += [0xFF]
        bytes += Array("2\", \"mt\": 6}\n{\"pid\": \"P3\", \"mt\": 7}\n".utf8)
        let result = try importInMemory(bytes, named: "a.jsonl", options: ImportOptions(skipInvalid: true))
        #expect(result.sink.trials.map(\.participant) == ["P1", "P3"])
        #expect(result.sink.rejected.map(\.line) == [2])
        #expect(result.sink.rejected.first?.reason.contains("expected UTF-8 text") == true)
    }

    @Test func aKeyFirstSeenInAPrettyPrintedObjectIsPlacedAtItsLine() throws {
        let text =
            "[\n  {\"pid\": \"P1\", \"mt\": 5},\n  {\n    \"pid\": \"P1\",\n    \"mt\": 6,\n    \"MT\": 7\n  }\n]\n"
        let list = try #require(problems { _ = try importInMemory(text, named: "a.json") })
        #expect(list.problems.first?.line == 6)
        #expect(list.problems.first?.column == 5)
        #expect(list.problems.first?.message.contains("expected unique column names") == true)
    }

    @Test func rowsAfterAnObjectLeftToTheScanKeepTheirLines() throws {
        let text = """
            {"pid": "P1", "mt": 5, "note": "a"}
            {"pid": "P1", "m\\u0074": 6, "note": "b\\u00e9"}
            {"pid": "P1", "mt": 7, "note": "c"}
            {"pid": "P1", "mt": "x", "note": "d"}

            """
        let list = try #require(problems { _ = try importInMemory(text, named: "a.jsonl") })
        #expect(list.total == 1)
        #expect(list.problems.first?.line == 4)
        #expect(list.problems.first?.column == 15)
        let valid = try importInMemory(text.replacingOccurrences(of: "\"x\"", with: "8"), named: "a.jsonl")
        #expect(valid.sink.trials.map(\.timeMS) == [5, 6, 7, 8])
        #expect(valid.sink.trials.map(\.levels) == [["a"], ["bé"], ["c"], ["d"]])
        #expect(valid.sink.trials.map(\.line) == [1, 2, 3, 4])
    }
}
