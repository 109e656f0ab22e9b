import Foundation
import Testing

@testable import ThumbLab

/// Each kind of row read from CSV, JSON arrays and JSON Lines, with its values checked.
@Suite struct RowKindTests {
    @Test func trialRowsCarryEveryField() throws {
        let text = """
            Participant,Technique,Block,Trial,Target_X,Target_Y,Target_W,Target_H,Start_X,Start_Y,Touch_X,Touch_Y,MT,Hit,Errors
            P01,ThumbSpace,1,3,120.5,300,44,40,10,20,118,302.25,812.5,1,0
            P01,Shift,2,4,,,,,,,,,NA,no,2

            """
        let result = try importInMemory(text)
        #expect(result.sink.factors == ["Technique"])
        #expect(result.sink.trials.count == 2)
        let first = result.sink.trials[0]
        #expect(
            first
                == TrialRecord(
                    participant: "P01", levels: ["ThumbSpace"], block: 1, trial: 3, targetX: 120.5, targetY: 300,
                    targetWidth: 44, targetHeight: 40, startX: 10, startY: 20, touchX: 118, touchY: 302.25,
                    timeMS: 812.5, hit: true, errors: 0, line: 2))
        let second = result.sink.trials[1]
        #expect(second.timeMS == nil && second.targetX == nil && second.hit == false && second.errors == 2)
        #expect(second.line == 3)
    }

    @Test(arguments: [
        ("1", true), ("0", false), ("TRUE", true), ("false", false), ("Yes", true), ("no", false),
        ("hit", true), ("MISS", false), ("y", true), ("n", false),
    ])
    func booleanSpellings(text: String, value: Bool) throws {
        let result = try importInMemory("pid,hit\nP1,\(text)\n")
        #expect(result.sink.trials.first?.hit == value)
    }

    @Test func errorColumnIsAMissFlagStoredInvertedAsHit() throws {
        let result = try importInMemory("pid,error\nP1,1\nP1,0\n")
        #expect(result.sink.trials.map(\.hit) == [false, true])
        #expect(result.sink.trials.allSatisfy { $0.errors == nil })
    }

    @Test func errorCountColumnIsACount() throws {
        let result = try importInMemory("pid,error_count\nP1,3\n")
        #expect(result.sink.trials.first?.errors == 3)
        #expect(result.sink.trials.first?.hit == nil)
    }

    @Test(arguments: [
        ("1e3", 1000.0), ("-0.5", -0.5), ("  42 ", 42), ("0.1", 0.1), ("123456789.123456789", 123456789.123456789),
        ("1E-2", 0.01), (".5", 0.5),
    ])
    func numbersParseExactly(text: String, value: Double) throws {
        let result = try importInMemory("pid,target_x,time\nP1,\(text),1\n")
        #expect(result.sink.trials.first?.targetX == value)
    }

    @Test func trailingDelimitersAsSpreadsheetsWriteThemAreAccepted() throws {
        let result = try importInMemory("pid;technique;time;;\r\nP1;A;5;;\r\nP2;B;6;;\r\n")
        #expect(result.sink.factors == ["technique"])
        #expect(result.sink.trials.map(\.timeMS) == [5, 6])
    }

    @Test func semicolonFilesReadDecimalCommas() throws {
        let result = try importInMemory("pid;time;target_x;trial\nP1;512,25;3,5e2;4\nP1;7;0,125;5,0\n")
        #expect(result.sink.trials.map(\.timeMS) == [512.25, 7])
        #expect(result.sink.trials.map(\.targetX) == [350, 0.125])
        #expect(result.sink.trials.map(\.trial) == [4, 5])
    }

    @Test func participantsAndLevelsKeepTheirTextExactly() throws {
        let text =
            "pid;technique;size;mt\nJosé;Daumen Zoom;\"9,6 mm\";1\nJosé;Daumen Zoom;\"9,6 mm\";2\n参加者;直接;3.6 mm;3\n"
        let result = try importInMemory(text)
        #expect(result.sink.trials.map(\.participant) == ["José", "José", "参加者"])
        #expect(
            result.sink.trials.map(\.levels) == [
                ["Daumen Zoom", "9,6 mm"], ["Daumen Zoom", "9,6 mm"], ["直接", "3.6 mm"],
            ])
    }

    @Test func repeatedTrialNumbersAreKeptAsSeparateRowsInFileOrder() throws {
        let text =
            "pid,technique,block,trial,time,hit\nP1,Direct,1,5,900,0\nP1,Direct,1,5,700,0\nP1,Direct,1,5,650,1\nP1,Direct,1,6,500,1\n"
        let result = try importInMemory(text)
        #expect(result.sink.trials.map(\.trial) == [5, 5, 5, 6])
        #expect(result.sink.trials.map(\.timeMS) == [900, 700, 650, 500])
        #expect(result.sink.trials.map(\.line) == [2, 3, 4, 5])
    }

    @Test func touchRowsCarryTimestampPointAndPhase() throws {
        let text = "pid,trial,t,x,y,phase\nP1,1,100,10,20,down\nP1,1,130,11,21,move\nP1,1,180,12,22,up\n"
        let result = try importInMemory(text)
        #expect(result.sink.touches.map(\.phase) == [.down, .move, .up])
        #expect(
            result.sink.touches[2]
                == TouchRecord(participant: "P1", trial: 1, timeMS: 180, x: 12, y: 22, phase: .up, line: 4))
    }

    @Test func responseRows() throws {
        let text = "participant,technique,instrument,item,score\nP1,Shift,SUS,Q1,4\nP1,Shift,SUS,Q2,2\n"
        let result = try importInMemory(text)
        #expect(result.layout.kind == .responses)
        #expect(
            result.sink.responses == [
                ResponseRecord(participant: "P1", levels: ["Shift"], instrument: "SUS", item: "Q1", value: 4, line: 2),
                ResponseRecord(participant: "P1", levels: ["Shift"], instrument: "SUS", item: "Q2", value: 2, line: 3),
            ])
    }

    @Test func jsonArrayIsReadObjectByObject() throws {
        let text = """
            [
              {"participant": "P1", "technique": "Shift", "time_ms": 512.5, "hit": true, "trial": 1},
              {"participant": "P1", "technique": "Direct", "time_ms": 430, "hit": false},
              {"participant": "P2", "technique": "Dir\\u00e9ct", "time_ms": null, "hit": 1, "trial": 2}
            ]
            """
        let result = try importInMemory(text, named: "log.json")
        #expect(result.sink.factors == ["technique"])
        #expect(result.sink.trials.map(\.hit) == [true, false, true])
        #expect(result.sink.trials.map(\.timeMS) == [512.5, 430, nil])
        #expect(result.sink.trials.map(\.levels) == [["Shift"], ["Direct"], ["Diréct"]])
        #expect(result.sink.trials.map(\.line) == [2, 3, 4])
        #expect(result.sink.trials.map(\.trial) == [1, nil, 2])
    }

    @Test func jsonLinesOfTouchEvents() throws {
        let text = """
            {"pid": "P1", "trial": 1, "timestamp": 10, "x": 5, "y": 6, "action": 0}
            {"pid": "P1", "trial": 1, "timestamp": 60, "x": 5.5, "y": 6.5, "action": 1}

            """
        let result = try importInMemory(text, named: "touches.jsonl", options: ImportOptions(trialTime: .contact))
        #expect(result.layout.kind == .touches)
        #expect(result.sink.touches.map(\.phase) == [.down, .up])
        #expect(result.sink.trials.count == 1)
        #expect(result.sink.trials.first?.timeMS == 50)
    }

    @Test func jsonFormatIsSniffedWithoutExtension() throws {
        let result = try importInMemory("{\"pid\":\"P1\",\"mt\":5}\n", named: "log.txt2")
        #expect(result.sink.trials.first?.timeMS == 5)
    }

    @Test func progressIsReportedWithRowsAndBytes() throws {
        var text = "pid,time\n"
        for row in 0..<(ImportProgress.interval + 10) { text += "P\(row % 7),\(row)\n" }
        let reports = ProgressLog()
        let options = ImportOptions(progress: { reports.append($0) })
        let result = try importInMemory(text, options: options)
        #expect(result.sink.trials.count == ImportProgress.interval + 10)
        #expect(reports.values.map(\.rows) == [ImportProgress.interval, ImportProgress.interval + 10])
        #expect(reports.values.last?.bytes == text.utf8.count)
        #expect(reports.values.last?.totalBytes == text.utf8.count)
    }
}

/// Progress reports gathered by a callback.
final class ProgressLog: @unchecked Sendable {
    private(set) var values: [ImportProgress] = []
    func append(_ progress: ImportProgress) { values.append(progress) }
}
