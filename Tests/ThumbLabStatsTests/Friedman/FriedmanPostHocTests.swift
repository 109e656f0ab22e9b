import Foundation
import Testing

@testable import ThumbLabStats

/// Friedman post-hoc procedures on the example of EXPECTED.md §2.3 (rstatix PRs #264/#265;
/// PMCMRplus and scikit-posthocs agree).
@Suite struct FriedmanPostHocTests {
    static let example = try! FriedmanData(
        conditions: ["A", "B", "C"],
        values: [[4, 7, 6], [6, 8, 9], [3, 6, 7], [5, 7, 8], [4, 9, 8], [5, 6, 9]])

    @Test func friedmanStatistic() throws {
        let result = try Friedman.test(Self.example)
        #expect(matchesPrinted(result.chiSquare, "9.3333"))
        #expect(matchesPrinted(result.p, "0.009404"))
        #expect(matchesPrinted(result.kendallW, "0.7778"))
    }

    @Test func conover() throws {
        let result = try Friedman.conover(Self.example)
        #expect(result.comparisons.map { "\($0.a)-\($0.b)" } == ["A-B", "A-C", "B-C"])
        #expect(result.adjust == "holm")
        let t = result.comparisons.map(\.statistic)
        #expect(matchesPrinted(t[0], "4.47"))
        #expect(matchesPrinted(t[1], "5.59"))
        #expect(result.comparisons.allSatisfy { $0.df == 10 })
        let p = result.comparisons.map(\.p)
        #expect(matchesPrinted(p[0], "0.001193"))
        #expect(matchesPrinted(p[1], "0.000231"))
        #expect(matchesPrinted(p[2], "0.289692"))
        let holm = result.comparisons.map(\.pAdjusted)
        #expect(matchesPrinted(holm[0], "0.002387"))
        #expect(matchesPrinted(holm[1], "0.000692"))
        #expect(matchesPrinted(holm[2], "0.289692"))
    }

    @Test func nemenyi() throws {
        let result = try Friedman.nemenyi(Self.example)
        let q = result.comparisons.map(\.statistic)
        #expect(matchesPrinted(q[0], "3.27"))
        #expect(matchesPrinted(q[1], "4.08"))
        #expect(matchesPrinted(q[2], "0.816"))
        let p = result.comparisons.map(\.p)
        #expect(matchesPrinted(p[0], "0.0545"))
        #expect(matchesPrinted(p[1], "0.0109"))
        #expect(matchesPrinted(p[2], "0.832"))
        #expect(result.comparisons.allSatisfy { $0.p == $0.pAdjusted })
        #expect(result.adjust == "single-step")
    }

    /// pingouin's pairwise Wilcoxon (scipy's exact permutation p for small samples with ties)
    /// with Holm: .03125, .03125, .53125 → .09375, .09375, .53125.
    @Test func pairwiseWilcoxonHolm() throws {
        let result = try Friedman.pairwiseWilcoxon(Self.example, policy: WilcoxonPolicy(method: .permutation))
        #expect(result.method == .wilcoxon)
        #expect(result.comparisons.map(\.statistic) == [0, 0, 6])
        let expected: [(Double, Double)] = [(0.03125, 0.09375), (0.03125, 0.09375), (0.53125, 0.53125)]
        for (comparison, (p, holm)) in zip(result.comparisons, expected) {
            #expect(isClose(comparison.p, p, relative: 1e-12))
            #expect(isClose(comparison.pAdjusted, holm, relative: 1e-12))
        }
    }

    @Test func pairwiseWilcoxonNamesAPairWithoutDifferences() throws {
        let data = try FriedmanData(conditions: ["a", "b", "c"], values: [[1, 1, 3], [2, 2, 1], [3, 3, 5]])
        let error = #expect(throws: StatsError.self) { try Friedman.pairwiseWilcoxon(data) }
        #expect(error?.message.hasPrefix("a vs b") == true)
    }

    @Test func conoverRejectsPerfectAgreement() throws {
        let data = try FriedmanData(conditions: ["a", "b", "c"], values: [[1, 2, 3], [2, 3, 4], [0, 5, 9]])
        #expect(throws: StatsError.self) { try Friedman.conover(data) }
    }
}
