import Foundation
import Testing

@testable import ThumbLab

/// `--posthoc main|all|none`: pairs for main effects and simple effects for interactions,
/// pairs for every term, or none.
@Suite struct PostHocScopeTests {
    let folder = TemporaryFolder()

    func errorReport(_ scope: PostHocScope) throws -> ComparisonReport {
        try bundledStudy(folder: folder).compare(
            ComparisonRequest(
                measure: .error, factors: SimpleEffectsReferenceTests.factors, posthoc: scope),
            selection: SimpleEffectsReferenceTests.mainBlocks)
    }

    @Test func mainComparesMainEffectsPairwiseAndReadsInteractionsThroughSimpleEffects() throws {
        let report = try errorReport(.main)
        let comparison = try #require(report.comparisons.first)
        #expect(!comparison.posthoc.isEmpty)
        #expect(comparison.posthoc.allSatisfy { !$0.term.contains(":") })
        #expect(Set(comparison.posthoc.map(\.term)) == ["technique", "target_size_mm"])
        #expect(comparison.simpleEffects.contains { $0.term == "technique:target_size_mm:mobility" })
        let json = ComparisonTables.json(report).rendered()
        #expect(json.contains("\"posthoc_scope\":\"main\"") || json.contains("\"posthoc_scope\": \"main\""))
        #expect(json.contains("simple_effects"))
    }

    @Test func allKeepsTheCellByCellContrastsOfInteractionsAndNoSimpleEffects() throws {
        let comparison = try #require(try errorReport(.all).comparisons.first)
        let threeWay = comparison.posthoc.filter { $0.term == "technique:target_size_mm:mobility" }
        #expect(threeWay.count == 153)
        #expect(comparison.simpleEffects.isEmpty)
        let main = try #require(try errorReport(.main).comparisons.first)
        #expect(main.posthoc.count < comparison.posthoc.count)
        #expect(main.posthoc == comparison.posthoc.filter { !$0.term.contains(":") })
    }

    @Test func noneRunsTheOmnibusTestsOnly() throws {
        let report = try errorReport(.none)
        let comparison = try #require(report.comparisons.first)
        #expect(comparison.posthoc.isEmpty && comparison.simpleEffects.isEmpty)
        #expect(comparison.tests.count == 7)
        #expect(report.methods.contains("Omnibus tests only"))
        #expect(!report.sentences.joined().contains("Simple effects"))
    }
}
