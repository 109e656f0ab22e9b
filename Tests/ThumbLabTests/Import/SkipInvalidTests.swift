import Foundation
import Testing

@testable import ThumbLab

/// `skipInvalid`: the valid rows go in, every invalid row is recorded with its line,
/// reason and raw text.
@Suite struct SkipInvalidTests {
    private let options = ImportOptions(skipInvalid: true)

    @Test func validRowsAreKeptAndRejectedRowsRecorded() throws {
        let text = "pid,technique,time,hit\nP1,A,500,1\nP1,A,-20,1\nP1,\"B\"x,400,0\nP1,A,300\nP2,B,450,yes\n"
        let result = try importInMemory(text, options: options)
        #expect(result.sink.trials.map(\.timeMS) == [500, 450])
        #expect(result.outcome.rejected == 3)
        #expect(result.outcome.rows == 5)
        #expect(result.sink.rejected.map(\.line) == [3, 4, 5])
        #expect(result.sink.rejected.map(\.raw) == ["P1,A,-20,1", "P1,\"B\"x,400,0", "P1,A,300"])
        #expect(result.sink.rejected[0].reason.contains("3:3: expected a value of 0 or more"))
        #expect(result.sink.rejected[2].reason.contains("expected 4 fields"))
    }

    @Test func aRowWithSeveralProblemsIsRejectedOnceWithAllReasons() throws {
        let result = try importInMemory("pid,time,hit\nP1,x,maybe\nP1,5,1\n", options: options)
        #expect(result.sink.rejected.count == 1)
        #expect(result.sink.rejected[0].reason.contains("2:2:") && result.sink.rejected[0].reason.contains("2:3:"))
        #expect(result.outcome.problems.total == 2)
    }

    @Test func rawTextOfAQuotedMultiLineRowIsKept() throws {
        let text = "pid,note,time\r\nP1,\"first\r\nsecond\",-1\r\nP1,ok,2\r\n"
        let result = try importInMemory(text, options: options)
        #expect(result.sink.rejected.map(\.raw) == ["P1,\"first\r\nsecond\",-1"])
        #expect(result.sink.rejected.map(\.line) == [2])
        #expect(result.sink.trials.map(\.line) == [4])
    }

    @Test func rejectedJSONObjectKeepsItsText() throws {
        let text = "{\"pid\": \"P1\", \"time\": 5}\n{\"pid\": \"P1\", \"time\": -5}\n{\"pid\": \"P2\", \"time\": 7}\n"
        let result = try importInMemory(text, named: "a.jsonl", options: options)
        #expect(result.sink.trials.map(\.participant) == ["P1", "P2"])
        #expect(result.sink.rejected.map(\.raw) == ["{\"pid\": \"P1\", \"time\": -5}"])
    }

    @Test func invalidTouchRowsDoNotShapeDerivedTrials() throws {
        let text = "pid,trial,t,x,y,phase\nP1,1,0,1,1,down\nP1,1,20,x,1,up\nP1,1,30,2,2,up\n"
        var contact = options
        contact.trialTime = .contact
        let result = try importInMemory(text, options: contact)
        #expect(result.sink.touches.count == 2)
        #expect(result.sink.trials.first?.timeMS == 30)
        #expect(result.outcome.rejected == 1)
    }

    @Test func headerProblemsStillStopTheImport() {
        #expect(problems { _ = try importInMemory("pid,technique\nP1,A\nP1,B\n", options: options) } != nil)
        #expect(problems { _ = try importInMemory("pid,time\n", options: options) } != nil)
    }
}
