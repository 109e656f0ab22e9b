import Foundation
import Testing

@testable import ThumbLabStats

/// One continuous distribution seen through its public functions, so that every entry point
/// of every distribution is called with the same bad arguments.
struct ContinuousCase: Sendable, CustomTestStringConvertible {
    let name: String
    let isValid: Bool
    /// The ends of the support: quantile(0) and quantile(1).
    let support: (low: Double, high: Double)
    let cdf: @Sendable (Double) -> Double
    let sf: @Sendable (Double) -> Double
    /// nil for a distribution without a density (the studentized range).
    let pdf: (@Sendable (Double) -> Double)?
    let quantile: @Sendable (Double) -> Double
    let isf: @Sendable (Double) -> Double

    var testDescription: String { name }

    static func normal(mean: Double = 0, sd: Double = 1) -> Self {
        let d = Normal(mean: mean, sd: sd)
        return Self(
            name: "Normal(\(mean), \(sd))", isValid: d.isValid, support: (-.infinity, .infinity),
            cdf: d.cdf, sf: d.sf, pdf: d.pdf, quantile: d.quantile, isf: d.isf)
    }

    static func studentT(_ df: Double) -> Self {
        let d = StudentT(df: df)
        return Self(
            name: "StudentT(\(df))", isValid: d.isValid, support: (-.infinity, .infinity),
            cdf: d.cdf, sf: d.sf, pdf: d.pdf, quantile: d.quantile, isf: d.isf)
    }

    static func chiSquared(_ df: Double) -> Self {
        let d = ChiSquared(df: df)
        return Self(
            name: "ChiSquared(\(df))", isValid: d.isValid, support: (0, .infinity),
            cdf: d.cdf, sf: d.sf, pdf: d.pdf, quantile: d.quantile, isf: d.isf)
    }

    static func f(_ df1: Double, _ df2: Double) -> Self {
        let d = FDistribution(df1: df1, df2: df2)
        return Self(
            name: "F(\(df1), \(df2))", isValid: d.isValid, support: (0, .infinity),
            cdf: d.cdf, sf: d.sf, pdf: d.pdf, quantile: d.quantile, isf: d.isf)
    }

    static func beta(_ alpha: Double, _ beta: Double) -> Self {
        let d = BetaDistribution(alpha: alpha, beta: beta)
        return Self(
            name: "Beta(\(alpha), \(beta))", isValid: d.isValid, support: (0, 1),
            cdf: d.cdf, sf: d.sf, pdf: d.pdf, quantile: d.quantile, isf: d.isf)
    }

    static func range(_ groups: Double, _ df: Double) -> Self {
        let d = StudentizedRange(groups: groups, df: df)
        return Self(
            name: "StudentizedRange(\(groups), \(df))", isValid: d.isValid, support: (0, .infinity),
            cdf: d.cdf, sf: d.sf, pdf: nil, quantile: d.quantile, isf: d.isf)
    }
}

/// The documented answer of every distribution to NaN, ±∞, probabilities outside [0, 1] and
/// invalid parameters: NaN or the limit, never a trap (a trap would end the test process).
@Suite struct DistributionDomainTests {
    static let valid: [ContinuousCase] = [
        .normal(), .normal(mean: 3, sd: 2), .studentT(5), .studentT(0.5), .studentT(.infinity),
        .chiSquared(3), .chiSquared(0.5), .f(3, 10), .f(3, .infinity), .beta(2, 3), .beta(0.5, 0.5),
        .range(3, 10), .range(4, .infinity),
    ]

    static let invalid: [ContinuousCase] = [
        .normal(sd: 0), .normal(sd: -1), .normal(sd: .nan), .normal(sd: .infinity), .normal(mean: .nan),
        .normal(mean: .infinity), .studentT(0), .studentT(-1), .studentT(.nan), .studentT(-.infinity),
        .chiSquared(0), .chiSquared(-2), .chiSquared(.nan), .chiSquared(.infinity), .f(0, 5), .f(-1, 5),
        .f(.infinity, 5), .f(.nan, 5), .f(3, 0), .f(3, -2), .f(3, .nan), .beta(0, 1), .beta(1, -1),
        .beta(.nan, 1), .beta(1, .infinity), .range(1, 10), .range(.nan, 10), .range(.infinity, 10),
        .range(3, 0), .range(3, .nan), .range(3, -5),
    ]

    static let badProbabilities: [Double] = [.nan, -0.1, 1.1, -.infinity, .infinity, -Double.ulpOfOne]

    @Test(arguments: valid)
    func nanArgumentGivesNaN(_ d: ContinuousCase) {
        #expect(d.isValid)
        #expect(d.cdf(.nan).isNaN)
        #expect(d.sf(.nan).isNaN)
        if let pdf = d.pdf { #expect(pdf(.nan).isNaN) }
    }

    @Test(arguments: valid)
    func infiniteArgumentGivesTheLimit(_ d: ContinuousCase) {
        #expect(d.cdf(-.infinity) == 0)
        #expect(d.cdf(.infinity) == 1)
        #expect(d.sf(-.infinity) == 1)
        #expect(d.sf(.infinity) == 0)
        if let pdf = d.pdf {
            #expect(pdf(-.infinity) == 0)
            #expect(pdf(.infinity) == 0)
        }
    }

    @Test(arguments: valid, badProbabilities)
    func probabilityOutsideTheUnitIntervalGivesNaN(_ d: ContinuousCase, p: Double) {
        #expect(d.quantile(p).isNaN)
        #expect(d.isf(p).isNaN)
    }

    @Test(arguments: valid)
    func probabilityZeroAndOneGiveTheEndsOfTheSupport(_ d: ContinuousCase) {
        #expect(d.quantile(0) == d.support.low)
        #expect(d.quantile(1) == d.support.high)
        #expect(d.isf(1) == d.support.low)
        #expect(d.isf(0) == d.support.high)
    }

    @Test(arguments: invalid)
    func invalidParametersGiveNaNEverywhere(_ d: ContinuousCase) {
        #expect(!d.isValid)
        for x in [0, 0.5, 1, 2, -1, .nan, .infinity, -.infinity] {
            #expect(d.cdf(x).isNaN, "cdf(\(x))")
            #expect(d.sf(x).isNaN, "sf(\(x))")
            if let pdf = d.pdf { #expect(pdf(x).isNaN, "pdf(\(x))") }
        }
        for p in [0, 0.025, 0.5, 1, .nan, 2] {
            #expect(d.quantile(p).isNaN, "quantile(\(p))")
            #expect(d.isf(p).isNaN, "isf(\(p))")
        }
    }

    @Test func validDistributionsStillGiveTheirValues() {
        #expect(isClose(StudentT(df: 10).cdf(2.228138851986), 0.975, relative: 1e-10))
        #expect(isClose(FDistribution(df1: 2, df2: 10).quantile(0.95), 4.102821015130399, relative: 1e-10))
        #expect(isClose(ChiSquared(df: 1).sf(3.841458820694124), 0.05, relative: 1e-10))
    }

    @Test func hugeDegreesOfFreedomOfTheStudentizedRangeAreTheLimit() {
        let limit = StudentizedRange(groups: 3, df: .infinity)
        for df in [1e25, 1e300, .greatestFiniteMagnitude] {
            let range = StudentizedRange(groups: 3, df: df)
            #expect(range.cdf(3.3) == limit.cdf(3.3))
            #expect(range.sf(3.3) == limit.sf(3.3))
        }
    }
}

/// The discrete distributions, the special functions and the exact rank distributions under
/// the same policy.
@Suite struct DiscreteAndSpecialDomainTests {
    @Test(arguments: [(-1, 0.5), (10, -0.1), (10, 1.5), (10, Double.nan), (10, Double.infinity)])
    func binomialWithInvalidParametersGivesNaN(trials: Int, probability: Double) {
        let binomial = Binomial(trials: trials, probability: probability)
        #expect(!binomial.isValid)
        for k in [-1, 0, 3, 10, 11] {
            #expect(binomial.pmf(k).isNaN)
            #expect(binomial.cdf(k).isNaN)
            #expect(binomial.sf(k).isNaN)
        }
        #expect(binomial.quantile(0.5).isNaN)
    }

    @Test(arguments: DistributionDomainTests.badProbabilities)
    func binomialQuantileOfABadProbabilityIsNaN(p: Double) {
        #expect(Binomial(trials: 10, probability: 0.3).quantile(p).isNaN)
    }

    @Test(arguments: [
        (Double.nan, 2.0, 3.0), (-0.1, 2, 3), (1.1, 2, 3), (.infinity, 2, 3), (0.5, 0, 3), (0.5, -1, 3),
        (0.5, 2, 0), (0.5, .nan, 3), (0.5, 2, .nan), (0.5, .infinity, 3), (0.5, 2, .infinity),
    ])
    func incompleteBetaOutsideItsDomainIsNaN(x: Double, a: Double, b: Double) {
        #expect(SpecialFunctions.regularizedIncompleteBeta(x: x, a: a, b: b).isNaN)
        #expect(SpecialFunctions.regularizedIncompleteBetaComplement(x: x, a: a, b: b).isNaN)
    }

    @Test(arguments: [
        (0.0, 1.0), (-1, 1), (.nan, 1), (.infinity, 1), (2, .nan), (2, -1), (2, -.infinity),
    ])
    func incompleteGammaOutsideItsDomainIsNaN(a: Double, x: Double) {
        #expect(SpecialFunctions.regularizedGammaP(a: a, x: x).isNaN)
        #expect(SpecialFunctions.regularizedGammaQ(a: a, x: x).isNaN)
    }

    @Test func incompleteGammaAtInfinityIsTheLimit() {
        #expect(SpecialFunctions.regularizedGammaP(a: 2, x: .infinity) == 1)
        #expect(SpecialFunctions.regularizedGammaQ(a: 2, x: .infinity) == 0)
    }

    @Test func gammaAndBetaFunctionsOutsideTheirDomainAreNaN() {
        for x in [0, -1, -0.5, .nan, -.infinity] {
            #expect(SpecialFunctions.logGamma(x).isNaN, "logGamma(\(x))")
        }
        #expect(SpecialFunctions.logGamma(.infinity) == .infinity)
        for (a, b) in [(0.0, 1.0), (1, -1), (.nan, 1), (1, .infinity)] {
            #expect(SpecialFunctions.logBeta(a, b).isNaN, "logBeta(\(a), \(b))")
        }
        #expect(SpecialFunctions.erf(.nan).isNaN && SpecialFunctions.erfc(.nan).isNaN)
        #expect(SpecialFunctions.erf(.infinity) == 1 && SpecialFunctions.erfc(.infinity) == 0)
    }

    @Test(arguments: [
        [-1, 2], [Int.max], [Int.max, Int.max], Array(1...1001),
        [SignedRankDistribution.maximumTotal, 1],
    ])
    func signedRankDistributionOfInvalidScoresIsNaN(scores: [Int]) {
        let distribution = SignedRankDistribution(integerScores: scores)
        #expect(!distribution.isValid)
        #expect(distribution.lowerTail(0).isNaN && distribution.upperTail(0).isNaN)
        #expect(distribution.lowerTail(Int.min).isNaN && distribution.upperTail(Int.max).isNaN)
    }

    @Test func signedRankDistributionBeyondTheMaximumSizeIsNaN() {
        let distribution = SignedRankDistribution(n: Int.max)
        #expect(!distribution.isValid && distribution.lowerTail(3).isNaN)
        #expect(SignedRankDistribution(n: 0).lowerTail(0) == 1)
    }

    @Test(arguments: [(0, 5), (5, 0), (-3, 4), (101, 100), (Int.max, 2), (Int.min, -1)])
    func mannWhitneyDistributionOfInvalidSizesIsNaN(m: Int, n: Int) {
        let distribution = MannWhitneyDistribution(m: m, n: n)
        #expect(!distribution.isValid)
        #expect(distribution.probability(0).isNaN)
        #expect(distribution.lowerTail(0).isNaN && distribution.upperTail(0).isNaN)
    }

    @Test func mannWhitneyTailsAtExtremeStatisticsDoNotOverflow() {
        let distribution = MannWhitneyDistribution(m: 4, n: 5)
        #expect(distribution.upperTail(Int.min) == 1 && distribution.upperTail(Int.max) == 0)
        #expect(distribution.lowerTail(Int.min) == 0 && distribution.lowerTail(Int.max) == 1)
    }
}
