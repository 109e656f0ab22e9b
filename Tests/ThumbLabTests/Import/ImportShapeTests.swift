import Foundation
import Testing

@testable import ThumbLab

/// How the import tells a file's format, comment lines, row numbers and outcome words, and
/// the problems of each when the file does not fit.
@Suite struct ImportShapeTests {
    @Test(arguments: [
        ("{\"a\":1}\n", InputFormat.jsonl), ("  \n[ {\"a\": 1} ]", .json), ("[]", .json),
        ("[#]presented\ttranscribed\n", .csv), ("a,b\n1,2\n", .csv), ("", .csv),
        ("\u{FEFF}{\"a\":1}", .jsonl), ("[1, 2]", .csv),
    ])
    func formatToldByTheFirstBytes(head: String, format: InputFormat) {
        #expect(InputFormat.told(byHead: Array(head.utf8)) == format)
    }

    @Test(arguments: [
        ("log.txt", nil), ("log.LOG", nil), ("log", nil), ("a.dat", nil), ("a.csv", InputFormat.csv),
        ("a.TSV", .tsv), ("a.json", .json), ("a.ndjson", .jsonl), ("a.jsonl", .jsonl),
    ])
    func formatNamedByTheExtension(path: String, format: InputFormat?) {
        #expect(InputFormat.named(byPath: path) == format)
    }

    @Test func givenFormatOverridesTheExtension() throws {
        var options = ImportOptions()
        options.input = .tsv
        let result = try importInMemory("pid\ttime\nP1\t5,5\n", named: "log.csv", options: options)
        #expect(result.sink.trials.map(\.timeMS) == [5.5])
        #expect(result.decisions.isEmpty)
    }

    @Test func givenJSONLinesForAJSONArrayIsAProblem() throws {
        var options = ImportOptions()
        options.input = .jsonl
        let found = try #require(
            problems { _ = try importInMemory("[{\"pid\":\"P1\",\"time\":5}]", named: "a.txt", options: options) })
        #expect(found.problems[0].message.contains("expected JSON Lines (one object a line)"))
    }

    @Test func columnNamesForAJSONFileAreASetupProblem() {
        var options = ImportOptions()
        options.columns = ["pid", "time"]
        #expect(throws: ThumbLabError.importSetup(.columnNamesForJSON)) {
            _ = try importInMemory("{\"pid\":\"P1\",\"time\":5}\n", named: "a.jsonl", options: options)
        }
    }

    @Test func hashFollowedByADelimiterIsAColumnName() throws {
        let result = try importInMemory("#,pid,time\n1,P1,5\n2,P1,6\n")
        #expect(result.decisions == [])
        #expect(result.sink.factors == ["#"])
    }

    @Test func commentLinesAreSkippedAndTheHeaderFollows() throws {
        let result = try importInMemory("# exported 2024-05-01, v2\n\n# 2 participants\npid,time\nP1,5\n")
        #expect(result.sink.trials.count == 1)
        guard case .commentLines(let lines) = try #require(result.decisions.first) else {
            Issue.record("expected comment lines, found \(result.decisions)")
            return
        }
        #expect(lines.map(\.line) == [1, 3])
        // A comment with as many fields as the header, before a header, is no header.
        #expect(!result.decisions.contains(.headerFromComment(line: 3)))
        let twoFields = try importInMemory("# exported, v2\npid,time\nP1,5\n")
        #expect(twoFields.sink.trials.count == 1)
    }

    @Test func commentLinesAcrossChunkBoundariesAndCRLF() throws {
        let comments = (1...3000).map { "# note \($0)\r\n" }.joined()
        let result = try importInMemory(comments + "pid,time\r\nP1,5\r\nP2,6\r\n")
        #expect(result.sink.trials.map(\.participant) == ["P1", "P2"])
        guard case .commentLines(let lines) = try #require(result.decisions.first) else { return }
        #expect(lines.count == 3000)
        #expect(lines.last == .init(line: 3000, text: "# note 3000"))
        #expect(result.sink.trials.map(\.values.line) == [3002, 3003])
    }

    @Test func rowNumbersNotUniqueAreAColumnWithoutAName() throws {
        let found = try #require(problems { _ = try importInMemory(",pid,time\n1,P1,5\n1,P1,6\n") })
        #expect(found.problems.map(\.column) == [1, 1])
        #expect(found.problems[0].remedy == .nameOrLeaveOut(column: 1))
    }

    @Test func columnWithoutANameLeftOutByItsPosition() throws {
        var options = ImportOptions()
        options.ignore = ["@3"]
        let result = try importInMemory("pid,time,,note\nP1,5,x,a\nP1,6,x,b\n", options: options)
        #expect(result.sink.trials.count == 2)
        #expect(result.sink.factors == ["note"])
        #expect(result.decisions == [.leftOutByPosition(column: 3)])
        options.ignore = ["@5"]
        #expect(throws: ThumbLabError.importSetup(.columnPositionBeyondHeader(position: 5, columns: 4))) {
            _ = try importInMemory("pid,time,,note\nP1,5,x,a\n", options: options)
        }
    }

    @Test func pandasUnnamedColumnIsNoFactor() throws {
        var options = ImportOptions()
        options.ignore = ["Unnamed: 3"]
        let result = try importInMemory("pid,time,Unnamed: 3\nP1,5,x\nP1,6,x\n", options: options)
        #expect(result.sink.factors == [])
        let found = try #require(problems { _ = try importInMemory("pid,time,...3\nP1,5,x\n") })
        #expect(found.problems[0].remedy == .nameOrLeaveOut(column: 3))
    }

    @Test(arguments: [
        ("success", true), ("Failure", false), ("ERROR", false), ("correct", true), ("incorrect", false),
        ("wrong", false), ("pass", true), ("fail", false), ("OK", true), ("hit", true), ("miss", false),
        ("Successful", true), ("unsuccessful", false), ("1", true), ("false", false),
    ])
    func outcomeWordsInAHitColumn(word: String, hit: Bool) throws {
        let result = try importInMemory("pid,result\nP1,\(word)\n")
        #expect(result.sink.trials.map(\.hit) == [hit])
    }

    @Test(arguments: [("1", false), ("0", true), ("yes", false), ("success", true), ("error", false), ("miss", false)])
    func aMissColumnAnswersWhetherTheTrialMissed(value: String, hit: Bool) throws {
        let result = try importInMemory("pid,missed\nP1,\(value)\n")
        #expect(result.sink.trials.map(\.hit) == [hit])
    }

    @Test func unknownOutcomeWordNamesTheWordsAndTheCoding() throws {
        let found = try #require(problems { _ = try importInMemory("pid,outcome\nP1,success\nP1,timeout\n") })
        #expect((found.problems[0].line, found.problems[0].column) == (3, 2))
        #expect(found.problems[0].message.contains("success/error"))
        #expect(found.problems[0].message.contains("found 'timeout'"))
        #expect(found.problems[0].remedy == .sayWhichAreHits(column: "outcome"))
    }

    @Test func hitCodingNamesTheHitsAndEveryOtherValueIsAMiss() throws {
        var options = ImportOptions()
        options.hitWhen = HitCoding(column: "status_code", hitValues: ["200", " OK "])
        let result = try importInMemory(
            "pid,status_code,time\nP1,200,5\nP1,404,\nP1,ok,7\nP1,,8\n", options: options)
        #expect(result.sink.trials.map(\.hit) == [true, false, true, nil])
        #expect(result.decisions == [.hitWhen(column: "status_code", hitValues: ["200", "OK"])])
        #expect(result.sink.factors == [])
    }
}
