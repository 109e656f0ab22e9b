import Foundation

/// The family-wise and false-discovery-rate corrections of R's `p.adjust`.
///
/// - `holm`: Holm (1979) step-down, controls the family-wise error rate; the default.
/// - `bonferroni`: p·m, capped at 1.
/// - `hochberg`: Hochberg (1988) step-up.
/// - `benjaminiHochberg` ("BH"): Benjamini & Hochberg (1995) false discovery rate.
/// - `benjaminiYekutieli` ("BY"): Benjamini & Yekutieli (2001), FDR under any dependence.
public enum PAdjustMethod: String, CaseIterable, Sendable {
    /// Holm's (1979) step-down family-wise correction, the default.
    case holm
    /// Bonferroni's single-step family-wise correction, m · p.
    case bonferroni
    /// Hochberg's (1988) step-up family-wise correction.
    case hochberg
    /// Benjamini & Hochberg's (1995) false discovery rate.
    case benjaminiHochberg = "BH"
    /// Benjamini & Yekutieli's (2001) false discovery rate under any dependence.
    case benjaminiYekutieli = "BY"
}

extension PValues {
    /// Adjusts p-values for multiple comparisons exactly as R's `p.adjust` does.
    ///
    /// With m the number of non-NaN p-values and p₍ᵢ₎ the i-th smallest:
    /// Holm takes the running maximum of (m − i + 1)·p₍ᵢ₎ upwards; Hochberg the running minimum
    /// of (m − i + 1)·p₍ᵢ₎ downwards; BH the running minimum of m/i·p₍ᵢ₎ downwards; BY that of
    /// BH times Σ₁ᵐ 1/j; all capped at 1. NaN entries are missing values: they stay NaN and do
    /// not count in m, as R's NA.
    ///
    /// A family with any other value outside [0, 1] (negative, above 1, ±∞) is refused: every
    /// entry comes back NaN, since no adjustment of such a family means anything.
    ///
    /// - Parameters:
    ///   - p: the unadjusted p-values, in any order.
    ///   - method: the correction; Holm by default.
    /// - Returns: the adjusted p-values in the order of `p`, or all NaN when an entry is neither
    ///   NaN nor in [0, 1].
    public static func adjust(_ p: [Double], method: PAdjustMethod = .holm) -> [Double] {
        if p.contains(where: { !$0.isNaN && !Probability.isValid($0) }) {
            return [Double](repeating: .nan, count: p.count)
        }
        let present = p.indices.filter { !p[$0].isNaN }
        let count = Double(present.count)
        var adjusted = p
        guard present.count > 1 else { return adjusted }
        // Ascending by p, ties in input order (R's `order` is stable).
        let ascending = present.sorted { (p[$0], $0) < (p[$1], $1) }
        switch method {
        case .bonferroni:
            for index in present { adjusted[index] = min(1, count * p[index]) }
        case .holm:
            var runningMax = 0.0
            for (rank, index) in ascending.enumerated() {
                runningMax = max(runningMax, (count - Double(rank)) * p[index])
                adjusted[index] = min(1, runningMax)
            }
        case .hochberg, .benjaminiHochberg, .benjaminiYekutieli:
            let harmonic = (1...present.count).reduce(0.0) { $0 + 1 / Double($1) }
            let descending = present.sorted { (p[$0], $0) > (p[$1], $1) }
            var runningMin = Double.infinity
            for (offset, index) in descending.enumerated() {
                let rank = count - Double(offset)
                let factor: Double
                switch method {
                case .hochberg: factor = count - rank + 1
                case .benjaminiHochberg: factor = count / rank
                default: factor = harmonic * count / rank
                }
                runningMin = min(runningMin, factor * p[index])
                adjusted[index] = min(1, runningMin)
            }
        }
        return adjusted
    }
}
