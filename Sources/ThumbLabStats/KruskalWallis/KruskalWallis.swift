import Foundation

/// The result of a Kruskal-Wallis H test of k independent groups.
///
/// The pooled values are ranked with average ties. With N values, group rank sums `R_i`
/// and sizes `n_i`, the statistic of Kruskal & Wallis (1952) is
/// `H = 12/(N(N+1)) Σ R_i²/n_i − 3(N+1)`, divided by the tie correction
/// `C = 1 − Σ(t³−t)/(N³−N)`, where `t` runs over the sizes of the groups of tied values.
/// H is referred to the chi-square distribution with k − 1 df — the value and p-value of
/// `scipy.stats.kruskal` and R's `kruskal.test`.
///
/// - Kruskal, W. H. & Wallis, W. A. (1952). Use of ranks in one-criterion variance
///   analysis. *Journal of the American Statistical Association* 47(260), 583–621.
/// - Tomczak, M. & Tomczak, E. (2014). The need to report effect size estimates revisited.
///   *Trends in Sport Sciences* 1(21), 19–25.
public struct KruskalWallisResult: Sendable, Equatable {
    /// The tie-corrected H statistic.
    public let h: Double
    /// Degrees of freedom of H, k − 1.
    public let df: Double
    /// Upper-tail χ² p-value of H.
    public let p: Double
    /// Number of values N.
    public let n: Int
    /// Group names in the order of their first appearance.
    public let groups: [String]
    /// Number of values per group, in the order of ``groups``.
    public let counts: [Int]
    /// Rank sum `R_i` per group (ranks of the pooled values, average ties).
    public let rankSums: [Double]
    /// Mean rank `R_i/n_i` per group.
    public let meanRanks: [Double]
    /// The tie correction factor `1 − Σ(t³−t)/(N³−N)` (1 without ties); H is the
    /// uncorrected statistic divided by it.
    public let tieCorrection: Double
    /// Epsilon squared `ε² = H/(N − 1)` (Tomczak & Tomczak 2014), between 0 and 1: the
    /// share of the variance of the ranks that lies between groups.
    public let epsilonSquared: EffectSize
    /// Eta squared based on H, `η²_H = (H − k + 1)/(N − k)` (Tomczak & Tomczak 2014, as
    /// rstatix's `kruskal_effsize`); negative when H < k − 1. Nil when every group has one
    /// value (N = k), where it is 0/0.
    public let etaSquaredH: EffectSize?

    /// Number of groups.
    public var k: Int { groups.count }

    /// The test's name.
    public var name: String { "Kruskal-Wallis H test" }

    /// How the test was computed, in words.
    public var policy: String {
        "ranks of the pooled values with average ties; H corrected for ties; p from the chi-square "
            + "approximation with k − 1 df, as scipy.stats.kruskal and R's kruskal.test"
    }

    /// The APA string, such as `H(2) = 7.91, p = .019, ε² = .21`.
    public var apa: String { apaStatistic.description }
    /// ``apa`` as typed parts.
    public var apaStatistic: APAStatistic {
        APAStatistic([
            .init("H", df: [APA.df(df)], APA.value(h)), .p(p), .init("ε²", APA.unit(epsilonSquared.value, digits: 2)),
        ])
    }
}

extension KruskalWallis {
    /// The Kruskal-Wallis H test of k independent groups (Kruskal & Wallis 1952), with long
    /// data: one value and one group name per observation.
    ///
    /// H is corrected for ties and referred to χ² with k − 1 df, as `scipy.stats.kruskal` and
    /// R's `kruskal.test`; see ``KruskalWallisResult`` for the formula. It is computed as
    /// `12 (N − 1) Σ D_i²/n_i / (N³ − N − Σ(t³−t))` with `D_i = R_i − n_i (N+1)/2`, the same
    /// value without the cancellation of the textbook form.
    ///
    /// - Parameters:
    ///   - values: one value per observation.
    ///   - groups: the group of each value; groups keep the order of their first appearance.
    /// - Throws: ``StatsError`` for unequal lengths (`.lengthMismatch`), NaN or infinity
    ///   (`.nonFinite`), fewer than two groups (`.invalidDesign`) or all values equal
    ///   (`.constantData`).
    public static func test(values: [Double], groups: [String]) throws -> KruskalWallisResult {
        guard values.count == groups.count else {
            throw StatsError(
                .lengthMismatch,
                "The Kruskal-Wallis test received \(values.count) values but \(groups.count) group labels.")
        }
        if let bad = values.firstIndex(where: { !$0.isFinite }) {
            throw StatsError(
                .nonFinite,
                "Value \(bad + 1) (group \(groups[bad])) is \(values[bad]); the Kruskal-Wallis test needs finite values."
            )
        }
        var order: [String] = []
        var index: [String: Int] = [:]
        var membership: [Int] = []
        membership.reserveCapacity(values.count)
        for group in groups {
            if let known = index[group] {
                membership.append(known)
            } else {
                index[group] = order.count
                membership.append(order.count)
                order.append(group)
            }
        }
        guard order.count >= 2 else {
            throw StatsError(
                .invalidDesign, "The Kruskal-Wallis test needs at least two groups; found \(order.count).")
        }
        if let first = values.first, values.allSatisfy({ $0 == first }) {
            throw StatsError(
                .constantData,
                "Every value equals \(first), so all ranks tie and the Kruskal-Wallis statistic is undefined.")
        }

        let ranks = AverageRanks(values)
        let k = order.count
        var counts = [Int](repeating: 0, count: k)
        var rankSums = [Double](repeating: 0, count: k)
        for (group, rank) in zip(membership, ranks.ranks) {
            counts[group] += 1
            rankSums[group] += rank
        }
        let total = Double(values.count)
        // D_i = R_i − n_i (N+1)/2 is a multiple of 1/2 and exact; so is N³ − N − Σ(t³−t) for
        // N below 2·10⁵.
        let between = zip(rankSums, counts).reduce(0.0) { sum, group in
            let deviation = group.0 - Double(group.1) * (total + 1) / 2
            return sum + deviation * deviation / Double(group.1)
        }
        let cubic = total * total * total - total
        let h = 12 * (total - 1) * between / (cubic - ranks.tieCorrectionSum)
        let df = Double(k - 1)
        let etaSquaredH: EffectSize? =
            values.count > k
            ? EffectSize(
                name: "eta squared based on H, (H − k + 1)/(n − k) (Tomczak & Tomczak 2014)", symbol: "η²_H",
                value: (h - df) / Double(values.count - k))
            : nil
        return KruskalWallisResult(
            h: h, df: df, p: ChiSquared(df: df).sf(h), n: values.count, groups: order, counts: counts,
            rankSums: rankSums, meanRanks: zip(rankSums, counts).map { $0 / Double($1) },
            tieCorrection: 1 - ranks.tieCorrectionSum / cubic,
            epsilonSquared: EffectSize(
                name: "epsilon squared, H/(n − 1) (Tomczak & Tomczak 2014)", symbol: "ε²", value: h / (total - 1)),
            etaSquaredH: etaSquaredH)
    }
}

extension KruskalWallis {
    /// The Kruskal-Wallis H test of k independent samples, one array per group.
    ///
    /// - Parameters:
    ///   - samples: two or more samples, each with at least one value.
    ///   - labels: distinct group names, one per sample; defaults to "1", "2", … .
    /// - Throws: ``StatsError`` for fewer than two samples or duplicate labels
    ///   (`.invalidDesign`), a label count that differs from the sample count
    ///   (`.lengthMismatch`), an empty sample (`.tooFewObservations`), or as
    ///   ``KruskalWallis/test(values:groups:)``.
    public static func test(_ samples: [[Double]], labels: [String]? = nil) throws -> KruskalWallisResult {
        guard samples.count >= 2 else {
            throw StatsError(
                .invalidDesign, "The Kruskal-Wallis test needs at least two groups; found \(samples.count).")
        }
        let names = labels ?? samples.indices.map { String($0 + 1) }
        guard names.count == samples.count else {
            throw StatsError(.lengthMismatch, "\(names.count) labels for \(samples.count) samples.")
        }
        guard Set(names).count == names.count else {
            throw StatsError(.invalidDesign, "Group labels must be distinct; got \(names).")
        }
        if let empty = samples.firstIndex(where: \.isEmpty) {
            throw StatsError(
                .tooFewObservations,
                "Group \(names[empty]) has no values; every group of the Kruskal-Wallis test needs at least one.")
        }
        let groups = zip(samples, names).flatMap { sample, name in [String](repeating: name, count: sample.count) }
        return try KruskalWallis.test(values: samples.flatMap { $0 }, groups: groups)
    }
}
