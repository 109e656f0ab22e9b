import Foundation

/// How the p-value of a Mann-Whitney U test is obtained.
public enum RankSumMethod: Sendable, Equatable {
    /// R's `wilcox.test` rule: `.exact` when both samples have fewer than 50 values and
    /// there are no ties, otherwise `.normal(continuityCorrection: true)`.
    case automatic
    /// The exact null distribution of U (``MannWhitneyDistribution``); defined only without ties.
    case exact
    /// The normal approximation with tie-corrected variance
    /// mn/12·[(N + 1) − Σ(t³ − t)/(N(N − 1))], optionally with a continuity correction of
    /// 1/2 toward the mean (Hollander & Wolfe 1973, §4.1).
    case normal(continuityCorrection: Bool)
}

/// The result of a Mann-Whitney U (Wilcoxon rank-sum) test.
public struct MannWhitneyResult: Sendable, Equatable {
    /// U for x: the number of pairs with x > y, ties counting one half (R's W, scipy's U1).
    public let u: Double
    /// U for y, m·n − U.
    public let uY: Double
    /// Sample size of x.
    public let m: Int
    /// Sample size of y.
    public let n: Int
    /// Whether the pooled values have ties.
    public let hasTies: Bool
    /// The standardized U: (U − mn/2 − c)/σ with the tie-corrected σ and the continuity
    /// correction c of a normal policy (0 otherwise). Positive when x tends to exceed y.
    public let z: Double
    /// The p-value.
    public let p: Double
    /// Whether `p` is exact or from the normal approximation.
    public let method: PValueMethod
    /// The method asked for.
    public let requestedMethod: RankSumMethod
    /// The alternative hypothesis.
    public let alternative: Alternative
    /// Whether a continuity correction entered `z` and `p`.
    public let continuityCorrection: Bool
    /// The rank-biserial correlation 2U/(mn) − 1 with its Fisher-z interval.
    public let rankBiserial: EffectSize
    /// The common-language effect size U/(mn).
    public let commonLanguage: EffectSize

    /// The test's name.
    public var name: String { "Mann-Whitney U test (Wilcoxon rank-sum)" }

    /// The policy in words.
    public var policyDescription: String {
        var parts = [alternative.phrase]
        switch method {
        case .exact: parts.append("exact distribution of U")
        case .normal:
            parts += RankTestReport.normalPhrases(continuityCorrection: continuityCorrection)
        }
        if requestedMethod == .automatic { parts.append("chosen as R's wilcox.test does") }
        return parts.joined(separator: "; ")
    }

    /// The APA string in the papaja style, such as `W = 35, p = .254, r_rb = .40`, with `z`
    /// when the normal approximation was used.
    public var apa: String { apaStatistic.description }
    /// ``apa`` as typed parts.
    public var apaStatistic: APAStatistic {
        RankTestReport.apa(
            symbol: "W", statistic: u, z: method == .normal ? z : nil, p: p, effect: rankBiserial)
    }
}

extension MannWhitney {
    /// The Mann-Whitney U test of two independent samples (Mann & Whitney 1947; Hollander &
    /// Wolfe 1973, ch. 4), with R's `wilcox.test` policy by default.
    ///
    /// - Throws: ``StatsError`` for an empty sample, NaN or infinity, all values equal, an
    ///   exact method with ties or with m·n above ``MannWhitneyDistribution/maximumProduct``.
    public static func test(
        _ x: [Double], _ y: [Double], alternative: Alternative = .twoSided,
        method requested: RankSumMethod = .automatic, confidenceLevel: Double = 0.95
    ) throws -> MannWhitneyResult {
        let purpose = "The Mann-Whitney U test"
        try InputChecks.requireConfidenceLevel(confidenceLevel)
        try InputChecks.requireFinite(x, name: "x")
        try InputChecks.requireFinite(y, name: "y")
        try InputChecks.requireCount(x, atLeast: 1, name: "x", purpose: purpose)
        try InputChecks.requireCount(y, atLeast: 1, name: "y", purpose: purpose)
        let pooled = x + y
        try InputChecks.requireVariation(pooled, name: "x and y together", purpose: purpose)

        let m = x.count
        let n = y.count
        let ranks = AverageRanks(pooled)
        let rankSum = ranks.ranks[0..<m].reduce(0, +)
        let u = rankSum - Double(m * (m + 1)) / 2
        let product = Double(m) * Double(n)
        let total = Double(m + n)
        let mean = product / 2
        let variance = product / 12 * ((total + 1) - ranks.tieCorrectionSum / (total * (total - 1)))
        let sd = variance.squareRoot()

        var method = requested
        if method == .automatic {
            method = m < 50 && n < 50 && !ranks.hasTies ? .exact : .normal(continuityCorrection: true)
        }
        var z = (u - mean) / sd
        var corrected = false
        let p: Double
        let pMethod: PValueMethod
        switch method {
        case .exact:
            if ranks.hasTies {
                throw StatsError(
                    .invalidArgument,
                    "the exact distribution of U assumes no ties, and x and y share tied values; use the normal approximation"
                )
            }
            if m * n > MannWhitneyDistribution.maximumProduct {
                throw StatsError(
                    .invalidArgument,
                    "exact Mann-Whitney p-values are computed for m·n up to \(MannWhitneyDistribution.maximumProduct), here \(m)·\(n); use the normal approximation"
                )
            }
            let distribution = MannWhitneyDistribution(m: m, n: n)
            let statistic = Int(u.rounded())
            p = pValue(
                lower: distribution.lowerTail(statistic), upper: distribution.upperTail(statistic),
                alternative: alternative)
            pMethod = .exact
        case .normal(let correction):
            let approximation = RankNormalApproximation(
                statistic: u, mean: mean, sd: sd, alternative: alternative, continuityCorrection: correction)
            z = approximation.z
            p = approximation.p
            corrected = correction
            pMethod = .normal
        case .automatic:
            preconditionFailure("resolved above")
        }
        return MannWhitneyResult(
            u: u, uY: product - u, m: m, n: n, hasTies: ranks.hasTies, z: z, p: p, method: pMethod,
            requestedMethod: requested, alternative: alternative, continuityCorrection: corrected,
            rankBiserial: RankBiserial.twoSample(u: u, m: m, n: n, level: confidenceLevel),
            commonLanguage: RankBiserial.commonLanguage(u: u, m: m, n: n)
        )
    }
}
