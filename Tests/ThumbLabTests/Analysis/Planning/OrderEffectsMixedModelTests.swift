import Foundation
import Testing

@testable import ThumbLab

/// Order effects when a participant lacks a level: the position test and sequence beside
/// technique become linear mixed models, checked against lmerTest on the same trials
/// (Fixtures/planning/gen_order_effects_lmm.R), to 1e-6.
@Suite struct OrderEffectsMixedModelTests {
    let folder = TemporaryFolder()

    @Test func aMissingLevelGivesMixedModelsThatMatchLmerTest() throws {
        let source = OrderEffectsReferenceTests.fixture("order_planted.csv")
        let lines = try String(contentsOfFile: source, encoding: .utf8).split(separator: "\n")
            .filter { !$0.hasPrefix("P03,ThumbSpace,") }
        let path = folder.url.appendingPathComponent("gap.csv").path
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let database = try StudyDatabase(path: folder.url.appendingPathComponent("gap.sqlite").path)
        _ = try Importer(database: database).importFile(at: path, options: ImportOptions(study: "gap"))
        let study = Study(database: database)
        let technique = CounterbalancedFactor(name: "technique", levels: ["Direct", "Shift", "ThumbSpace"])
        try study.saveCounterbalancing(
            try CounterbalancingPlan(CounterbalancingRequest(factor: technique, participants: 12)))
        let report = try study.orderEffects(OrderEffectsRequest(factor: "technique"))
        let expected = try OrderEffectsReferenceTests.expected("order_effects_lmm.json")
        #expect(report.selection.trials == Int(try OrderEffectsReferenceTests.number(expected, "trials")))
        let p03 = try #require(report.orders.first { $0.participant == "P03" })
        #expect(p03.order == ["ThumbSpace", "Direct", "Shift"] && p03.source == .plan)
        let position = try #require(report.position.tests.first)
        #expect(position.test == "lmm" && position.dfMethod == "Satterthwaite")
        for (name, key) in [("F", position.statistic), ("df2", position.df2 ?? .nan), ("p", position.p)] {
            #expect(close(key, try OrderEffectsReferenceTests.number(expected, "position", "position", name), 1e-6))
        }
        let sequence = try #require(report.sequence)
        #expect(sequence.tests.map(\.term) == ["sequence", "technique", "sequence:technique"])
        for test in sequence.tests {
            #expect(test.test == "lmm")
            #expect(
                close(test.statistic, try OrderEffectsReferenceTests.number(expected, "sequence", test.term, "F"), 1e-6)
            )
            #expect(
                close(test.df1, try OrderEffectsReferenceTests.number(expected, "sequence", test.term, "df1"), 1e-9))
            #expect(
                close(test.df2, try OrderEffectsReferenceTests.number(expected, "sequence", test.term, "df2"), 1e-6))
            #expect(close(test.p, try OrderEffectsReferenceTests.number(expected, "sequence", test.term, "p"), 1e-6))
        }
        #expect(sequence.reasons.last?.hasPrefix("Some participant lacks a level: a linear mixed model") == true)
    }
}
