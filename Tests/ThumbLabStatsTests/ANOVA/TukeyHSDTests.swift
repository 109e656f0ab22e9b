import Foundation
import Testing

@testable import ThumbLabStats

@Suite("Tukey HSD")
struct TukeyHSDTests {
    typealias Support = ANOVATestSupport

    /// Random unbalanced one-way designs of `Fixtures/gen_anova.py` against
    /// `scipy.stats.tukey_hsd` (statistic = mean_i − mean_j, p, 95% interval).
    @Test(arguments: ANOVAFixture.shared?.tukey ?? [])
    func matchesScipy(_ reference: ANOVAFixture.TukeyCase) throws {
        let values = reference.values.flatMap { $0 }
        let groups = zip(reference.groups, reference.values).flatMap { group, values in
            Array(repeating: group, count: values.count)
        }
        let result = try ANOVA.tukeyHSD(values: values, groups: groups)
        #expect(result.groups == reference.groups)
        #expect(result.comparisons.count == reference.pairs.count)
        for (comparison, expected) in zip(result.comparisons, reference.pairs) {
            #expect(comparison.a == expected.a && comparison.b == expected.b)
            #expect(Support.close(comparison.difference, expected.difference))
            #expect(
                Support.close(comparison.p, expected.p),
                "\(expected.a)-\(expected.b) p \(comparison.p) vs \(expected.p)")
            #expect(Support.close(comparison.ciLow, expected.ciLow), "\(expected.a)-\(expected.b) low")
            #expect(Support.close(comparison.ciHigh, expected.ciHigh), "\(expected.a)-\(expected.b) high")
        }
    }

    @Test func fixtureHasTukeyCases() throws {
        #expect(try #require(ANOVAFixture.shared).tukey.count >= 5)
    }
}
