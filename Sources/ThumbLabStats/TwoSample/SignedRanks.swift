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
