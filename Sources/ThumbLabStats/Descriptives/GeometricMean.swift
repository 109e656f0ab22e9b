import Foundation

/// The geometric mean of positive values with its confidence interval from the log scale,
/// the summary of task times that Sauro & Lewis (CHI 2010) recommend for small samples.
///
/// GM = exp(mean(ln x)); CI = exp(mean(ln x) ± t₁₋α/₂,ₙ₋₁ · sd(ln x)/√n).
public struct GeometricMean: Sendable, Equatable {
    /// Number of values.
    public let n: Int
    /// exp(mean(ln x)).
    public let value: Double
    /// Back-transformed confidence interval of the geometric mean.
    public let interval: ConfidenceInterval
    /// Mean of ln x, the scale tests run on.
    public let logMean: Double
    /// SD of ln x (n − 1 denominator).
    public let logSD: Double

    /// Computes the geometric mean of `values` and its confidence interval.
    ///
    /// - Parameters:
    ///   - values: at least two finite, strictly positive values.
    ///   - level: confidence level, 0.95 by default.
    /// - Throws: ``StatsError`` for fewer than two values, NaN or infinity, a value ≤ 0, or a
    ///   level outside (0, 1).
    public init(_ values: [Double], level: Double = 0.95) throws {
        try InputValidation.requireFinite(values, minimum: 2)
        if let index = values.firstIndex(where: { $0 <= 0 }) {
            throw StatsError(
                .invalidArgument,
                "the geometric mean needs positive values; value \(index + 1) is \(values[index])")
        }
        let logs = values.map { log($0) }
        let logInterval = try Descriptives.meanConfidenceInterval(logs, level: level)
        n = values.count
        logMean = logInterval.estimate
        logSD = Moments.variance(logs).squareRoot()
        value = exp(logMean)
        interval = ConfidenceInterval(
            estimate: value, lower: exp(logInterval.lower), upper: exp(logInterval.upper),
            level: level)
    }
}
