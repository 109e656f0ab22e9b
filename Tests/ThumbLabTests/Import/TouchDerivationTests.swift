import Foundation
import Testing

@testable import ThumbLab

/// Trials derived from touch logs that have no trial rows, timed from touch contact (first
/// `down` to the selection), which makes each trial's time its own events' business;
/// ``TrialTimingTests`` covers the other timing models.
@Suite struct TouchDerivationTests {
    private static var contact: ImportOptions { ImportOptions(trialTime: .contact) }
    private let header = "pid,technique,block,trial,t,x,y,phase,target_x,target_y,target_w,target_h\n"

    @Test func oneTrialPerKeyWithSelectionFromTheUpEvent() throws {
        let text =
            header + """
                P1,Direct,1,1,1000,50,50,down,60,60,20,10
                P1,Direct,1,1,1040,55,58,move,,,,
                P1,Direct,1,1,1100,58,63,up,,,,
                P1,Direct,1,2,2000,10,10,touchstart,100,100,20,10
                P1,Direct,1,2,2300,30,30,touchend,,,,

                """
        let result = try importInMemory(text, options: Self.contact)
        #expect(result.sink.touches.count == 5)
        #expect(result.outcome.derivedTrials == 2)
        let first = result.sink.trials[0]
        #expect(first.trial == 1 && first.block == 1 && first.levels == ["Direct"] && first.participant == "P1")
        #expect(first.touchX == 58 && first.touchY == 63)
        #expect(first.timeMS == 100)
        #expect(first.hit == true)
        #expect(first.targetX == 60 && first.targetWidth == 20 && first.targetHeight == 10)
        #expect(first.line == 2)
        let second = result.sink.trials[1]
        #expect(second.timeMS == 300 && second.hit == false)
    }

    @Test func lastDownIsTheSelectionWhereThereIsNoUp() throws {
        let text =
            header + "P1,Shift,1,7,0,1,1,down,0,0,10,10\nP1,Shift,1,7,80,2,2,move,,,,\nP1,Shift,1,7,90,3,4,down,,,,\n"
        let trial = try #require(try importInMemory(text, options: Self.contact).sink.trials.first)
        #expect(trial.touchX == 3 && trial.touchY == 4 && trial.timeMS == 90 && trial.hit == true)
    }

    @Test func hitUsesARectangleCentredOnTheTargetWithInclusiveEdges() throws {
        let rows = [("10", "5", true), ("10.01", "0", false), ("-10", "-5", true), ("0", "5.5", false)]
        var text = header
        for (index, row) in rows.enumerated() {
            text +=
                "P1,Direct,1,\(index),0,\(row.0),\(row.1),down,0,0,20,10\nP1,Direct,1,\(index),5,\(row.0),\(row.1),up,,,,\n"
        }
        #expect(try importInMemory(text, options: Self.contact).sink.trials.map(\.hit) == rows.map(\.2))
    }

    @Test func widthStandsInForAMissingHeight() throws {
        let text = "pid,trial,t,x,y,phase,target_x,target_y,target_w\nP1,1,0,0,9,down,0,0,20\nP1,1,5,0,9,up,,,\n"
        let trial = try #require(try importInMemory(text, options: Self.contact).sink.trials.first)
        #expect(trial.hit == true && trial.targetHeight == 20)
    }

    @Test func hitIsUnknownWithoutTargetGeometry() throws {
        let text = "pid,trial,t,x,y,phase\nP1,1,0,1,1,began\nP1,1,40,1,1,ended\n"
        let trial = try #require(try importInMemory(text, options: Self.contact).sink.trials.first)
        #expect(trial.hit == nil && trial.timeMS == 40)
    }

    @Test func androidActionCodesAndCancel() throws {
        // A touch cancelled by the system does not select; the later tap does.
        let text = "pid,trial,t,x,y,action\nP1,1,0,5,5,0\nP1,1,20,6,6,3\nP1,1,50,7,7,0\nP1,1,70,8,8,2\nP1,1,90,9,9,1\n"
        let result = try importInMemory(text, options: Self.contact)
        #expect(result.sink.touches.map(\.phase) == [.down, .down, .move, .up])
        #expect(result.outcome.cancelledTouches == 1)
        let trial = try #require(result.sink.trials.first)
        #expect(trial.touchX == 9 && trial.timeMS == 90)
    }

    @Test func aCancelledOnlyTouchMakesNoTrialAndIsCounted() throws {
        let text = "pid,trial,t,x,y,phase\nP1,1,0,5,5,down\nP1,1,20,6,6,cancel\nP1,2,30,1,1,down\nP1,2,60,1,1,up\n"
        let result = try importInMemory(text, options: Self.contact)
        #expect(result.sink.trials.map(\.trial) == [2])
        #expect(result.outcome.touchGroupsWithoutSelection == 1)
    }

    @Test func interleavedParticipantsKeepTheirOwnOpenTrials() throws {
        let text = "pid,trial,t,x,y,phase\nP1,1,0,1,1,down\nP2,1,5,2,2,down\nP1,1,30,1,1,up\nP2,1,45,2,2,up\n"
        let trials = try importInMemory(text, options: Self.contact).sink.trials
        #expect(trials.map(\.participant) == ["P1", "P2"])
        #expect(trials.map(\.timeMS) == [30, 40])
    }

    @Test func aKeyThatComesBackLaterIsANewAttempt() throws {
        let text =
            "pid,trial,t,x,y,phase\nP1,4,0,1,1,down\nP1,4,10,1,1,up\nP1,5,20,1,1,down\nP1,5,30,1,1,up\nP1,4,40,1,1,down\nP1,4,55,1,1,up\n"
        let trials = try importInMemory(text, options: Self.contact).sink.trials
        #expect(trials.map(\.trial) == [4, 5, 4])
        #expect(trials.map(\.timeMS) == [10, 10, 15])
    }

    @Test func withoutATrialColumnEachTapIsATrialNumberedInOrder() throws {
        let text =
            "pid,technique,t,x,y,phase\nP1,A,0,1,1,down\nP1,A,10,1,1,up\nP1,A,20,2,2,down\nP1,A,25,2,2,move\nP1,A,35,2,2,up\nP1,B,50,3,3,down\nP1,B,58,3,3,up\n"
        let trials = try importInMemory(text, options: Self.contact).sink.trials
        #expect(trials.map(\.trial) == [1, 2, 1])
        #expect(trials.map(\.levels) == [["A"], ["A"], ["B"]])
        #expect(trials.map(\.timeMS) == [10, 15, 8])
    }

    @Test func trialIsWrittenAfterItsTouches() throws {
        let text = "pid,trial,t,x,y,phase\nP1,1,0,1,1,down\nP1,1,10,1,1,up\nP1,2,20,1,1,down\nP1,2,30,1,1,up\n"
        let result = try importInMemory(text, options: Self.contact)
        #expect(result.sink.trials.map(\.line) == [2, 4])
        #expect(result.sink.order == ["touch", "touch", "trial", "touch", "touch", "trial"])
    }
}
