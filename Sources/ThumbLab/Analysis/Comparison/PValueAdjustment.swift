import ThumbLabStats

/// How a family of p-values is adjusted for multiple comparisons (R's `p.adjust`
/// methods, ThumbLabStats' `PValues.adjust(_:method:)`), or `none`.
public enum PValueAdjustment: String, CaseIterable, Sendable {
    /// Holm (1979), the default.
    case holm
    /// Bonferroni: each p multiplied by the family's size, capped at 1.
    case bonferroni
    /// Hochberg (1988).
    case hochberg
    /// Benjamini & Hochberg (1995), false discovery rate.
    case bh
    /// Benjamini & Yekutieli (2001).
    case by
    /// No adjustment: adjusted p-values equal the unadjusted ones.
    case none

    /// The ThumbLabStats method, `nil` for `none`.
    public var method: PAdjustMethod? {
        switch self {
        case .holm: .holm
        case .bonferroni: .bonferroni
        case .hochberg: .hochberg
        case .bh: .benjaminiHochberg
        case .by: .benjaminiYekutieli
        case .none: nil
        }
    }

    /// The adjusted p-values, in the order given (unchanged for `none`); all NaN when a
    /// p-value is outside [0, 1], as `PValues.adjust(_:method:)` gives them.
    public func adjust(_ p: [Double]) -> [Double] {
        method.map { PValues.adjust(p, method: $0) } ?? p
    }
}
