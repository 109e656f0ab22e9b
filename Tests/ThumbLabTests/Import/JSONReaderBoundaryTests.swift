import Testing

@testable import ThumbLab

/// JSON read through the importer where the file is read in chunks: values, escapes and
/// truncated objects that straddle the reader's 1 MiB chunk boundary, and syntax
/// problems located in the file.
@Suite struct JSONReaderBoundaryTests {
    private static let chunk = 1 << 20

    /// A first line padded so that the second line's `marker` starts `shift` bytes after
    /// the chunk boundary.
    private func padded(secondLinePrefix: String, shift: Int) -> String {
        let head = "{\"pid\": \"P1\", \"note\": \""
        let tail = "\", \"mt\": 5}\n"
        let padding = Self.chunk + shift - head.utf8.count - tail.utf8.count - secondLinePrefix.utf8.count
        return head + String(repeating: "z", count: padding) + tail
    }

    @Test(arguments: -14...3)
    func escapesAndNumbersAcrossTheChunkBoundary(shift: Int) throws {
        let prefix = "{\"pid\": \"P2\", \"note\": \"a"
        let text = padded(secondLinePrefix: prefix, shift: shift) + prefix + "\\ud83d\\ude00\\n\", \"mt\": 1.25e3}\n"
        let result = try importInMemory(text, named: "a.jsonl")
        #expect(result.sink.trials.map(\.participant) == ["P1", "P2"])
        #expect(result.sink.trials.last?.levels == ["a😀\n"])
        #expect(result.sink.trials.map(\.timeMS) == [5, 1250])
    }

    @Test(arguments: -3...3)
    func anObjectCutShortAtTheChunkBoundaryIsAProblem(shift: Int) throws {
        let prefix = "{\"pid\": \"P2\", \"mt\": 6"
        let text = padded(secondLinePrefix: prefix, shift: shift) + String(prefix.prefix(prefix.count + shift - 3))
        let list = try #require(problems { _ = try importInMemory(text, named: "a.jsonl") })
        #expect(list.problems.first?.line == 2)
        #expect(list.problems.first?.column == 1)
        #expect(list.problems.first?.message.contains("found the end of the file") == true)
    }

    @Test func aLoneSurrogateIsAProblemNamingItsPlace() throws {
        let text = "[\n{\"pid\": \"P1\", \"mt\": 5},\n{\"pid\": \"P\\ud800\", \"mt\": 6}\n]\n"
        let list = try #require(problems { _ = try importInMemory(text, named: "a.json") })
        let problem = try #require(list.problems.first)
        #expect(problem.line == 3)
        #expect(problem.column == 1)
        #expect(problem.message.contains("malformed JSON"))
        #expect(problem.message.contains("low surrogate"))
        #expect(problem.message.contains("at line 3, column 11"))
    }

    @Test func aSyntaxErrorInAPrettyPrintedObjectNamesItsLine() throws {
        let text = "[\n  {\n    \"pid\": \"P1\",\n    \"mt\": 05\n  }\n]\n"
        let list = try #require(problems { _ = try importInMemory(text, named: "a.json") })
        #expect(list.problems.first?.line == 2)
        #expect(
            list.problems.first?.message.contains("leading zeros, found '0' before a digit at line 4, column 11")
                == true)
    }

    @Test func fieldProblemsPointAtTheirKeyInAnyKeyOrder() throws {
        let text = "{\"pid\": \"P1\", \"mt\": 5}\n{\"mt\": \"soon\", \"pid\": \"P2\"}\n"
        let list = try #require(problems { _ = try importInMemory(text, named: "a.jsonl") })
        #expect(list.problems.first?.line == 2)
        #expect(list.problems.first?.column == 2)
    }

    @Test func aNestedValueAfterAnEscapedKeyIsAProblemAtThatKey() throws {
        let text = "{\"pid\": \"P1\", \"mt\": 5}\n{\"pid\": \"P1\", \"\\u006dt\": {\"v\": 5}}\n"
        let list = try #require(problems { _ = try importInMemory(text, named: "a.jsonl") })
        #expect(list.problems.first?.line == 2)
        #expect(list.problems.first?.column == 15)
        #expect(list.problems.first?.message.contains("found a nested array or object") == true)
    }

    @Test func numbersAsFactorLevelsKeepTheirEarlierText() throws {
        let text = "{\"pid\": \"P1\", \"mt\": 5, \"grip\": 9.60}\n{\"pid\": \"P1\", \"mt\": 6, \"grip\": 1e1}\n"
        let result = try importInMemory(text, named: "a.jsonl")
        #expect(result.sink.trials.map(\.levels) == [["9.6"], ["10.0"]])
    }
}
