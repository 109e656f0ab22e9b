import Foundation
import Testing

@testable import ThumbLab

/// One malformed file and where its first problem must be reported.
struct MalformedCase: CustomTestStringConvertible, Sendable {
    var name: String
    var file: String
    var bytes: [UInt8]
    var line: Int
    var column: Int
    var fragment: String
    var options: [String: String] = [:]

    init(_ name: String, _ file: String, _ text: String, line: Int, column: Int, _ fragment: String) {
        self.name = name
        self.file = file
        bytes = Array(text.utf8)
        self.line = line
        self.column = column
        self.fragment = fragment
    }

    init(_ name: String, _ file: String, bytes: [UInt8], line: Int, column: Int, _ fragment: String) {
        self.init(name, file, "", line: line, column: column, fragment)
        self.bytes = bytes
    }

    var testDescription: String { name }
}

/// Malformed inputs: each stops the import with ``ThumbLabError/invalidInput(problems:total:)``
/// naming the file, line and column and saying what was expected.
@Suite struct MalformedInputTests {
    static let cases: [MalformedCase] = [
        MalformedCase("empty file", "a.csv", "", line: 1, column: 1, "found an empty file"),
        MalformedCase("header only", "a.csv", "pid,time\n", line: 2, column: 1, "holds only column names"),
        MalformedCase(
            "no participant column", "a.csv", "who,time\nP1,5\n", line: 1, column: 1, "expected a participant column"),
        MalformedCase(
            "no measure column", "a.csv", "pid,technique,target_x\nP1,A,5\n", line: 1, column: 1, "found none of them"),
        MalformedCase(
            "duplicate columns after normalisation", "a.csv", "pid,Time_MS,time ms\nP1,1,2\n", line: 1, column: 3,
            "expected unique column names"),
        MalformedCase(
            "value under a column without a name", "a.csv", "pid,,time\nP1,,2\nP1,x,2\n", line: 3, column: 2,
            "which has no name, found 'x'"),
        MalformedCase(
            "two columns for one field", "a.csv", "pid,time,mt\nP1,1,2\n", line: 1, column: 3,
            "expected one column for time_ms"),
        MalformedCase(
            "ambiguous kind", "a.csv", "pid,phase,x,y,t,item,value\nP1,down,1,2,3,Q1,4\n", line: 1, column: 1,
            "found columns of touches and responses"),
        MalformedCase(
            "hit and miss both", "a.csv", "pid,hit,miss\nP1,1,0\n", line: 1, column: 3, "either a hit or a miss column"),
        MalformedCase(
            "non-numeric time", "a.csv", "pid,technique,time\nP1,A,5\nP1,A,fast\n", line: 3, column: 3,
            "expected a finite number in time_ms ('time'), found 'fast'"),
        MalformedCase("non-finite time", "a.csv", "pid,time\nP1,inf\n", line: 2, column: 2, "expected a finite number"),
        MalformedCase(
            "NaN coordinate", "a.csv", "pid,time,target_x\nP1,5,NaN\n", line: 2, column: 3,
            "expected a finite number in target_x"),
        MalformedCase(
            "decimal comma in a comma-delimited file", "a.csv", "pid,time\nP1,\"5,5\"\n", line: 2, column: 2,
            "'.' decimal point"),
        MalformedCase(
            "thousands separator", "a.csv", "pid;time\nP1;1.234,5\n", line: 2, column: 2,
            "expected a finite number in time_ms"),
        MalformedCase(
            "negative time", "a.csv", "pid,time\nP1,12\nP1,-3\n", line: 3, column: 2,
            "expected a value of 0 or more in time_ms ('time'), found '-3'"),
        MalformedCase(
            "negative target width", "a.csv", "pid,time,width\nP1,12,-4\n", line: 2, column: 3,
            "expected a width greater than 0 in target_w ('width'), found '-4'"),
        MalformedCase(
            "fractional trial number", "a.csv", "pid,time,trial\nP1,12,2.5\n", line: 2, column: 3,
            "expected a whole number in trial"),
        MalformedCase(
            "negative error count", "a.csv", "pid,errors\nP1,-1\n", line: 2, column: 2, "whole number of 0 or more"),
        MalformedCase("bad boolean", "a.csv", "pid,hit\nP1,maybe\n", line: 2, column: 2, "expected 1/0, true/false"),
        MalformedCase(
            "error count in a miss column", "a.csv", "pid,error\nP1,2\n", line: 2, column: 2, "map errors=error"),
        MalformedCase(
            "empty participant", "a.csv", "pid,time\n,5\n", line: 2, column: 1,
            "expected a value in participant ('pid')"),
        MalformedCase(
            "all measures empty", "a.csv", "pid,time,hit\nP1,,\n", line: 2, column: 2, "expected at least one measure"),
        MalformedCase(
            "too few fields", "a.csv", "pid,technique,time\nP1,A,5\nP1,A\n", line: 3, column: 2,
            "expected 3 fields as in the header, found 2"),
        MalformedCase(
            "too many fields", "a.csv", "pid,time\nP1,5\nP1,5,6\n", line: 3, column: 3,
            "expected 2 fields as in the header, found 3"),
        MalformedCase(
            "unterminated quote", "a.csv", "pid,technique,time\nP1,A,5\nP1,\"Shift,7\nP1,A,8\n", line: 3, column: 2,
            "closing quote for the field opened on line 3"),
        MalformedCase(
            "text after closing quote", "a.csv", "pid,technique,time\nP1,\"A\"B,5\n", line: 2, column: 2,
            "after the closing quote"),
        MalformedCase(
            "line counted across quoted newline", "a.csv", "pid,note,time\nP1,\"two\nlines\",5\nP1,x,bad\n", line: 4,
            column: 3, "found 'bad'"),
        MalformedCase(
            "invalid UTF-8", "a.csv", bytes: Array("pid,technique,time\nP1,".utf8) + [0xFF, 0x41] + Array(",5\n".utf8),
            line: 2, column: 2, "expected UTF-8 text"),
        MalformedCase(
            "overlong UTF-8", "a.csv", bytes: Array("pid,time\n".utf8) + [0xC0, 0xAF] + Array(",5\n".utf8), line: 2,
            column: 1, "invalid byte sequence"),
        MalformedCase(
            "UTF-16 file", "a.csv", bytes: [0xFF, 0xFE] + Array("p\0i\0d\0".utf8), line: 1, column: 1, "UTF-16"),
        MalformedCase(
            "unknown touch phase", "t.csv", "pid,trial,t,x,y,phase\nP1,1,0,1,1,down\nP1,1,5,1,1,hover\n", line: 3,
            column: 6, "expected a touch phase"),
        MalformedCase(
            "unknown touch phase on the first row", "t.jsonl",
            "{\"pid\": \"P1\", \"t\": 0, \"x\": 1, \"y\": 1, \"phase\": \"hover\"}\n", line: 1, column: 39,
            "expected a touch phase"),
        MalformedCase(
            "touch timestamp as a clock time", "t.csv",
            "pid,trial,t,x,y,phase\nP1,1,0,1,1,down\nP1,1,12:00:01,1,1,up\n",
            line: 3, column: 3, "found '12:00:01'; write the time of the event in milliseconds"),
        MalformedCase(
            "touch timestamp as a word", "t.json",
            "[{\"pid\": \"P1\", \"t\": \"later\", \"x\": 1, \"y\": 1, \"phase\": 0}]",
            line: 1, column: 16, "expected a finite number in timestamp ('t'), found 'later'"),
        MalformedCase(
            "zero target width", "a.csv", "pid,time,target_w\nP1,5,12\nP1,5,0\n", line: 3, column: 3,
            "expected a width greater than 0 in target_w, found '0'"),
        MalformedCase(
            "negative target height", "a.csv", "pid,time,w,h\nP1,5,12,-3\n", line: 2, column: 4,
            "expected a height greater than 0 in target_h ('h'), found '-3'"),
        MalformedCase(
            "touch target width zero", "t.csv", "pid,trial,t,x,y,phase,target_w\nP1,1,0,1,1,down,0\n", line: 2,
            column: 7, "expected a width greater than 0"),
        MalformedCase(
            "touch target height not a number", "t.csv", "pid,trial,t,x,y,phase,target_h\nP1,1,0,1,1,down,big\n",
            line: 2, column: 7, "expected a finite number in target_h, found 'big'"),
        MalformedCase(
            "touch target position not a number", "t.csv", "pid,trial,t,x,y,phase,target_x\nP1,1,0,1,1,down,left\n",
            line: 2, column: 7, "expected a finite number in target_x, found 'left'"),
        MalformedCase(
            "touch without coordinates", "t.csv", "pid,trial,t,x,y,phase\nP1,1,0,,1,down\n", line: 2, column: 4,
            "expected an x coordinate"),
        MalformedCase(
            "study phase column taken for touches", "a.csv", "pid,phase,time\nP1,training,5\n", line: 1, column: 1,
            "the rows were taken for touches"),
        MalformedCase(
            "touch log without y column", "t.csv", "pid,trial,t,x,phase\nP1,1,0,1,down\n", line: 1, column: 1,
            "expected a y column"),
        MalformedCase(
            "response value not a number", "r.csv", "pid,instrument,item,value\nP1,SUS,Q1,agree\n", line: 2, column: 4,
            "expected a finite number in value"),
        MalformedCase(
            "response without instrument", "r.csv", "pid,item,value\nP1,Q1,4\n", line: 1, column: 1,
            "expected an instrument column"),
        MalformedCase(
            "JSON syntax error", "a.json", "[\n{\"pid\": \"P1\", \"time\": 5},\n{\"pid\": \"P2\" \"time\": 5}\n]\n",
            line: 3, column: 1, "malformed JSON"),
        MalformedCase(
            "JSON array cut short", "a.json", "[\n{\"pid\": \"P1\", \"time\": 5},\n{\"pid\": \"P2\", \"ti", line: 3,
            column: 1, "found the end of the file"),
        MalformedCase(
            "JSON array missing closing bracket", "a.json", "[{\"pid\": \"P1\", \"time\": 5}\n", line: 2, column: 1,
            "closing ']'"),
        MalformedCase(
            "JSON value that is not an object", "a.json", "[{\"pid\": \"P1\", \"time\": 5}, 7]", line: 1, column: 28,
            "each row must be a JSON object"),
        MalformedCase(
            "JSON nested value", "a.json", "[{\"pid\": \"P1\", \"time\": 5}, {\"pid\": \"P1\", \"time\": [5]}]",
            line: 1, column: 42, "flatten the value"),
        MalformedCase(
            "JSON object without the participant key", "a.jsonl",
            "{\"pid\": \"P1\", \"time\": 5}\n{\"time\": 6, \"hand\": \"L\"}\n", line: 2, column: 1,
            "expected a value in participant"),
        MalformedCase(
            "JSON Lines object broken across lines", "a.jsonl",
            "{\"pid\": \"P1\", \"time\": 5}\n{\"pid\": \"P1\",\n\"time\": 6}\n", line: 2, column: 1,
            "line break inside it"),
        MalformedCase(
            "JSON bad number", "a.jsonl", "{\"pid\": \"P1\", \"time\": \"soon\"}\n", line: 1, column: 15, "found 'soon'"
        ),
        MalformedCase("JSON empty array", "a.json", "[]", line: 1, column: 1, "found none"),
        MalformedCase(
            "JSON object after the array", "a.json",
            "[{\"pid\": \"P1\", \"time\": 5}]\n{\"pid\": \"P2\", \"time\": 6}\n",
            line: 2, column: 1, "expected nothing after the closing ']' of the array, found '{'"),
        MalformedCase(
            "JSON second array after the array", "a.json", "[{\"pid\": \"P1\", \"time\": 5}],\n[{\"pid\": \"P2\"}]",
            line: 1, column: 27, "rows after the ']' are not read"),
        MalformedCase(
            "JSON missing comma between objects", "a.json",
            "[{\"pid\": \"P1\", \"time\": 5}\n {\"pid\": \"P2\", \"time\": 6}]", line: 2, column: 2,
            "expected ',' between objects"),
        MalformedCase(
            "JSON doubled comma between objects", "a.json",
            "[{\"pid\": \"P1\", \"time\": 5},,{\"pid\": \"P2\", \"time\": 6}]", line: 1, column: 27,
            "found another ','; remove the extra comma"),
        MalformedCase(
            "JSON comma before the first object", "a.json", "[,{\"pid\": \"P1\", \"time\": 5}]", line: 1, column: 2,
            "after '[', found ','"),
        MalformedCase(
            "JSON trailing comma in the array", "a.json", "[{\"pid\": \"P1\", \"time\": 5},\n]", line: 2, column: 1,
            "remove the trailing comma"),
        MalformedCase(
            "JSON trailing comma in an object", "a.json",
            "[{\"pid\": \"P1\", \"time\": 5},\n {\"pid\": \"P2\", \"time\": 6, }]", line: 2, column: 2,
            "expected another key after ',', found '}'; remove the trailing comma at line 2, column 25"),
        MalformedCase(
            "JSON trailing comma in a nested array", "a.json", "[{\"pid\": \"P1\", \"time\": 5, \"keys\": [1, 2, ]}]",
            line: 1, column: 2, "expected another value after ',', found ']'"),
        MalformedCase(
            "JSON Lines with two objects on a line", "a.jsonl",
            "{\"pid\": \"P1\", \"time\": 5} {\"pid\": \"P2\", \"time\": 6}\n", line: 1, column: 26,
            "found another '{' on the same line"),
    ]

    @Test(arguments: cases)
    func malformedInputStopsWithItsLocation(_ malformed: MalformedCase) throws {
        let found = problems { _ = try importInMemory(malformed.bytes, named: malformed.file) }
        let list = try #require(found, "expected invalid input")
        let first = try #require(list.problems.first)
        #expect(first.file.hasSuffix("/" + malformed.file))
        #expect(first.line == malformed.line, "\(first)")
        #expect(first.column == malformed.column, "\(first)")
        #expect(first.description.contains(malformed.fragment), "\(first)")
        #expect(first.description.contains("\(malformed.file):\(malformed.line):\(malformed.column): expected"))
        #expect(
            ThumbLabError.invalidInput(problems: list.problems, total: list.total).description.hasPrefix(
                first.description))
    }

    @Test func noRowReachesTheSinkOnceAProblemIsFound() throws {
        let folder = TemporaryFolder()
        let path = folder.write("pid,time\nP1,5\nP1,x\nP1,6\n", named: "a.csv")
        let options = ImportOptions()
        let prepared = try ImportEngine.prepare(path: path, options: options)
        var sink = MemorySink()
        #expect(throws: ThumbLabError.self) { try ImportEngine.run(prepared, options: options, sink: &sink) }
        #expect(sink.trials.count == 1)  // the row before the problem; the caller rolls it back
    }

    @Test func firstTwentyProblemsAreListedAndAllAreCounted() throws {
        var text = "pid,time\n"
        for row in 0..<57 { text += row % 2 == 0 ? "P1,-\(row + 1)\n" : "P1,\(row)\n" }
        let list = try #require(problems { _ = try importInMemory(text) })
        #expect(list.problems.count == 20)
        #expect(list.total == 29)
        #expect(list.problems.map(\.line) == Array(stride(from: 2, through: 40, by: 2)))
    }

    @Test func missingFileIsFileNotFound() {
        #expect(throws: ThumbLabError.fileNotFound(path: "/nonexistent/log.csv")) {
            _ = try ImportEngine.prepare(path: "/nonexistent/log.csv", options: ImportOptions())
        }
    }
}
