import Foundation

/// Input checks shared by the descriptive statistics; each throws a ``StatsError`` whose
/// message names the input and what is wrong with it.
enum InputValidation {
    /// Every value finite, at least `minimum` of them.
    static func requireFinite(_ values: [Double], name: String = "the sample", minimum: Int = 1)
        throws
    {
        if let index = values.firstIndex(where: { !$0.isFinite }) {
            throw StatsError(
                .nonFinite,
                "\(name) contains \(values[index]) at position \(index + 1); remove missing or infinite values first"
            )
        }
        if values.count < minimum {
            let noun = minimum == 1 ? "value" : "values"
            throw StatsError(
                .tooFewObservations,
                "\(name) has \(values.count) \(values.count == 1 ? "value" : "values"); at least \(minimum) \(noun) are needed"
            )
        }
    }

    /// A confidence level strictly between 0 and 1.
    static func requireLevel(_ level: Double) throws {
        guard level > 0 && level < 1 else {
            throw StatsError(
                .invalidArgument, "confidence level \(level) must be between 0 and 1 (e.g. 0.95)")
        }
    }

    /// A probability in [0, 1].
    static func requireProbability(_ p: Double, name: String = "probability") throws {
        guard p >= 0 && p <= 1 else {
            throw StatsError(.invalidArgument, "\(name) \(p) must be between 0 and 1")
        }
    }
}

/// Sums and moments computed the careful way.
enum Moments {
    /// The arithmetic mean by a two-pass correction (the mean plus the mean residual), as
    /// R's `mean` does for doubles.
    static func mean(_ values: [Double]) -> Double {
        let count = Double(values.count)
        let first = values.reduce(0, +) / count
        let correction = values.reduce(0) { $0 + ($1 - first) } / count
        return first + correction
    }

    /// The unbiased sample variance Σ(x − x̄)² / (n − 1), two-pass.
    static func variance(_ values: [Double]) -> Double {
        let center = mean(values)
        let squares = values.reduce(0) { $0 + ($1 - center) * ($1 - center) }
        return squares / Double(values.count - 1)
    }
}
