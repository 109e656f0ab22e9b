import Foundation

extension Friedman {
    /// Pairwise Wilcoxon signed-rank tests between the conditions of complete-block data, with
    /// the p-values adjusted over all pairs: R's `pairwise.wilcox.test(paired = TRUE)` and
    /// pingouin's `pairwise_tests(parametric = False)` after a Friedman test.
    ///
    /// Each pair is tested with ``WilcoxonSignedRank/test(_:_:alternative:policy:confidenceLevel:)``
    /// (two-sided) on the differences `a − b`; the statistic reported is W+ (R's V).
    ///
    /// - Parameters:
    ///   - data: complete-block data, one row per subject.
    ///   - adjust: the family-wise correction (Holm by default).
    ///   - policy: zero handling and p-value method; R's `wilcox.test` rule by default
    ///     (exact when fewer than 50 nonzero differences without ties or zeros, otherwise the
    ///     normal approximation with tie-corrected variance and continuity correction).
    ///     ``SignedRankMethod/permutation`` reproduces scipy's and pingouin's p-values for small
    ///     samples with ties.
    /// - Throws: ``StatsError`` naming the pair when its differences are all zero, or as the
    ///   signed-rank test.
    public static func pairwiseWilcoxon(
        _ data: FriedmanData, adjust: PAdjustMethod = .holm, policy: WilcoxonPolicy = .rDefault
    ) throws -> FriedmanPostHoc {
        var comparisons: [FriedmanComparison] = []
        var policies: Set<String> = []
        for (i, j) in PairIndices.of(data.k) {
            let a = data.values.map { $0[i] }
            let b = data.values.map { $0[j] }
            let test: WilcoxonSignedRankResult
            do {
                test = try WilcoxonSignedRank.test(a, b, policy: policy)
            } catch let error as StatsError {
                throw StatsError(error.kind, "\(data.conditions[i]) vs \(data.conditions[j]): \(error.message)")
            }
            policies.insert(test.method.rawValue)
            comparisons.append(
                FriedmanComparison(
                    a: data.conditions[i], b: data.conditions[j], statistic: test.wPlus, df: nil, p: test.p,
                    pAdjusted: 0))
        }
        let adjusted = PValues.adjust(comparisons.map(\.p), method: adjust)
        for index in comparisons.indices { comparisons[index].pAdjusted = adjusted[index] }
        let zeros = policy.zeroHandling == .wilcox ? "zero differences dropped" : "Pratt zero handling"
        return FriedmanPostHoc(
            method: .wilcoxon, adjust: adjust.rawValue, comparisons: comparisons,
            policy: "Wilcoxon signed-rank per pair, two-sided, statistic W+ (V); \(zeros); p-values "
                + "\(policies.sorted().joined(separator: " and ")) (\(policy.method == .automatic ? "R's wilcox.test rule" : "method as requested")); "
                + "adjusted by \(adjust.rawValue)")
    }
}
