import Foundation

/// One pairwise comparison of Tukey's honestly significant difference test.
public struct TukeyHSDComparison: Sendable, Equatable {
    /// The first group of the pair (earlier in the order of first appearance).
    public var a: String
    /// The second group of the pair.
    public var b: String
    /// `mean(a) − mean(b)`.
    public var difference: Double
    /// `√(MSE/2 · (1/n_a + 1/n_b))`, the Tukey-Kramer standard error on the range scale.
    public var standardError: Double
    /// The studentized range statistic `|difference| / standardError`.
    public var q: Double
    /// Family-wise p-value: the upper tail of the studentized range with `k` groups.
    public var p: Double
    /// Simultaneous confidence interval of the difference.
    public var ciLow: Double
    /// The upper bound of the simultaneous interval.
    public var ciHigh: Double
}

/// Tukey's HSD for all pairs of groups of a one-way between-subjects design.
public struct TukeyHSDResult: Sendable, Equatable {
    /// Groups in the order of their first appearance.
    public var groups: [String]
    /// Number of values per group, in group order.
    public var counts: [Int]
    /// Mean of each group, in group order.
    public var means: [Double]
    /// The pooled within-group mean square and its df (`N − k`).
    public var meanSquareError: Double
    /// Degrees of freedom of the mean square error, `N − k`.
    public var errorDF: Double
    /// Confidence level of the simultaneous intervals, such as 0.95.
    public var confidenceLevel: Double
    /// All `k(k−1)/2` pairs, `a` before `b` in group order.
    public var comparisons: [TukeyHSDComparison]

    /// The comparison of two groups in either order (the difference then reads `a − b` as
    /// stored).
    public func comparison(_ first: String, _ second: String) -> TukeyHSDComparison? {
        comparisons.first { ($0.a == first && $0.b == second) || ($0.a == second && $0.b == first) }
    }
}

extension ANOVA {
    /// Tukey's honestly significant difference test with the Tukey-Kramer adjustment for
    /// unequal group sizes, as R's `TukeyHSD` and `scipy.stats.tukey_hsd`.
    ///
    /// For groups `i`, `j` with means `ȳ`, sizes `n` and pooled mean square error `MSE` on
    /// `ν = N − k` df: `q = |ȳ_i − ȳ_j| / √(MSE/2 · (1/n_i + 1/n_j))`, `p = P(Q_{k,ν} > q)`, and
    /// the simultaneous interval `ȳ_i − ȳ_j ± q_{1−α; k,ν} · √(MSE/2 · (1/n_i + 1/n_j))`
    /// (Tukey 1953; Kramer 1956; Hochberg & Tamhane 1987, §3.2).
    ///
    /// - Parameters:
    ///   - values: one value per observation.
    ///   - groups: the group of each value.
    ///   - confidenceLevel: of the simultaneous intervals (default 0.95).
    /// - Throws: ``StatsError`` for unequal lengths, non-finite values, fewer than two groups, no
    ///   error df, or no variation within groups.
    public static func tukeyHSD(values: [Double], groups: [String], confidenceLevel: Double = 0.95) throws
        -> TukeyHSDResult
    {
        guard values.count == groups.count else {
            throw StatsError(
                .lengthMismatch, "Tukey HSD received \(values.count) values but \(groups.count) group labels.")
        }
        guard confidenceLevel > 0, confidenceLevel < 1 else {
            throw StatsError(
                .invalidArgument, "The confidence level must lie strictly between 0 and 1, not \(confidenceLevel).")
        }
        if let bad = values.firstIndex(where: { !$0.isFinite }) {
            throw StatsError(
                .nonFinite, "Value \(bad + 1) (group \(groups[bad])) is \(values[bad]); Tukey HSD needs finite values.")
        }
        var order: [String] = []
        var members: [String: [Double]] = [:]
        for (value, group) in zip(values, groups) {
            if members[group] == nil { order.append(group) }
            members[group, default: []].append(value)
        }
        guard order.count >= 2 else {
            throw StatsError(.invalidDesign, "Tukey HSD needs at least two groups; found \(order.count).")
        }
        let errorDF = Double(values.count - order.count)
        guard errorDF >= 1 else {
            throw StatsError(
                .tooFewObservations,
                "\(values.count) values in \(order.count) groups leave no error degrees of freedom; some group needs a second value."
            )
        }
        let counts = order.map { members[$0]!.count }
        let means = order.map { group in members[group]!.reduce(0, +) / Double(members[group]!.count) }
        var errorSS = 0.0
        for (group, mean) in zip(order, means) {
            errorSS += members[group]!.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
        }
        let mse = errorSS / errorDF
        guard mse > 0 else {
            throw StatsError(
                .constantData, "Every group is constant, so the error mean square is 0 and Tukey HSD is undefined.")
        }
        let range = StudentizedRange(groups: Double(order.count), df: errorDF)
        let critical = range.quantile(confidenceLevel)
        var comparisons: [TukeyHSDComparison] = []
        for i in 0..<order.count {
            for j in (i + 1)..<order.count {
                let difference = means[i] - means[j]
                let se = (mse / 2 * (1 / Double(counts[i]) + 1 / Double(counts[j]))).squareRoot()
                let q = abs(difference) / se
                comparisons.append(
                    TukeyHSDComparison(
                        a: order[i], b: order[j], difference: difference, standardError: se, q: q,
                        p: min(1, range.sf(q)), ciLow: difference - critical * se, ciHigh: difference + critical * se))
            }
        }
        return TukeyHSDResult(
            groups: order, counts: counts, means: means, meanSquareError: mse, errorDF: errorDF,
            confidenceLevel: confidenceLevel, comparisons: comparisons)
    }
}
