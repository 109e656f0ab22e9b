import Foundation

/// The summary a paper's descriptive table reports for one sample.
///
/// SD and variance use the n − 1 denominator; the standard error is SD/√n; the median and
/// quartiles are R's type 7 quantiles; the confidence interval of the mean is the t interval
/// x̄ ± t₁₋α/₂,ₙ₋₁·SE (Student 1908).
public struct Descriptives: Sendable, Equatable {
    /// Number of values.
    public let n: Int
    /// Arithmetic mean.
    public let mean: Double
    /// Sample standard deviation (n − 1 denominator).
    public let sd: Double
    /// Sample variance (n − 1 denominator).
    public let variance: Double
    /// Standard error of the mean, SD/√n.
    public let standardError: Double
    /// Median (type 7 quantile at 0.5).
    public let median: Double
    /// Smallest value.
    public let min: Double
    /// Largest value.
    public let max: Double
    /// First quartile (type 7).
    public let q1: Double
    /// Third quartile (type 7).
    public let q3: Double
    /// The t-based confidence interval of the mean.
    public let meanInterval: ConfidenceInterval

    /// Interquartile range q3 − q1, as R's `IQR(x)`.
    public var iqr: Double { q3 - q1 }

    /// Summarises `values`.
    ///
    /// - Parameters:
    ///   - values: the sample; at least two finite values.
    ///   - level: confidence level of ``meanInterval``, 0.95 by default.
    /// - Throws: ``StatsError`` when the sample has fewer than two values, contains NaN or an
    ///   infinity, or the level is not between 0 and 1.
    public init(_ values: [Double], level: Double = 0.95) throws {
        try InputValidation.requireFinite(values, minimum: 2)
        let sorted = values.sorted()
        n = values.count
        mean = Moments.mean(values)
        variance = Moments.variance(values)
        sd = variance.squareRoot()
        standardError = sd / Double(n).squareRoot()
        median = sortedQuantile(sorted, 0.5, type: .type7)
        q1 = sortedQuantile(sorted, 0.25, type: .type7)
        q3 = sortedQuantile(sorted, 0.75, type: .type7)
        min = sorted[0]
        max = sorted[sorted.count - 1]
        meanInterval = try Descriptives.meanConfidenceInterval(values, level: level)
    }
}

/// A two-sided confidence interval around an estimate.
public struct ConfidenceInterval: Sendable, Equatable {
    /// The point estimate the interval surrounds.
    public let estimate: Double
    /// The lower limit.
    public let lower: Double
    /// The upper limit.
    public let upper: Double
    /// Confidence level, e.g. 0.95.
    public let level: Double

    /// Creates an interval from its estimate, limits and confidence level.
    public init(estimate: Double, lower: Double, upper: Double, level: Double) {
        self.estimate = estimate
        self.lower = lower
        self.upper = upper
        self.level = level
    }
}

extension Descriptives {
    /// The t confidence interval of the mean, x̄ ± t₁₋α/₂,ₙ₋₁ · s/√n (Student 1908), as R's
    /// `t.test(x)$conf.int`.
    ///
    /// - Throws: ``StatsError`` for fewer than two values, NaN or infinity, or a level outside (0, 1).
    public static func meanConfidenceInterval(_ values: [Double], level: Double = 0.95) throws
        -> ConfidenceInterval
    {
        try InputValidation.requireFinite(values, minimum: 2)
        try InputValidation.requireLevel(level)
        let n = Double(values.count)
        let mean = Moments.mean(values)
        let standardError = (Moments.variance(values) / n).squareRoot()
        let critical = StudentT(df: n - 1).isf((1 - level) / 2)
        return ConfidenceInterval(
            estimate: mean, lower: mean - critical * standardError,
            upper: mean + critical * standardError, level: level)
    }
}

extension Descriptives {
    /// The trimmed mean exactly as R's `mean(x, trim =)`: with n values sorted, drop
    /// ⌊n·trim⌋ from each end and average the rest; trim ≥ 0.5 gives the median.
    ///
    /// - Throws: ``StatsError`` for an empty sample, NaN or infinity, or trim outside [0, 0.5].
    public static func trimmedMean(_ values: [Double], trim: Double) throws -> Double {
        try InputValidation.requireFinite(values)
        guard trim >= 0 && trim <= 0.5 else {
            throw StatsError(.invalidArgument, "trim \(trim) must be between 0 and 0.5")
        }
        let sorted = values.sorted()
        if trim >= 0.5 { return sortedQuantile(sorted, 0.5, type: .type7) }
        let cut = Int((Double(sorted.count) * trim).rounded(.down))
        if cut == 0 { return Moments.mean(values) }
        return Moments.mean(Array(sorted[cut..<(sorted.count - cut)]))
    }
}
