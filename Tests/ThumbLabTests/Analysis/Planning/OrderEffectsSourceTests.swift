import Foundation
import Testing

@testable import ThumbLab

/// Where `Study.orderEffects` reads orders (a saved plan, the data), what it does when
/// sequence cannot be tested, and the plan's round trip through the study database.
@Suite struct OrderEffectsSourceTests {
    let folder = TemporaryFolder()

    func study(_ path: String, name: String = "synthetic") throws -> Study {
        let database = try StudyDatabase(path: folder.url.appendingPathComponent("\(UUID().uuidString).sqlite").path)
        _ = try Importer(database: database).importFile(at: path, options: ImportOptions(study: name))
        return Study(database: database)
    }

    static let planted = OrderEffectsReferenceTests.fixture("order_planted.csv")
    static let technique = CounterbalancedFactor(name: "technique", levels: ["Direct", "Shift", "ThumbSpace"])

    @Test func aSavedPlanGivesTheOrdersAndNamesItsScheme() throws {
        let study = try study(Self.planted)
        let fromData = try study.orderEffects(OrderEffectsRequest(factor: "technique"))
        let plan = try CounterbalancingPlan(CounterbalancingRequest(factor: Self.technique, participants: 12))
        try study.saveCounterbalancing(plan)
        let fromPlan = try study.orderEffects(OrderEffectsRequest(factor: "technique"))
        #expect(fromPlan.source == "plan" && fromPlan.scheme == .balanced)
        #expect(fromPlan.orders.map(\.order) == fromData.orders.map(\.order), "the generator followed the square")
        #expect(fromPlan.position.tests == fromData.position.tests)
        #expect(fromPlan.sentences[0].hasPrefix("Presentation order of technique was counterbalanced with a balanced"))
        #expect(fromPlan.methods.contains("read from the saved counterbalancing plan"))
        let ignoring = try study.orderEffects(OrderEffectsRequest(factor: "technique", usePlan: false))
        #expect(ignoring.source == "data")
    }

    @Test func aPlanListingSomeParticipantsLeavesTheOthersToTheData() throws {
        let study = try study(Self.planted)
        let plan = try CounterbalancingPlan(CounterbalancingRequest(factor: Self.technique, participants: 10))
        try study.saveCounterbalancing(plan)
        let report = try study.orderEffects(OrderEffectsRequest(factor: "technique"))
        #expect(report.source == "plan and data")
        #expect(report.orders.filter { $0.source == .data }.map(\.participant) == ["P11", "P12"])
        #expect(report.methods.contains("where it lists the participant, else from the data"))
        #expect(report.unmatchedPlanLabels.isEmpty)
        let padded = try CounterbalancingPlan(CounterbalancingRequest(factor: Self.technique, participants: 14))
        try study.saveCounterbalancing(padded)
        let longer = try study.orderEffects(OrderEffectsRequest(factor: "technique"))
        #expect(longer.unmatchedPlanLabels == ["P13", "P14"] && longer.source == "plan")
        #expect(
            longer.methods.contains(
                "The saved plan also lists 2 participants without data in the selection (P13, P14)."))
    }

    @Test func savedPlansComeBackWhole() throws {
        let study = try study(Self.planted)
        let size = CounterbalancedFactor(name: "size", levels: ["7.2", "9.6", "12"])
        for request in [
            CounterbalancingRequest(factor: Self.technique, second: size, participants: 7),
            CounterbalancingRequest(factor: Self.technique, second: size, participants: 5, scheme: .random, seed: 11),
            CounterbalancingRequest(factor: Self.technique, participants: 4, scheme: .full),
        ] {
            let plan = try CounterbalancingPlan(request)
            try study.saveCounterbalancing(plan)
            #expect(try study.counterbalancing(factor: "technique") == plan)
            #expect(try study.counterbalancing() == plan)
        }
        #expect(try study.counterbalancing(factor: "size") == nil)
        let rows = try study.database.storedCounterbalancing(study: "synthetic", factor: nil)?.rows
        #expect(rows?.count == 4 * 3, "one row per participant and position")
    }

    @Test func savingNamesANewStudy() throws {
        let database = try StudyDatabase(path: folder.url.appendingPathComponent("plan.sqlite").path)
        let study = Study(database: database)
        let plan = try CounterbalancingPlan(CounterbalancingRequest(factor: Self.technique, participants: 3))
        #expect(throws: ThumbLabError.self) { try study.saveCounterbalancing(plan) }
        try study.saveCounterbalancing(plan, study: "pilot")
        #expect(try database.studies() == ["pilot"])
        #expect(try study.counterbalancing(study: "pilot") == plan)
    }

    @Test func oneParticipantPerSequenceStillGivesThePositionTest() throws {
        let lines = try String(contentsOfFile: Self.planted, encoding: .utf8).split(separator: "\n")
        let kept = lines.filter { line in !["P07", "P08", "P09", "P10", "P11", "P12"].contains { line.hasPrefix($0) } }
        let path = folder.url.appendingPathComponent("six.csv").path
        try (kept.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let report = try study(path).orderEffects(OrderEffectsRequest(factor: "technique"))
        #expect(report.sequence == nil && report.position.tests.count == 1)
        let reason = try #require(report.sequenceMissing)
        #expect(reason.contains("each of the 6 sequences has a single participant"))
        #expect(report.sentences.last == "Sequence was not tested: \(reason).")
    }

    @Test func dataThatShowNoOrderAreRefused() throws {
        // The bundled study numbers blocks afresh for each technique: every level starts at block 1, trial 1.
        let study = try bundledStudy(folder: folder)
        #expect {
            try study.orderEffects(OrderEffectsRequest(factor: "technique"))
        } throws: { error in
            guard case .analysis(.noOrderShown(let factor, let example)) = error as? ThumbLabError else { return false }
            return factor == "technique" && example.contains("both first appear at block 1, trial 1")
        }
    }

    @Test func otherMeasuresFewLevelsAndUnknownFactorsAreRefused() throws {
        let study = try study(Self.planted)
        #expect(throws: ThumbLabError.parameter(.orderEffectsMeasure(measure: "errors"))) {
            try study.orderEffects(OrderEffectsRequest(factor: "technique", measure: .column(.errors)))
        }
        #expect(throws: ThumbLabError.analysis(.tooFewLevelsForOrder(factor: "technique", levels: ["Shift"]))) {
            try study.orderEffects(
                OrderEffectsRequest(factor: "technique"),
                selection: Selection(keep: [LevelFilter(factor: "technique", levels: ["Shift"])]))
        }
        #expect(throws: ThumbLabError.self) { try study.orderEffects(OrderEffectsRequest(factor: "hand")) }
    }
}
