/// How the p-values of a family of pairwise contrasts are adjusted, for estimated marginal
/// means (``LinearMixedModelResult/estimatedMarginalMeans(for:scale:adjustment:confidenceLevel:)``)
/// and ART-C (``ART/contrasts(_:design:term:adjustment:model:)``) alike.
///
/// A contrast family can take more than a p-value family: Tukey's method needs each contrast's
/// statistic, its df and the number of means, not just the p-values, so it is a case of its own
/// beside the corrections of R's `p.adjust` (``PAdjustMethod``).
public enum ContrastAdjustment: Sendable, Equatable, CustomStringConvertible {
    /// Tukey (1953): the studentized range with k means and each contrast's df,
    /// `p = P(Q > √2 |t|)`, as emmeans' default for pairwise comparisons
    /// (`ptukey(|t|·√2, k, df)`, `adjust = "tukey"`).
    case tukey
    /// A step-wise or single-step correction of the unadjusted p-values (R's `p.adjust`).
    case method(PAdjustMethod)
    /// No adjustment.
    case none

    /// Holm (1979) step-down over the k(k−1)/2 pairs; the house default.
    public static let holm = ContrastAdjustment.method(.holm)

    /// The adjustment as R names it (`tukey`, `holm`, `BH`, ...), or `"none"`.
    public var description: String {
        switch self {
        case .tukey: "tukey"
        case .method(let method): method.rawValue
        case .none: "none"
        }
    }
}
