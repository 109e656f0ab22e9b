import Foundation

/// How the Wilcoxon signed-rank test treats zero differences.
public enum ZeroHandling: String, Sendable, CaseIterable {
    /// Drop zero differences before ranking (Wilcoxon 1945; R's `wilcox.test`, scipy's
    /// `zero_method="wilcox"`, coin's `zero.method = "Wilcoxon"`).
    case wilcox
    /// Rank zero differences with the others, then leave them out of W+ and W−
    /// (Pratt 1959; scipy's `zero_method="pratt"`, coin's default), with Cureton's (1967)
    /// adjusted mean and variance in the normal approximation.
    case pratt
}

/// How the p-value of a Wilcoxon signed-rank test is obtained.
public enum SignedRankMethod: Sendable, Equatable {
    /// R's `wilcox.test` rule: `.exact` when fewer than 50 nonzero differences remain and
    /// there are no ties and no zeros, otherwise `.normal(continuityCorrection: true)`.
    case automatic
    /// The exact null distribution of W+ for untied ranks 1...n (R `exact = TRUE`, scipy
    /// `method="exact"`). With ties it is not exact: W+ is then rounded conservatively
    /// (down for the upper tail, up for the lower), as scipy does, and the policy says so.
    case exact
    /// The exact permutation distribution of W+ given the observed ranks, ties and zeros
    /// included: all 2^n sign assignments of the ranked differences (coin's
    /// `distribution = "exact"`, scipy's `PermutationMethod` with all resamples).
    case permutation
    /// The normal approximation with tie-corrected variance
    /// n(n+1)(2n+1)/24 − Σ(t³ − t)/48, optionally with a continuity correction of 1/2
    /// toward the mean (Hollander & Wolfe 1973, §3.1).
    case normal(continuityCorrection: Bool)
}

/// The full policy of a Wilcoxon signed-rank test. The default is R's `wilcox.test`.
public struct WilcoxonPolicy: Sendable, Equatable {
    /// Treatment of zero differences.
    public var zeroHandling: ZeroHandling
    /// How the p-value is obtained.
    public var method: SignedRankMethod

    /// Creates a policy; the defaults are R's `wilcox.test`.
    public init(zeroHandling: ZeroHandling = .wilcox, method: SignedRankMethod = .automatic) {
        self.zeroHandling = zeroHandling
        self.method = method
    }

    /// R's `wilcox.test(x, y, paired = TRUE)` defaults.
    public static let rDefault = WilcoxonPolicy()
}

/// The method a p-value was finally computed with, named as in the JSON contract.
public enum PValueMethod: String, Sendable {
    /// An exact null distribution (classical or permutation).
    case exact
    /// The normal approximation.
    case normal
}

/// The result of a Wilcoxon signed-rank test, with its statistics, effect sizes and policy.
public struct WilcoxonSignedRankResult: Sendable, Equatable {
    /// W+, the sum of the ranks of the positive differences x − y (R's V).
    public let wPlus: Double
    /// W−, the sum of the ranks of the negative differences.
    public let wMinus: Double
    /// The number of pairs given.
    public let pairs: Int
    /// The number of differences the statistic is referred to: nonzero differences under
    /// `.wilcox`, all differences under `.pratt` (the zeros are ranked there).
    public let nUsed: Int
    /// The number of zero differences (dropped under `.wilcox`, ranked but unsigned under `.pratt`).
    public let zeros: Int
    /// Whether nonzero absolute differences were tied.
    public let hasTies: Bool
    /// The standardized W+: (W+ − E − c)/σ with the tie-corrected σ, where c is the
    /// continuity correction of the normal policy (0 otherwise). Positive when x tends to exceed y.
    public let z: Double
    /// The p-value.
    public let p: Double
    /// Whether `p` came from an exact distribution or the normal approximation.
    public let method: PValueMethod
    /// The policy that was asked for.
    public let policy: WilcoxonPolicy
    /// The alternative hypothesis.
    public let alternative: Alternative
    /// Whether a continuity correction entered `z` and `p`.
    public let continuityCorrection: Bool
    /// The effect size r = z/√n_used (Rosenthal 1991; rstatix `wilcox_effsize`).
    public let r: Double
    /// The matched-pairs rank-biserial correlation (W+ − W−)/(W+ + W−) (Kerby 2014), with the
    /// Fisher-z interval of R's effectsize package, SE = √((2n³ + 3n² + n)/6)/(n(n+1)/2) for
    /// n nonzero differences (absent when the correlation is ±1).
    public let rankBiserial: EffectSize

    /// The test's name.
    public var name: String { "Wilcoxon signed-rank test" }

    /// The policy in words: zero handling, exact or normal, continuity and tie correction.
    public var policyDescription: String {
        var parts: [String] = [alternative.phrase]
        switch policy.zeroHandling {
        case .wilcox: parts.append("zero differences dropped (\(zeros) dropped)")
        case .pratt: parts.append("Pratt zero handling (\(zeros) zeros ranked, then left unsigned)")
        }
        switch (method, policy.method) {
        case (.exact, .permutation):
            parts.append("exact permutation distribution of the observed ranks")
        case (.exact, _):
            parts.append(
                hasTies
                    ? "exact distribution of untied ranks, W+ rounded conservatively for ties"
                    : "exact distribution")
        case (.normal, _):
            parts += RankTestReport.normalPhrases(continuityCorrection: continuityCorrection)
        }
        if policy.method == .automatic { parts.append("chosen as R's wilcox.test does") }
        return parts.joined(separator: "; ")
    }

    /// The APA string in the papaja style, such as `V = 40, p = .039, r_rb = .78`, with
    /// `z` when the normal approximation was used.
    public var apa: String { apaStatistic.description }
    /// ``apa`` as typed parts.
    public var apaStatistic: APAStatistic {
        RankTestReport.apa(
            symbol: "V", statistic: wPlus, z: method == .normal ? z : nil, p: p, effect: rankBiserial)
    }
}

extension WilcoxonSignedRank {
    /// The Wilcoxon signed-rank test for paired samples (Wilcoxon 1945; Hollander & Wolfe
    /// 1973, ch. 3). Computes W+ on the differences x − y under the given policy.
    ///
    /// - Throws: ``StatsError`` when the samples differ in length, hold NaN or infinity,
    ///   are empty, or every difference is zero; `.invalidArgument` for an exact or
    ///   permutation p-value on more nonzero differences than
    ///   ``SignedRankDistribution/maximumSize``, or for `.exact` under `.pratt` with zeros
    ///   (use `.permutation`).
    public static func test(
        _ x: [Double], _ y: [Double], alternative: Alternative = .twoSided,
        policy: WilcoxonPolicy = .rDefault, confidenceLevel: Double = 0.95
    ) throws -> WilcoxonSignedRankResult {
        let purpose = "The Wilcoxon signed-rank test"
        try InputChecks.requireConfidenceLevel(confidenceLevel)
        let differences = try InputChecks.pairedDifferences(x, y, purpose: purpose)
        try InputChecks.requireCount(differences, atLeast: 1, name: "x and y", purpose: purpose)
        let zeros = differences.filter { $0 == 0 }.count
        let nonzeroCount = differences.count - zeros
        if nonzeroCount == 0 {
            throw StatsError(
                .constantData, "\(purpose) cannot be computed: all \(differences.count) differences x − y are zero")
        }
        let signed = SignedRanks(differences, zeroHandling: policy.zeroHandling)

        var method = policy.method
        if method == .automatic {
            method = nonzeroCount < 50 && !signed.hasTies && zeros == 0 ? .exact : .normal(continuityCorrection: true)
        }
        if method == .exact && policy.zeroHandling == .pratt && zeros > 0 {
            throw StatsError(
                .invalidArgument, "the exact distribution of W+ has no Pratt zeros; use the permutation method")
        }
        if method == .exact || method == .permutation, nonzeroCount > SignedRankDistribution.maximumSize {
            throw StatsError(
                .invalidArgument,
                "exact signed-rank p-values are computed for at most \(SignedRankDistribution.maximumSize) nonzero differences, found \(nonzeroCount); use the normal approximation"
            )
        }

        var z = (signed.wPlus - signed.mean) / signed.sd
        var corrected = false
        let p: Double
        let pMethod: PValueMethod
        switch method {
        case .exact:
            let distribution = SignedRankDistribution(n: nonzeroCount)
            let lower = distribution.lowerTail(Int(signed.wPlus.rounded(.up)))
            let upper = distribution.upperTail(Int(signed.wPlus.rounded(.down)))
            p = pValue(lower: lower, upper: upper, alternative: alternative)
            pMethod = .exact
        case .permutation:
            let distribution = SignedRankDistribution(integerScores: signed.doubledRanks)
            guard distribution.isValid else {
                throw StatsError(
                    .invalidArgument,
                    "the permutation distribution of W+ is computed for ranks summing to at most \(SignedRankDistribution.maximumTotal / 2); use the normal approximation"
                )
            }
            let statistic = Int((2 * signed.wPlus).rounded())
            p = pValue(
                lower: distribution.lowerTail(statistic), upper: distribution.upperTail(statistic),
                alternative: alternative)
            pMethod = .exact
        case .normal(let correction):
            let approximation = RankNormalApproximation(
                statistic: signed.wPlus, mean: signed.mean, sd: signed.sd, alternative: alternative,
                continuityCorrection: correction)
            z = approximation.z
            p = approximation.p
            corrected = correction
            pMethod = .normal
        case .automatic:
            preconditionFailure("resolved above")
        }

        let total = signed.wPlus + signed.wMinus
        let rbc = (signed.wPlus - signed.wMinus) / total
        return WilcoxonSignedRankResult(
            wPlus: signed.wPlus, wMinus: signed.wMinus, pairs: differences.count, nUsed: signed.nUsed,
            zeros: zeros, hasTies: signed.hasTies, z: z, p: p, method: pMethod, policy: policy,
            alternative: alternative, continuityCorrection: corrected,
            r: z / Double(signed.nUsed).squareRoot(),
            rankBiserial: RankBiserial.matchedPairs(rbc, nonzero: nonzeroCount, level: confidenceLevel)
        )
    }
}
