import Foundation
import Testing

@testable import ThumbLab

/// JSON arrays and JSON Lines: streaming, positions and the variants files bring.
@Suite struct JSONReaderTests {
    @Test func byteOrderMarkAndCRLFAreAccepted() throws {
        let text = "\u{FEFF}{\"pid\": \"P1\", \"time\": 5}\r\n{\"pid\": \"P2\", \"time\": 6}\r\n"
        let result = try importInMemory(text, named: "a.jsonl")
        #expect(result.sink.trials.map(\.participant) == ["P1", "P2"])
        #expect(result.sink.trials.map(\.line) == [1, 2])
    }

    @Test func blankLinesBetweenJSONLinesAreSkipped() throws {
        let result = try importInMemory(
            "{\"pid\": \"P1\", \"mt\": 5}\n\n\n{\"pid\": \"P2\", \"mt\": 6}\n", named: "a.jsonl")
        #expect(result.sink.trials.map(\.line) == [1, 4])
    }

    @Test func prettyPrintedArrayKeepsLinesOfEachObject() throws {
        let text =
            "[\n  {\n    \"pid\": \"P1\",\n    \"mt\": 5\n  },\n  {\n    \"pid\": \"P2\",\n    \"mt\": \"x\"\n  }\n]\n"
        let list = try #require(problems { _ = try importInMemory(text, named: "a.json") })
        #expect(list.problems.first?.line == 8)
        #expect(list.problems.first?.column == 5)
    }

    @Test func escapedKeysAndStringsWithBracesAreFollowed() throws {
        let text =
            "[{\"p\\u0069d\": \"P{1}\", \"note\": \"a \\\"}\\\" b\", \"mt\": 5}, {\"pid\": \"P]2\", \"note\": \"[\", \"mt\": 6}]"
        let result = try importInMemory(text, named: "a.json")
        #expect(result.sink.trials.map(\.participant) == ["P{1}", "P]2"])
        #expect(result.sink.factors == ["note"])
        #expect(result.sink.trials.map(\.levels) == [["a \"}\" b"], ["["]])
    }

    @Test func keysMissingFromLaterObjectsAreEmpty() throws {
        let result = try importInMemory(
            "{\"pid\": \"P1\", \"mt\": 5, \"hit\": 1}\n{\"pid\": \"P1\", \"mt\": 6}\n", named: "a.jsonl")
        #expect(result.sink.trials.map(\.hit) == [true, nil])
    }

    @Test func numbersKeepTheirValuesAndBooleansTheirWords() throws {
        let text =
            "[{\"pid\": 7, \"mt\": 1e3, \"flag\": true, \"hit\": false}, {\"pid\": 7.5, \"mt\": 0.1, \"flag\": 1, \"hit\": 1}]"
        let result = try importInMemory(text, named: "a.json")
        #expect(result.sink.trials.map(\.participant) == ["7", "7.5"])
        #expect(result.sink.trials.map(\.timeMS) == [1000, 0.1])
        #expect(result.sink.trials.map(\.levels) == [["true"], ["1"]])
        #expect(result.sink.trials.map(\.hit) == [false, true])
    }

    @Test func singlePrettyPrintedObjectExplainsTheExpectedLayout() throws {
        let list = try #require(problems { _ = try importInMemory("{\n\"pid\": \"P1\"\n}\n", named: "a.json") })
        #expect(list.problems.first?.message.contains("wrap pretty-printed objects in [ ]") == true)
    }

    @Test func aBrokenLineDoesNotSwallowTheNextOne() throws {
        let text = "{\"pid\": \"P1\", \"mt\": 5}\n{\"pid\": \"P1, \"mt\": 6}\n{\"pid\": \"P3\", \"mt\": 7}\n"
        let result = try importInMemory(text, named: "a.jsonl", options: ImportOptions(skipInvalid: true))
        #expect(result.sink.trials.map(\.participant) == ["P1", "P3"])
        #expect(result.sink.rejected.map(\.line) == [2])
    }

    @Test func strayValuesBetweenObjectsAreOneProblemEach() throws {
        let text = "[{\"pid\": \"P1\", \"mt\": 5}, 12, 13, {\"pid\": \"P2\", \"mt\": 6}, \"x\"]"
        let result = try importInMemory(text, named: "a.json", options: ImportOptions(skipInvalid: true))
        #expect(result.sink.trials.map(\.participant) == ["P1", "P2"])
        #expect(result.outcome.rejected == 2)
    }

    @Test func rowsAfterTheClosingBracketAreRejectedNotDropped() throws {
        let text = "[{\"pid\": \"P1\", \"mt\": 5}]\n{\"pid\": \"P2\", \"mt\": 6}\n{\"pid\": \"P3\", \"mt\": 7}\n"
        let result = try importInMemory(text, named: "a.json", options: ImportOptions(skipInvalid: true))
        #expect(result.sink.trials.map(\.participant) == ["P1"])
        #expect(result.outcome.rejected == 1)
        #expect(result.sink.rejected.map(\.line) == [2])
        #expect(result.sink.rejected.first?.reason.contains("after the closing ']'") == true)
    }

    @Test func aMissingCommaRejectsTheObjectAfterIt() throws {
        let text = "[{\"pid\": \"P1\", \"mt\": 5}\n{\"pid\": \"P2\", \"mt\": 6},\n{\"pid\": \"P3\", \"mt\": 7}]"
        let result = try importInMemory(text, named: "a.json", options: ImportOptions(skipInvalid: true))
        #expect(result.sink.trials.map(\.participant) == ["P1", "P3"])
        #expect(result.sink.rejected.map(\.line) == [2])
    }

    @Test func whitespaceAfterTheClosingBracketIsAccepted() throws {
        let result = try importInMemory("[{\"pid\": \"P1\", \"mt\": 5}]\r\n\n  \t\n", named: "a.json")
        #expect(result.sink.trials.map(\.participant) == ["P1"])
    }

    @Test func streamsObjectsAcrossReadChunks() throws {
        var text = "["
        let count = 30_000
        for index in 0..<count {
            text +=
                (index == 0 ? "" : ",\n")
                + "{\"pid\": \"P\(index % 13)\", \"technique\": \"T\(index % 3)\", \"mt\": \(index), \"note\": \"\(String(repeating: "z", count: index % 50))\"}"
        }
        text += "]"
        #expect(text.utf8.count > 2 << 20)
        let result = try importInMemory(text, named: "big.json")
        #expect(result.sink.trials.count == count)
        #expect(result.sink.trials.last?.timeMS == Double(count - 1))
        #expect(result.sink.trials.last?.line == count)
    }

    @Test func overlongObjectIsAProblemWithoutHoldingItAll() throws {
        let text =
            "[{\"pid\": \"P1\", \"mt\": 5},\n{\"pid\": \"" + String(repeating: "x", count: 5 << 20)
            + "\", \"mt\": 6},\n{\"pid\": \"P3\", \"mt\": 7}]"
        let result = try importInMemory(text, named: "a.json", options: ImportOptions(skipInvalid: true))
        #expect(result.sink.trials.map(\.participant) == ["P1", "P3"])
        #expect(result.sink.rejected.first?.reason.contains("shorter than 4 MiB") == true)
        #expect(result.sink.rejected.first?.line == 2)
    }
}
