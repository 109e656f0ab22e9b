import Foundation
import Testing

@testable import ThumbLab

/// `item:NAME`: one questionnaire item compared as a measure of its own
/// (`Fixtures/scores/items`, written by `gen_items.py`): ordinal, so `auto` chooses the
/// rank test, with the means, t-test and Wilcoxon test scipy computes.
@Suite struct ItemMeasureTests {
    static let folder = repositoryRoot.appendingPathComponent("Tests/ThumbLabTests/Fixtures/scores/items")

    static func study() throws -> (Study, DatabaseFixture) {
        let fixture = try DatabaseFixture(seeded: false)
        var options = ImportOptions(study: "s")
        options.instrument = .likert
        _ = try fixture.importer.importFile(at: folder.appendingPathComponent("sheet.csv").path, options: options)
        return (Study(database: fixture.database), fixture)
    }

    @Test func anItemIsComparedAsScipyDoes() throws {
        let expected = try JSONDecoder().decode(
            [String: Double].self, from: Data(contentsOf: Self.folder.appendingPathComponent("expected.json")))
        let (study, _) = try Self.study()
        let measure = try Measure(parsing: "item:Ease")
        #expect(measure == .item("Ease") && measure.isOrdinal)
        let auto = try #require(try study.compare(ComparisonRequest(measure: measure, factors: ["technique"])).comparisons.first)
        #expect(auto.levels.map(\.level) == ["A", "B"])
        for level in auto.levels { #expect(abs(level.mean - expected[level.level]!) < 1e-12) }
        let rank = try #require(auto.tests.first)
        #expect(rank.test == "wilcoxon")
        #expect(abs(rank.p - expected["w_p"]!) < 1e-9)
        let paired = try #require(
            try study.compare(ComparisonRequest(measure: measure, factors: ["technique"], test: .pairedT)).comparisons.first)
        #expect(abs(paired.tests[0].statistic - expected["t"]!) < 1e-9)
        #expect(abs(paired.tests[0].p - expected["t_p"]!) < 1e-9)
    }

    @Test func anUnknownItemListsTheItems() throws {
        let (study, _) = try Self.study()
        #expect(throws: ThumbLabError.parameter(.unknownItem(name: "speed", known: ["confidence", "ease"]))) {
            try study.compare(ComparisonRequest(measure: .item("speed"), factors: ["technique"]))
        }
    }
}
