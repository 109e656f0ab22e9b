import Foundation
import Testing

@testable import ThumbLab

/// What `Study.power(fromStudy:)` refuses, and how: a pilot of one participant or without
/// the factor, a measure other than time or error, settings out of range; and a participant
/// without every level, who leaves the analytic part but stays in the model.
@Suite struct PilotPowerInputTests {
    let folder = TemporaryFolder()

    /// A study of the pilot's rows that `keep` accepts (the header always kept).
    func study(keeping keep: (String) -> Bool = { _ in true }) throws -> Study {
        let text = try String(contentsOfFile: PilotPowerReferenceTests.pilot, encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        let path = folder.url.appendingPathComponent("\(UUID().uuidString).csv")
        try ([lines[0]] + lines.dropFirst().filter(keep)).joined(separator: "\n").write(
            to: path, atomically: true, encoding: .utf8)
        let database = try StudyDatabase(path: path.path + ".sqlite")
        _ = try Importer(database: database).importFile(at: path.path, options: ImportOptions(study: "pilot"))
        return Study(database: database)
    }

    @Test func aPilotOfOneParticipantIsRefusedSayingWhatIsMissing() throws {
        let study = try study { $0.hasPrefix("P1,") }
        #expect(
            throws: ThumbLabError.analysis(
                .pilotTooSmall(factor: "technique", levels: ["Direct", "Shift", "ThumbSpace"], participants: ["P1"]))
        ) {
            try study.power(fromStudy: PilotPowerRequest(factor: "technique", simulations: 10))
        }
        let message = ThumbLabError.analysis(
            .pilotTooSmall(factor: "technique", levels: ["Direct", "Shift", "ThumbSpace"], participants: ["P1"])
        ).description
        #expect(message.contains("at least two participants") && message.contains("only P1 of the selection has data"))
    }

    @Test func aPilotWithOneLevelIsRefused() throws {
        let study = try study { $0.contains(",Direct,") }
        #expect(
            throws: ThumbLabError.analysis(
                .pilotTooSmall(factor: "technique", levels: ["Direct"], participants: (1...8).map { "P\($0)" }))
        ) {
            try study.power(fromStudy: PilotPowerRequest(factor: "technique", simulations: 10))
        }
    }

    @Test func aFactorThePilotLacksIsRefusedNamingTheFactorsItHas() throws {
        let study = try study()
        do {
            _ = try study.power(fromStudy: PilotPowerRequest(factor: "grip", simulations: 10))
            Issue.record("a missing factor was accepted")
        } catch let error as ThumbLabError {
            guard case .selection = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect("\(error)".contains("grip") && "\(error)".contains("technique"))
        }
    }

    @Test func measuresAndSettingsOutOfRangeAreRefused() throws {
        let study = try study()
        func refusal(_ change: (inout PilotPowerRequest) -> Void) -> ThumbLabError? {
            var request = PilotPowerRequest(factor: "technique", simulations: 10)
            change(&request)
            do {
                _ = try study.power(fromStudy: request)
                return nil
            } catch { return error as? ThumbLabError }
        }
        #expect(
            refusal { $0.measure = .throughput }
                == .parameter(.pilotPowerMeasure(measure: Measure.throughput.description)))
        #expect(refusal { $0.participants = [8, 1] } == .parameter(.pilotPowerSetting(.participants, value: "1")))
        #expect(refusal { $0.participants = [] } == .parameter(.pilotPowerSetting(.participants, value: "none")))
        #expect(refusal { $0.simulations = -1 } == .parameter(.pilotPowerSetting(.simulations, value: "-1")))
        #expect(refusal { $0.effectScale = -0.5 } == .parameter(.pilotPowerSetting(.effectScale, value: "-0.5")))
        #expect(refusal { $0.alpha = 1 } == .parameter(.pilotPowerSetting(.alpha, value: "1.0")))
        #expect(refusal { $0.target = 0 } == .parameter(.pilotPowerSetting(.target, value: "0.0")))
        #expect(
            ThumbLabError.parameter(.pilotPowerSetting(.target, value: "0.0")).description
                == "the target power must be between 0 and 1, both excluded, got 0.0")
    }

    @Test func aParticipantWithoutEveryLevelStaysInTheModelOnly() throws {
        let study = try study { !$0.hasPrefix("P3,ThumbSpace,") }
        let report = try study.power(
            fromStudy: PilotPowerRequest(factor: "technique", participants: [8], simulations: 50))
        #expect(report.pilotParticipants == 7 && report.selection.participants == 8)
        #expect(report.assumptions[0].contains("7 participants with data at every level of technique (of 8"))
    }
}
