import Foundation
import Testing

@testable import ThumbLab

/// What records the timing of trials derived from touch events: the batch, the study
/// layout, the import summary and the selection every analysis states; with a trial log
/// over the touch log in either order, and with `skipInvalid`.
@Suite struct TrialTimingRecordTests {
    @Test func withSkipInvalidALateOnsetLeavesItsTrialWithoutATimeAndIsWarnedAbout() throws {
        var events = TrialTimingTests.events
        events[4].onset = 2400
        let folder = TemporaryFolder()
        let database = try StudyDatabase(path: folder.url.appendingPathComponent("s.sqlite").path)
        let path = folder.write(TrialTimingTests.log(events, format: .csv), named: "taps.csv")
        let report = try Importer(database: database).importFile(
            at: path, options: ImportOptions(study: "s", skipInvalid: true))
        #expect(report.warnings.count == 1)
        #expect(report.warnings.first?.description.contains("taps.csv:6:10: expected a stimulus onset") == true)
        let times = try Self.column(database, "SELECT time_ms FROM trial ORDER BY id")
        var expected = TrialTimingTests.expected.map(\.onset)
        expected[1] = nil
        #expect(times == expected)
    }

    @Test func aTrialLogOverTheTouchLogLeavesNoDerivedTimingInEitherOrder() throws {
        let trialLog = """
            pid,technique,block,trial,time,hit
            P1,Direct,1,1,480,1
            P1,Shift,1,2,780,1
            P1,Direct,1,3,700,0
            P1,Direct,1,3,400,1
            P1,Direct,2,1,600,1
            P1,Shift,2,2,600,1
            P2,Direct,1,1,220,1

            """
        for touchFirst in [true, false] {
            let folder = TemporaryFolder()
            let database = try StudyDatabase(path: folder.url.appendingPathComponent("s.sqlite").path)
            let touches = folder.write(
                TrialTimingTests.log(TrialTimingTests.events, format: .csv, onset: false), named: "taps.csv")
            let trials = folder.write(trialLog, named: "trials.csv")
            let importer = Importer(database: database)
            let order = touchFirst ? [touches, trials] : [trials, touches]
            if touchFirst {
                _ = try importer.importFile(at: order[0], options: ImportOptions(study: "s"))
                #expect(try database.layout(study: "s").trialTiming == [.previous])
                let times = try Self.column(database, "SELECT time_ms FROM trial ORDER BY id")
                #expect(times == TrialTimingTests.expected.map(\.previous))
                _ = try importer.importFile(at: order[1], options: ImportOptions(study: "s"))
            } else {
                for path in order { _ = try importer.importFile(at: path, options: ImportOptions(study: "s")) }
            }
            #expect(try database.layout(study: "s").trialTiming == [])
            let models = try Self.texts(database, "SELECT kind, trial_time FROM batch ORDER BY kind")
            #expect(models == ["touches previous", "trials -"])
        }
    }

    @Test func theBatchAndTheLayoutRecordTheModelOfDerivedTrials() throws {
        let folder = TemporaryFolder()
        let database = try StudyDatabase(path: folder.url.appendingPathComponent("s.sqlite").path)
        let path = folder.write(TrialTimingTests.log(TrialTimingTests.events, format: .jsonl), named: "taps.jsonl")
        let report = try Importer(database: database).importFile(at: path, options: ImportOptions(study: "s"))
        #expect(report.trialTime == .onset && report.trialsWithoutTime == 0)
        #expect(try Self.texts(database, "SELECT kind, trial_time FROM batch") == ["touches onset"])
        #expect(try database.layout(study: "s").trialTiming == [.onset])
    }

    @Test func theSelectionSentenceAndJSONStateTheTiming() throws {
        var summary = SelectionSummary(
            study: "s", keep: [], exclude: [], attempts: .first, trials: 7, participants: 2)
        #expect(!summary.sentence.contains("derived"))
        guard case .object(let plain) = summary.json else { return }
        #expect(!plain.contains { $0.0 == "trial_time" })
        summary.trialTiming = [.previous]
        #expect(summary.sentence.hasSuffix("; trials derived from touch events timed from the previous selection"))
        guard case .object(let fields) = summary.json else { return }
        #expect(fields.first { $0.0 == "trial_time" }?.1 == .array([.string("previous")]))
    }

    @Test func theSelectionStatesTheTimingOnlyWhereItKeepsDerivedTrials() throws {
        let folder = TemporaryFolder()
        let database = try StudyDatabase(path: folder.url.appendingPathComponent("s.sqlite").path)
        let path = folder.write(
            TrialTimingTests.log(TrialTimingTests.events, format: .csv, onset: false), named: "taps.csv")
        _ = try Importer(database: database).importFile(at: path, options: ImportOptions(study: "s"))
        let layout = try database.layout(study: "s")
        func timing(_ selection: Selection) throws -> [TrialTimeModel] {
            SelectionSummary(try ResolvedSelection(selection, layout: layout), trials: 0, participants: 0).trialTiming
        }
        #expect(try timing(Selection()) == [.previous])
        #expect(try timing(Selection(exclude: [LevelFilter(factor: "block", levels: ["2"])])) == [.previous])
        #expect(try timing(Selection(exclude: [LevelFilter(factor: "block", levels: ["1", "2"])])) == [])
        #expect(try timing(Selection(keep: [LevelFilter(factor: "technique", levels: ["Shift"])])) == [.previous])
    }

    static func column(_ database: StudyDatabase, _ sql: String) throws -> [Double?] {
        let statement = try database.connection.prepare(sql)
        var values: [Double?] = []
        while try statement.step() { values.append(statement.optionalDouble(0)) }
        return values
    }

    static func texts(_ database: StudyDatabase, _ sql: String) throws -> [String] {
        let statement = try database.connection.prepare(sql)
        var values: [String] = []
        while try statement.step() {
            values.append((0..<statement.columnCount).map { statement.optionalText($0) ?? "-" }.joined(separator: " "))
        }
        return values
    }
}
