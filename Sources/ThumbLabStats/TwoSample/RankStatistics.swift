/// Ranks of a sample with ties resolved by averaging, the convention of R's `rank`
/// (`ties.method = "average"`) and scipy's `rankdata(method="average")`.
public struct AverageRanks: Sendable, Equatable {
    /// The rank of each value, in input order, from 1; tied values share the mean of the
    /// ranks they span, so every rank is a multiple of 1/2.
    public let ranks: [Double]
    /// The size of every group of tied values, groups of one included, in ascending order
    /// of the values.
    public let tieGroupSizes: [Int]

    /// Ranks `values` (which must not contain NaN).
    public init(_ values: [Double]) {
        ranks = RankingSupport.ranks(values)
        var groups: [Int] = []
        var previous: Double?
        for value in values.sorted() {
            if value == previous { groups[groups.count - 1] += 1 } else { groups.append(1) }
            previous = value
        }
        tieGroupSizes = groups
    }

    /// Whether any two values are tied.
    public var hasTies: Bool { tieGroupSizes.contains { $0 > 1 } }

    /// Σ (t³ − t) over the tie groups, the quantity in every tie correction of a rank
    /// test's variance (Hollander & Wolfe 1973, §3.1 and §4.1).
    public var tieCorrectionSum: Double {
        tieGroupSizes.reduce(0) { sum, size in
            let t = Double(size)
            return sum + (t * t * t - t)
        }
    }
}

/// The ranked differences of a signed-rank test under a zero-handling rule, with the null
/// mean and tie-corrected standard deviation of W+.
struct SignedRanks: Sendable {
    /// W+ and W−.
    let wPlus: Double
    let wMinus: Double
    /// Twice the ranks of the nonzero differences (integers, for the permutation distribution).
    let doubledRanks: [Int]
    /// Whether nonzero absolute differences are tied.
    let hasTies: Bool
    /// The n the statistic is referred to (nonzero count, or all under Pratt).
    let nUsed: Int
    /// E(W+) under the null hypothesis.
    let mean: Double
    /// The tie-corrected null standard deviation of W+.
    let sd: Double

    /// Ranks |d| (after dropping zeros under `.wilcox`, with them under `.pratt`).
    ///
    /// Wilcox: E = n(n+1)/4, Var = [n(n+1)(2n+1) − Σ(t³ − t)/2]/24 over the tie groups.
    /// Pratt (Cureton 1967): with n0 zeros among n differences, E = [n(n+1) − n0(n0+1)]/4 and
    /// Var = [n(n+1)(2n+1) − n0(n0+1)(2n0+1) − Σ(t³ − t)/2]/24, where the tie groups exclude
    /// the zeros — the formulas of scipy's `wilcoxon`.
    init(_ differences: [Double], zeroHandling: ZeroHandling) {
        let ranked: [Double] = zeroHandling == .wilcox ? differences.filter { $0 != 0 } : differences
        let ranks = AverageRanks(ranked.map { abs($0) })
        var plus = 0.0
        var minus = 0.0
        var doubled: [Int] = []
        for (value, rank) in zip(ranked, ranks.ranks) where value != 0 {
            if value > 0 { plus += rank } else { minus += rank }
            doubled.append(Int((2 * rank).rounded()))
        }
        let zeros = ranked.count - doubled.count
        // Under Pratt the zeros form the first tie group; they take no part in the correction.
        var groups = ranks.tieGroupSizes
        if zeros > 0, !groups.isEmpty { groups.removeFirst() }
        let tieSum = groups.reduce(0.0) { sum, size in
            let t = Double(size)
            return sum + t * t * t - t
        }
        let n = Double(ranked.count)
        let n0 = Double(zeros)
        wPlus = plus
        wMinus = minus
        doubledRanks = doubled
        hasTies = groups.contains { $0 > 1 }
        nUsed = ranked.count
        mean = (n * (n + 1) - n0 * (n0 + 1)) / 4
        let variance = (n * (n + 1) * (2 * n + 1) - n0 * (n0 + 1) * (2 * n0 + 1) - tieSum / 2) / 24
        sd = variance.squareRoot()
    }
}

/// The normal approximation of a rank statistic, shared by the signed-rank and rank-sum tests.
///
/// z = (S − E − c)/σ, where the continuity correction c is +½ for `.greater`, −½ for `.less`
/// and ½·sign(S − E) for `.twoSided` (0 when S = E), the rule of R's `wilcox.test`
/// (Hollander & Wolfe 1973, §3.1 and §4.1).
struct RankNormalApproximation: Sendable {
    let z: Double
    let p: Double

    init(statistic: Double, mean: Double, sd: Double, alternative: Alternative, continuityCorrection: Bool) {
        var shift = 0.0
        if continuityCorrection {
            switch alternative {
            case .greater: shift = 0.5
            case .less: shift = -0.5
            case .twoSided: shift = statistic > mean ? 0.5 : (statistic < mean ? -0.5 : 0)
            }
        }
        z = (statistic - mean - shift) / sd
        let normal = Normal()
        p = pValue(lower: normal.cdf(z), upper: normal.sf(z), alternative: alternative)
    }
}

/// The wording shared by the reports of the rank tests.
enum RankTestReport {
    /// The phrases that describe a normal approximation with tie-corrected variance.
    static func normalPhrases(continuityCorrection: Bool) -> [String] {
        [
            "normal approximation with tie-corrected variance",
            continuityCorrection ? "continuity correction" : "no continuity correction",
        ]
    }

    /// `symbol = statistic[, z = …], p = …, effect`, the statistic printed as an integer when
    /// it is one and with one decimal otherwise (rank sums are multiples of ½).
    static func apa(
        symbol: APAStatistic.Symbol, statistic: Double, z: Double?, p: Double, effect: EffectSize
    ) -> APAStatistic {
        let number = statistic == statistic.rounded() ? String(Int(statistic)) : APA.value(statistic, digits: 1)
        let zPart = z.map { [APAStatistic.Part("z", APA.value($0))] } ?? []
        return APAStatistic([.init(symbol, number)] + zPart + [.p(p), effect.apaPart])
    }
}
