import Foundation
import Testing

@testable import ThumbLabStats

/// Random designs from `Fixtures/gen_friedman.py` against scipy, pingouin (both methods)
/// scikit-posthocs and scipy's Wilcoxon under R's rule, at 1e-6 relative.
@Suite struct FriedmanFixtureTests {
    struct Case: Decodable, Sendable {
        let values: [[Double]]
        let scipy_statistic: Double
        let scipy_p: Double
        let pingouin_w: Double
        let pingouin_q: Double
        let pingouin_p: Double
        let pingouin_f: Double
        let pingouin_f_df1: Double
        let pingouin_f_df2: Double
        let pingouin_f_p: Double
        let conover_p: [Double]
        let conover_p_holm: [Double]
        let nemenyi_p: [Double]
        let wilcoxon_p: [Double]?
        let wilcoxon_p_holm: [Double]?
    }

    struct File: Decodable {
        let cases: [Case]
    }

    static let cases: [Case] = (try? NumericFixtures.load("friedman", as: File.self).cases) ?? []

    @Test func fixtureHasEnoughCases() {
        #expect(Self.cases.count >= 50)
    }

    @Test(arguments: Self.cases.indices)
    func matchesReference(_ index: Int) throws {
        let reference = Self.cases[index]
        let conditions = reference.values[0].indices.map { "c\($0 + 1)" }
        let data = try FriedmanData(conditions: conditions, values: reference.values)
        let result = try Friedman.test(data)
        #expect(isClose(result.chiSquare, reference.scipy_statistic))
        #expect(isClose(result.chiSquare, reference.pingouin_q))
        #expect(isClose(result.p, reference.scipy_p))
        #expect(isClose(result.kendallW, reference.pingouin_w))
        #expect(isClose(try #require(result.f), reference.pingouin_f))
        #expect(isClose(result.fDF1, reference.pingouin_f_df1))
        #expect(isClose(result.fDF2, reference.pingouin_f_df2))
        #expect(isClose(result.fP, reference.pingouin_f_p))

        let conover = try Friedman.conover(data, adjust: .holm)
        for (comparison, expected) in zip(conover.comparisons, reference.conover_p) {
            #expect(isClose(comparison.p, expected), "Conover \(comparison.a)-\(comparison.b)")
        }
        for (comparison, expected) in zip(conover.comparisons, reference.conover_p_holm) {
            #expect(isClose(comparison.pAdjusted, expected), "Conover Holm \(comparison.a)-\(comparison.b)")
        }
        let nemenyi = try Friedman.nemenyi(data)
        for (comparison, expected) in zip(nemenyi.comparisons, reference.nemenyi_p) {
            #expect(isClose(comparison.p, expected), "Nemenyi \(comparison.a)-\(comparison.b)")
        }
        if let expectedP = reference.wilcoxon_p, let expectedHolm = reference.wilcoxon_p_holm {
            let wilcoxon = try Friedman.pairwiseWilcoxon(data)
            for (index, comparison) in wilcoxon.comparisons.enumerated() {
                #expect(isClose(comparison.p, expectedP[index]), "Wilcoxon \(comparison.a)-\(comparison.b)")
                #expect(
                    isClose(comparison.pAdjusted, expectedHolm[index]), "Wilcoxon Holm \(comparison.a)-\(comparison.b)")
            }
        }
    }
}
