import Foundation

/// One pairwise comparison after a Friedman test.
public struct FriedmanComparison: Sendable, Equatable {
    /// The first condition of the pair.
    public var a: String
    /// The second condition of the pair.
    public var b: String
    /// The test statistic: Conover's t, Nemenyi's studentized range q, or Wilcoxon's W+.
    public var statistic: Double
    /// Degrees of freedom of the statistic where it has them (Conover's t).
    public var df: Double?
    /// Unadjusted p-value (Nemenyi's is already family-wise).
    public var p: Double
    /// p-value after the family-wise adjustment.
    public var pAdjusted: Double
}

/// The pairwise procedures available after a Friedman test.
public enum FriedmanPostHocMethod: String, CaseIterable, Sendable {
    /// Conover's t test on rank sums, Friedman version (Conover 1999, §5.8; PMCMRplus
    /// `frdAllPairsConoverTest`, scikit-posthocs `posthoc_conover_friedman`).
    case conover
    /// Nemenyi's studentized-range test on mean ranks (Demšar 2006; PMCMRplus
    /// `frdAllPairsNemenyiTest`); single-step, so no further adjustment applies.
    case nemenyi
    /// Wilcoxon signed-rank tests on each pair of conditions.
    case wilcoxon
}

/// All pairwise comparisons of a post-hoc procedure, conditions in data order.
public struct FriedmanPostHoc: Sendable, Equatable {
    /// The procedure used.
    public var method: FriedmanPostHocMethod
    /// The adjustment applied to the p-values, e.g. "holm"; "single-step" for Nemenyi.
    public var adjust: String
    /// One comparison per pair of conditions (i < j).
    public var comparisons: [FriedmanComparison]
    /// How the procedure was computed.
    public var policy: String
}

extension Friedman {
    /// Conover's all-pairs test after a Friedman test.
    ///
    /// With within-subject ranks `r_ij` and rank sums `R_j`:
    /// `S² = (Σ r_ij² − n k (k+1)²/4) / (k−1)`, `T = Σ (R_j − n(k+1)/2)² / S²`,
    /// `t = |R_a − R_b| / √( 2 n (k−1) S² / ((n−1)(k−1)) · (1 − T / (n(k−1))) )`, two-sided
    /// p from Student's t with `(n−1)(k−1)` df (Conover 1999, eq. 5.8.6), then adjusted.
    ///
    /// - Throws: ``StatsError/Kind/constantData`` when ranks agree perfectly across subjects or
    ///   all values tie, where the error variance is zero.
    public static func conover(_ data: FriedmanData, adjust: PAdjustMethod = .holm) throws -> FriedmanPostHoc {
        let n = Double(data.n)
        let k = Double(data.k)
        let squares = data.ranks.reduce(0) { $0 + $1.reduce(0) { $0 + $1 * $1 } }
        let s2 = (squares - n * k * (k + 1) * (k + 1) / 4) / (k - 1)
        let center = n * (k + 1) / 2
        let rankSums = data.rankSums
        guard s2 > 0 else {
            throw StatsError(.constantData, "Every subject ties all conditions; Conover's test is undefined.")
        }
        let t2 = rankSums.reduce(0) { $0 + ($1 - center) * ($1 - center) } / s2
        let df = (n - 1) * (k - 1)
        let variance = s2 * 2 * n * (k - 1) / df * (1 - t2 / (n * (k - 1)))
        guard variance > 1e-12 * s2 else {
            throw StatsError(
                .constantData,
                "All subjects rank the conditions identically; Conover's error variance is zero and t is unbounded.")
        }
        let distribution = StudentT(df: df)
        var comparisons: [FriedmanComparison] = []
        for (i, j) in PairIndices.of(data.k) {
            let t = abs(rankSums[i] - rankSums[j]) / variance.squareRoot()
            comparisons.append(
                FriedmanComparison(
                    a: data.conditions[i], b: data.conditions[j], statistic: t, df: df,
                    p: min(1, 2 * distribution.sf(t)), pAdjusted: 0))
        }
        let adjusted = PValues.adjust(comparisons.map(\.p), method: adjust)
        for index in comparisons.indices { comparisons[index].pAdjusted = adjusted[index] }
        return FriedmanPostHoc(
            method: .conover, adjust: adjust.rawValue, comparisons: comparisons,
            policy:
                "Conover's t on within-subject rank sums, df (n−1)(k−1) = \(APA.df(df)), two-sided; p adjusted by \(adjust.rawValue)"
        )
    }
}

extension Friedman {
    /// Nemenyi's all-pairs test after a Friedman test.
    ///
    /// `q = |R̄_a − R̄_b| / √(k(k+1) / (12 n))` on mean ranks `R̄`, which is √2 times the
    /// normal statistic `|R̄_a − R̄_b| / √(k(k+1)/(6n))`; p is the upper tail of the studentized
    /// range with k groups and infinite df (Demšar 2006, JMLR 7:1–30; PMCMRplus
    /// `frdAllPairsNemenyiTest`). The p-values are family-wise by construction (single step).
    public static func nemenyi(_ data: FriedmanData) throws -> FriedmanPostHoc {
        let n = Double(data.n)
        let k = Double(data.k)
        let meanRanks = data.rankSums.map { $0 / n }
        let scale = (k * (k + 1) / (12 * n)).squareRoot()
        let distribution = StudentizedRange(groups: k, df: .infinity)
        let comparisons = PairIndices.of(data.k).map { i, j in
            let q = abs(meanRanks[i] - meanRanks[j]) / scale
            let p = min(1, distribution.sf(q))
            return FriedmanComparison(
                a: data.conditions[i], b: data.conditions[j], statistic: q, df: nil, p: p, pAdjusted: p)
        }
        return FriedmanPostHoc(
            method: .nemenyi, adjust: "single-step", comparisons: comparisons,
            policy:
                "Nemenyi: studentized range q on mean within-subject ranks, \(data.k) groups, df ∞; single-step family-wise p"
        )
    }
}
