/// Input checks shared by the two-condition tests; each throws a ``StatsError`` that
/// names the sample and says what is wrong with it.
enum InputChecks {
    /// Throws unless every value is finite.
    static func requireFinite(_ values: [Double], name: String) throws {
        if let index = values.firstIndex(where: { !$0.isFinite }) {
            throw StatsError(
                .nonFinite,
                "\(name) has a non-finite value (\(values[index])) at position \(index + 1); remove or impute it first"
            )
        }
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
        if !(level > 0 && level < 1) {
            throw StatsError(.invalidArgument, "confidence level must be between 0 and 1 (exclusive), got \(level)")
        }
    }

    /// The element-wise differences x - y of two checked paired samples.
    static func pairedDifferences(_ x: [Double], _ y: [Double], purpose: String) throws -> [Double] {
        try requireSameLength(x, y, purpose: purpose)
        try requireFinite(x, name: "x")
        try requireFinite(y, name: "y")
        return zip(x, y).map { $0 - $1 }
    }
}
