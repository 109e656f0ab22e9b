import Foundation
import Testing

@testable import ThumbLab

/// How trials derived from touch events are timed: from the previous selection, from the
/// stimulus onset, or from touch contact, on touch logs written with known times.
@Suite struct TrialTimingTests {
    /// One touch event of the generated log.
    struct Event {
        var pid = "P1"
        var technique: String
        var block: Int
        var trial: Int
        var t: Double
        var x: Double
        var y: Double
        var phase: String
        var role = "target"
        var onset: Double?
    }

    /// Participant P1: block 1 opens with a start tap that names trial 1; trial 2 changes
    /// the condition; trial 3 is missed once and retried under its number. Block 2 has no
    /// start tap. P2's only trial has none either.
    static let events: [Event] = [
        Event(technique: "Direct", block: 1, trial: 1, t: 1000, x: 50, y: 50, phase: "down", role: "start"),
        Event(technique: "Direct", block: 1, trial: 1, t: 1060, x: 52, y: 52, phase: "up", role: "start"),
        Event(technique: "Direct", block: 1, trial: 1, t: 1500, x: 100, y: 200, phase: "down", onset: 1100),
        Event(technique: "Direct", block: 1, trial: 1, t: 1550, x: 101, y: 201, phase: "up", onset: 1100),
        Event(technique: "Shift", block: 1, trial: 2, t: 2300, x: 300, y: 200, phase: "down", onset: 1600),
        Event(technique: "Shift", block: 1, trial: 2, t: 2340, x: 299, y: 202, phase: "up", onset: 1600),
        Event(technique: "Direct", block: 1, trial: 3, t: 3000, x: 500, y: 500, phase: "down", onset: 2400),
        Event(technique: "Direct", block: 1, trial: 3, t: 3050, x: 480, y: 480, phase: "up", onset: 2400),
        Event(technique: "Direct", block: 1, trial: 3, t: 3400, x: 501, y: 499, phase: "down", onset: 2400),
        Event(technique: "Direct", block: 1, trial: 3, t: 3440, x: 501, y: 499, phase: "up", onset: 2400),
        Event(technique: "Direct", block: 2, trial: 1, t: 5600, x: 10, y: 10, phase: "down", onset: 5000),
        Event(technique: "Direct", block: 2, trial: 1, t: 5650, x: 12, y: 12, phase: "up", onset: 5000),
        Event(technique: "Shift", block: 2, trial: 2, t: 6200, x: 20, y: 20, phase: "down", onset: 5700),
        Event(technique: "Shift", block: 2, trial: 2, t: 6260, x: 20, y: 21, phase: "up", onset: 5700),
        Event(pid: "P2", technique: "Direct", block: 1, trial: 1, t: 1200, x: 7, y: 7, phase: "down", onset: 1000),
        Event(pid: "P2", technique: "Direct", block: 1, trial: 1, t: 1230, x: 7, y: 7, phase: "up", onset: 1000),
    ]

    /// The derived trials in file order: (time in each model, start point).
    static let expected: [(previous: Double?, onset: Double?, contact: Double?, start: [Double]?)] = [
        (490, 450, 550, [52, 52]),
        (790, 740, 40, [101, 201]),
        (710, 650, 50, [299, 202]),
        (390, 1040, 40, [480, 480]),
        (nil, 650, 50, nil),
        (610, 560, 60, [12, 12]),
        (nil, 230, 30, nil),
    ]

    enum Format: String, CaseIterable {
        case csv, json, jsonl
    }

    /// The log as a file of `format`, with or without the onset column.
    static func log(_ events: [Event], format: Format, onset: Bool = true) -> String {
        let names =
            ["pid", "technique", "block", "trial", "t", "x", "y", "phase", "role"] + (onset ? ["onset_ms"] : [])
        func number(_ value: Double) -> String { String(Int(value)) }
        let rows: [[String]] = events.map { event in
            [
                event.pid, event.technique, "\(event.block)", "\(event.trial)", number(event.t), number(event.x),
                number(event.y), event.phase, event.role,
            ] + (onset ? [event.onset.map(number) ?? ""] : [])
        }
        switch format {
        case .csv:
            return ([names] + rows).map { $0.joined(separator: ",") }.joined(separator: "\n") + "\n"
        case .json, .jsonl:
            let objects = rows.map { row in
                "{"
                    + zip(names, row).map { name, value in
                        let isText = ["pid", "technique", "phase", "role"].contains(name)
                        let shown = value.isEmpty ? "null" : isText ? "\"\(value)\"" : value
                        return "\"\(name)\": \(shown)"
                    }.joined(separator: ", ") + "}"
            }
            return format == .json
                ? "[\n" + objects.joined(separator: ",\n") + "\n]\n" : objects.joined(separator: "\n") + "\n"
        }
    }

    static func load(_ format: Format, _ timing: TrialTiming, onset: Bool = true) throws -> MemoryImport {
        try importInMemory(
            log(events, format: format, onset: onset), named: "taps.\(format.rawValue)",
            options: ImportOptions(trialTime: timing))
    }

    @Test(arguments: Format.allCases, [TrialTiming.previous, .onset, .contact])
    func eachModelGivesItsTimesInEveryFormat(format: Format, timing: TrialTiming) throws {
        let result = try Self.load(format, timing, onset: timing == .onset)
        let trials = result.sink.trials
        #expect(trials.map(\.participant) == ["P1", "P1", "P1", "P1", "P1", "P1", "P2"])
        #expect(trials.map(\.trial) == [1, 2, 3, 3, 1, 2, 1])
        let times: [Double?] =
            switch timing {
            case .previous: Self.expected.map(\.previous)
            case .onset: Self.expected.map(\.onset)
            default: Self.expected.map(\.contact)
            }
        #expect(trials.map(\.timeMS) == times)
        let starts = trials.map { trial in trial.startX.flatMap { x in trial.startY.map { [x, $0] } } }
        #expect(starts == Self.expected.map(\.start))
        #expect(result.outcome.trialsWithoutTime == (timing == .previous ? 2 : 0))
    }

    @Test func autoTakesTheOnsetColumnWhereThereIsOneAndThePreviousSelectionElse() throws {
        let withColumn = try Self.load(.csv, .auto)
        #expect(withColumn.sink.trials.map(\.timeMS) == Self.expected.map(\.onset))
        let without = try Self.load(.csv, .auto, onset: false)
        #expect(without.sink.trials.map(\.timeMS) == Self.expected.map(\.previous))
        #expect(ImportOptions().trialTime == .auto)
    }

    @Test func aRetryWithoutItsOwnOnsetKeepsTheOnsetOfTheAttemptBefore() throws {
        var events = Self.events
        events[8].onset = nil
        events[9].onset = nil
        let result = try importInMemory(
            Self.log(events, format: .csv), options: ImportOptions(trialTime: .onset))
        #expect(result.sink.trials[3].timeMS == 1040)
    }

    @Test func explicitStartPointsWinOverThePreviousSelection() throws {
        let text = """
            pid,trial,t,x,y,phase,start_x,start_y
            P1,1,0,5,5,down,,
            P1,1,40,6,6,up,,
            P1,2,500,50,50,down,1,2
            P1,2,540,51,51,up,,
            P1,3,900,90,90,down,,
            P1,3,950,91,91,up,,

            """
        let trials = try importInMemory(text).sink.trials
        #expect(trials.map(\.startX) == [nil, 1, 51])
        #expect(trials.map(\.startY) == [nil, 2, 51])
        #expect(trials.map(\.timeMS) == [nil, 500, 410])
    }

    @Test func aClockRunningBackwardsStillGivesNoTimeWithoutCountingIt() throws {
        let text = "pid,trial,t,x,y,phase\nP1,1,500,5,5,down\nP1,1,540,6,6,up\nP1,2,100,1,1,down\nP1,2,140,1,1,up\n"
        let result = try importInMemory(text, options: ImportOptions(trialTime: .previous))
        #expect(result.sink.trials.map(\.timeMS) == [nil, nil])
        #expect(result.outcome.trialsWithoutTime == 1)
    }

    @Test func onsetWithoutAnOnsetColumnIsASetupProblemNamingTheAliases() throws {
        let text = Self.log(Self.events, format: .csv, onset: false)
        do {
            _ = try importInMemory(text, options: ImportOptions(trialTime: .onset))
            Issue.record("expected a set-up problem")
        } catch ThumbLabError.importSetup(.onsetColumnMissing(let names)) {
            for alias in ["onset", "onsetms", "stimulusonset", "targetonset", "shownat"] {
                #expect(names.contains(alias))
            }
        }
    }

    @Test(arguments: [Format.csv, .jsonl])
    func anOnsetAfterItsSelectionIsADataErrorAtTheOnsetValue(format: Format) throws {
        var events = Self.events
        events[4].onset = 2400  // trial 2's selection is at 2340
        let text = Self.log(events, format: format)
        let found = try #require(
            problems { _ = try importInMemory(text, named: "taps.\(format.rawValue)", options: ImportOptions()) })
        #expect(found.total == 1)
        let problem = try #require(found.problems.first)
        // Event 4 is on line 6 of the CSV (after the header) and line 5 of the JSON Lines.
        #expect(problem.line == (format == .csv ? 6 : 5))
        if format == .csv { #expect(problem.column == 10) }
        #expect(problem.message.contains("2400") && problem.message.contains("2340"))
    }
}
