import ThumbLabStats

/// How a family of p-values is adjusted for multiple comparisons: one of the corrections of
/// R's `p.adjust` (ThumbLabStats' `PAdjustMethod`, applied by `PValues.adjust(_:method:)`),
/// or `none`. The methods are ThumbLabStats' own; this adds only the choice of none and the
/// words the command line and JSON use: R's names in lower case (`holm`, `bonferroni`,
/// `hochberg`, `bh`, `by`) and `none`.
public enum PValueAdjustment: Hashable, Sendable {
    /// One of R's `p.adjust` methods.
    case method(PAdjustMethod)
    /// No adjustment: adjusted p-values equal the unadjusted ones.
    case none

    /// Holm (1979), the default.
    public static let holm = PValueAdjustment.method(.holm)
    /// Bonferroni: each p multiplied by the family's size, capped at 1.
    public static let bonferroni = PValueAdjustment.method(.bonferroni)
    /// Hochberg (1988).
    public static let hochberg = PValueAdjustment.method(.hochberg)
    /// Benjamini & Hochberg (1995), false discovery rate.
    public static let bh = PValueAdjustment.method(.benjaminiHochberg)
    /// Benjamini & Yekutieli (2001).
    public static let by = PValueAdjustment.method(.benjaminiYekutieli)

    /// The ThumbLabStats method, `nil` for `none`.
    public var method: PAdjustMethod? {
        switch self {
        case .method(let method): method
        case .none: nil
        }
    }

    /// The adjusted p-values, in the order given (unchanged for `none`); all NaN when a
    /// p-value is outside [0, 1], as `PValues.adjust(_:method:)` gives them.
    public func adjust(_ p: [Double]) -> [Double] {
        method.map { PValues.adjust(p, method: $0) } ?? p
    }
}

extension PValueAdjustment: RawRepresentable, CaseIterable {
    /// Every method in ThumbLabStats' order, then `none`.
    public static var allCases: [PValueAdjustment] { PAdjustMethod.allCases.map(Self.method) + [.none] }

    /// The adjustment named by `rawValue`, one of the words of ``rawValue``.
    public init?(rawValue: String) {
        if rawValue == "none" {
            self = .none
        } else if let method = PAdjustMethod.allCases.first(where: { $0.rawValue.lowercased() == rawValue }) {
            self = .method(method)
        } else {
            return nil
        }
    }

    /// The method's name in R in lower case (`holm`, `bh`), or `none`.
    public var rawValue: String { method?.rawValue.lowercased() ?? "none" }
}
