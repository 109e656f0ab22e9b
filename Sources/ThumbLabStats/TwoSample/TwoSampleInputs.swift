/// The alternative hypothesis of a two-condition test.
///
/// The names follow R's `alternative` argument (`"two.sided"`, `"less"`, `"greater"`),
/// and the direction is always that of the first sample (or the first minus the second):
/// `.greater` means the first condition has the larger location.
public enum Alternative: String, CaseIterable, Sendable {
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

/// Input checks shared by the two-condition tests; each throws a ``StatsError`` that
/// names the sample and says what is wrong with it.
enum InputChecks {
    /// Throws unless every value is finite.
    static func requireFinite(_ values: [Double], name: String) throws {
        try InputValidation.requireFinite(values, name: name, minimum: 0)
    }

    /// Throws unless there are at least `minimum` values.
    static func requireCount(_ values: [Double], atLeast minimum: Int, name: String, purpose: String) throws {
        if values.count < minimum {
            throw StatsError(
                .tooFewObservations,
                "\(purpose) needs at least \(minimum) values in \(name), found \(values.count)"
            )
        }
    }

    /// Throws unless the values vary.
    static func requireVariation(_ values: [Double], name: String, purpose: String) throws {
        guard let first = values.first else { return }
        if values.allSatisfy({ $0 == first }) {
            throw StatsError(
                .constantData,
                "\(purpose) cannot be computed: every value of \(name) equals \(first), so its standard deviation is 0"
            )
        }
    }

    /// Throws unless the paired samples have the same length.
    static func requireSameLength(_ x: [Double], _ y: [Double], purpose: String) throws {
        if x.count != y.count {
            throw StatsError(
                .lengthMismatch,
                "\(purpose) needs one value per pair: x has \(x.count) values, y has \(y.count)"
            )
        }
    }

    /// Throws unless `level` is strictly between 0 and 1.
    static func requireConfidenceLevel(_ level: Double) throws {
        try InputValidation.requireLevel(level)
    }

    /// The element-wise differences x - y of two checked paired samples.
    static func pairedDifferences(_ x: [Double], _ y: [Double], purpose: String) throws -> [Double] {
        try requireSameLength(x, y, purpose: purpose)
        try requireFinite(x, name: "x")
        try requireFinite(y, name: "y")
        return zip(x, y).map { $0 - $1 }
    }
}

/// Mean and variance of a sample, computed by the two-pass formulas of ``Moments``.
struct SampleMoments: Sendable {
    let count: Int
    let mean: Double
    /// The unbiased variance (denominator n − 1); 0 for a single value.
    let variance: Double

    init(_ values: [Double]) {
        count = values.count
        mean = Moments.mean(values)
        variance = values.count > 1 ? max(0, Moments.variance(values)) : 0
    }

    var standardDeviation: Double { variance.squareRoot() }
}
