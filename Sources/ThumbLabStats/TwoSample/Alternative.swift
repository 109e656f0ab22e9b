/// The alternative hypothesis of a two-condition test.
///
/// The names follow R's `alternative` argument (`"two.sided"`, `"less"`, `"greater"`),
/// and the direction is always that of the first sample (or the first minus the second):
/// `.greater` means the first condition has the larger location.
public enum Alternative: String, CaseIterable, Sendable, Codable {
    /// The locations differ in either direction.
    case twoSided = "two-sided"
    /// The first location is smaller.
    case less
    /// The first location is larger.
    case greater

    /// A phrase for policy descriptions, such as "two-sided" or "one-sided (greater)".
    public var phrase: String {
        switch self {
        case .twoSided: return "two-sided"
        case .less: return "one-sided (less)"
        case .greater: return "one-sided (greater)"
        }
    }
}

/// Combines the two tail probabilities of a statistic into the p-value of an alternative.
///
/// - Parameters:
///   - lower: P(T <= t), the probability of a result at least as small as the one observed.
///   - upper: P(T >= t), the probability of a result at least as large.
/// - Returns: `lower` for `.less`, `upper` for `.greater`, and `min(1, 2 min(lower, upper))`
///   for `.twoSided` (the doubling rule R's `t.test` and `wilcox.test` use).
func pValue(lower: Double, upper: Double, alternative: Alternative) -> Double {
    switch alternative {
    case .less: return min(1, max(0, lower))
    case .greater: return min(1, max(0, upper))
    case .twoSided: return min(1, max(0, 2 * min(lower, upper)))
    }
}
