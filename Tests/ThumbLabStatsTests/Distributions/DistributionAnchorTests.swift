import Foundation
import Testing

@testable import ThumbLabStats

/// Published values and identities that hold whatever the fixture says.
@Suite struct DistributionAnchorTests {
    /// p-values printed in EXPECTED.md for the reference data sets.
    @Test func publishedPValues() {
        // Paired t on the depression data: t(8) = 3.0354, p = .01618.
        #expect(isClose(2 * StudentT(df: 8).sf(3.0354), 0.01618, absolute: 5e-6))
        // rm_anova_wide: F(3, 24) = 5.20065, p = .00656; GG-corrected df p = .01670.
        #expect(isClose(FDistribution(df1: 3, df2: 24).sf(5.20065), 0.00656, relative: 1e-3))
        #expect(
            isClose(
                FDistribution(df1: 3 * 0.69433, df2: 24 * 0.69433).sf(5.20065), 0.01670,
                relative: 1e-3))
        // Friedman RoundingTimes: χ²(2) = 11.142857, p = .003805.
        #expect(isClose(ChiSquared(df: 2).sf(11.142857), 0.003805, relative: 1e-4))
        // Higgins1990Table5 Fertilizer F(3, 24) = 122.4017, p = 1.1124e-14.
        #expect(isClose(FDistribution(df1: 3, df2: 24).sf(122.4017), 1.1124e-14, relative: 1e-4))
    }

    /// R's `?ptukey` examples: ptukey(3.877, 3, 10) = 0.9500129, qtukey(0.95, 3, 10) = 3.876777
    /// (scipy: 3.876776750013158).
    @Test func studentizedRangeMatchesR() {
        let range = StudentizedRange(groups: 3, df: 10)
        #expect(isClose(range.cdf(3.877), 0.9500129, absolute: 5e-8))
        #expect(isClose(range.quantile(0.95), 3.876777, absolute: 5e-7))
        #expect(isClose(range.quantile(0.95), 3.876776750013158, relative: 1e-9))
        let q = StudentizedRange(groups: 4, df: 20)
        #expect(isClose(q.cdf(q.quantile(0.9)), 0.9, relative: 1e-9))
        #expect(isClose(q.sf(q.isf(1e-4)), 1e-4, relative: 1e-7))
    }

    @Test(arguments: [1e-300, 1e-100, 1e-12, 0.01, 0.3, 0.5, 0.8, 0.999])
    func quantilesInvertTheirTails(p: Double) {
        let checks: [(String, (Double) -> Double, (Double) -> Double, (Double) -> Double, (Double) -> Double)] = [
            ("normal", Normal().cdf, Normal().quantile, Normal().sf, Normal().isf),
            ("t3", StudentT(df: 3).cdf, StudentT(df: 3).quantile, StudentT(df: 3).sf, StudentT(df: 3).isf),
            ("chi7", ChiSquared(df: 7).cdf, ChiSquared(df: 7).quantile, ChiSquared(df: 7).sf, ChiSquared(df: 7).isf),
            (
                "F", FDistribution(df1: 4, df2: 9).cdf, FDistribution(df1: 4, df2: 9).quantile,
                FDistribution(df1: 4, df2: 9).sf, FDistribution(df1: 4, df2: 9).isf
            ),
            (
                "beta", BetaDistribution(alpha: 2.5, beta: 4).cdf, BetaDistribution(alpha: 2.5, beta: 4).quantile,
                BetaDistribution(alpha: 2.5, beta: 4).sf, BetaDistribution(alpha: 2.5, beta: 4).isf
            ),
        ]
        for (name, cdf, quantile, sf, isf) in checks {
            #expect(isClose(cdf(quantile(p)), p, relative: 1e-9), "\(name) cdf(quantile(\(p)))")
            let upper = isf(p)
            // The beta quantile near 1 cannot be closer to 1 than 1 − 2⁻⁵³.
            if name != "beta" || 1 - upper > 1e-15 {
                #expect(isClose(sf(upper), p, relative: 1e-9), "\(name) sf(isf(\(p)))")
            }
        }
    }

    @Test func tailsAreComplementary() {
        for x in [-3.0, -0.5, 0, 0.7, 2.5] {
            #expect(isClose(StudentT(df: 4.5).cdf(x) + StudentT(df: 4.5).sf(x), 1, relative: 1e-14))
            #expect(isClose(Normal(mean: 1, sd: 2).cdf(x) + Normal(mean: 1, sd: 2).sf(x), 1, relative: 1e-14))
        }
        for x in [0.01, 1, 3, 20.0] {
            #expect(isClose(ChiSquared(df: 3).cdf(x) + ChiSquared(df: 3).sf(x), 1, relative: 1e-14))
            #expect(
                isClose(FDistribution(df1: 2, df2: 7).cdf(x) + FDistribution(df1: 2, df2: 7).sf(x), 1, relative: 1e-14))
        }
    }

    /// R (options(digits = 20)): pt(1, c(1e10, 1e12, 1e120, Inf)), quoted in scipy's gh-14777
    /// regression test.
    @Test(arguments: [
        (1e10, 0.84134474605644460343), (1e12, 0.84134474606842180044),
        (1e120, 0.84134474606854281475), (Double.infinity, 0.84134474606854292578),
    ])
    func studentTWithHugeDegreesOfFreedomMatchesR(df: Double, expected: Double) {
        #expect(isClose(StudentT(df: df).cdf(1), expected, relative: 1e-13))
        #expect(isClose(StudentT(df: df).sf(-1), expected, relative: 1e-13))
        #expect(isClose(StudentT(df: df).quantile(expected), 1, relative: 1e-9))
    }

    @Test func infiniteDegreesOfFreedomIsNormal() {
        for x in [-5.0, -1, 0, 2, 8] {
            #expect(StudentT(df: .infinity).cdf(x) == Normal().cdf(x))
            // t tails exceed normal ones by about (z⁴ + 2z²)/(4ν) relative.
            #expect(isClose(StudentT(df: 1e12).sf(x), Normal().sf(x), relative: 2e-9))
        }
        #expect(isClose(FDistribution(df1: 3, df2: .infinity).sf(2.5), ChiSquared(df: 3).sf(7.5), relative: 1e-14))
        #expect(
            isClose(
                StudentizedRange(groups: 4, df: .infinity).cdf(3.6),
                StudentizedRange(groups: 4, df: 1e9).cdf(3.6), relative: 1e-6))
    }

    @Test func boundaries() {
        #expect(Normal().quantile(0) == -.infinity && Normal().quantile(1) == .infinity)
        #expect(StudentT(df: 5).quantile(0.5) == 0)
        #expect(ChiSquared(df: 2).quantile(0) == 0 && ChiSquared(df: 2).isf(0) == .infinity)
        #expect(FDistribution(df1: 2, df2: 3).cdf(0) == 0 && FDistribution(df1: 2, df2: 3).sf(-1) == 1)
        #expect(BetaDistribution(alpha: 2, beta: 2).quantile(1) == 1)
        #expect(Binomial(trials: 10, probability: 0.3).cdf(10) == 1)
        #expect(Binomial(trials: 10, probability: 0.3).sf(-1) == 1)
        #expect(Binomial(trials: 4, probability: 0).pmf(0) == 1)
        #expect(Binomial(trials: 4, probability: 1).pmf(4) == 1)
        #expect(StudentizedRange(groups: 3, df: 10).cdf(0) == 0)
    }

    @Test func degenerateBinomials() {
        let none = Binomial(trials: 0, probability: 0.4)
        #expect(none.pmf(0) == 1 && none.cdf(0) == 1 && none.sf(0) == 0)
        let certain = Binomial(trials: 6, probability: 1)
        #expect(certain.pmf(6) == 1 && certain.pmf(5) == 0)
        #expect(certain.cdf(5) == 0 && certain.sf(5) == 1)
        let impossible = Binomial(trials: 6, probability: 0)
        #expect(impossible.cdf(0) == 1 && impossible.sf(0) == 0)
    }

    /// Cauchy (t with one df) has closed forms: P(T > t) = ½ − atan(t)/π.
    @Test(arguments: [0.3, 1, 7.5, 1e3, 1e8, 1e200])
    func cauchyClosedForm(t: Double) {
        let cauchy = StudentT(df: 1)
        let upper = t < 1e6 ? 0.5 - atan(t) / Double.pi : atan(1 / t) / Double.pi
        #expect(isClose(cauchy.sf(t), upper, relative: 1e-12))
        #expect(isClose(cauchy.isf(upper), t, relative: 1e-10))
        #expect(isClose(cauchy.pdf(t), 1 / (Double.pi * (1 + t * t)), relative: 1e-12))
    }

    @Test func binomialPmfSumsToCdf() {
        let binomial = Binomial(trials: 30, probability: 0.37)
        var running = 0.0
        for k in 0...30 {
            running += binomial.pmf(k)
            #expect(isClose(binomial.cdf(k), running, relative: 1e-12))
        }
    }
}
