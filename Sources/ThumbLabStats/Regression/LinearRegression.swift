import Foundation

/// A least-squares line y = intercept + slope · x with the figures a paper reports.
public struct LinearRegressionResult: Sendable, Equatable {
    /// Number of (x, y) pairs.
    public let n: Int
    /// The fitted intercept, ȳ − slope · x̄.
    public let intercept: Double
    /// The fitted slope, Sxy / Sxx.
    public let slope: Double
    /// Pearson's r between x and y; its square is the coefficient of determination.
    public let r: Double
    /// Standard errors of the intercept and slope (residual variance on n − 2 df).
    public let interceptStandardError: Double
    /// Standard error of the slope.
    public let slopeStandardError: Double
    /// Two-sided p of the t test of slope = 0 on n − 2 df; NaN for n = 2.
    public let p: Double

    /// The coefficient of determination R².
    public var rSquared: Double { r * r }

    /// The fitted value at `x`.
    public func predict(_ x: Double) -> Double { intercept + slope * x }
}

extension Regression {
    /// Ordinary least-squares simple linear regression of `y` on `x`, as
    /// `scipy.stats.linregress` computes it (Draper & Smith 1998, ch. 1): slope
    /// Sxy / Sxx, intercept ȳ − slope · x̄, r = Sxy / √(Sxx · Syy), slope SE
    /// √((1 − r²) Syy / ((n − 2) Sxx)).
    /// - Throws: ``StatsError`` for inputs of different lengths, fewer than two pairs,
    ///   non-finite values, or an x that does not vary.
    public static func linear(_ x: [Double], _ y: [Double]) throws -> LinearRegressionResult {
        guard x.count == y.count else {
            throw StatsError(.lengthMismatch, "x has \(x.count) values and y has \(y.count); give one y per x")
        }
        try InputValidation.requireFinite(x, name: "x", minimum: 2)
        try InputValidation.requireFinite(y, name: "y", minimum: 2)
        let meanX = Moments.mean(x)
        let meanY = Moments.mean(y)
        var sxx = 0.0
        var syy = 0.0
        var sxy = 0.0
        for (xi, yi) in zip(x, y) {
            sxx += (xi - meanX) * (xi - meanX)
            syy += (yi - meanY) * (yi - meanY)
            sxy += (xi - meanX) * (yi - meanY)
        }
        guard sxx > 0 else {
            throw StatsError(.constantData, "every x is \(x[0]); a line needs at least two different x values")
        }
        let slope = sxy / sxx
        let intercept = meanY - slope * meanX
        let r = syy > 0 ? max(-1, min(1, sxy / (sxx * syy).squareRoot())) : 0
        let n = Double(x.count)
        let df = n - 2
        guard df > 0 else {
            return LinearRegressionResult(
                n: x.count, intercept: intercept, slope: slope, r: r, interceptStandardError: .nan,
                slopeStandardError: .nan, p: .nan)
        }
        let slopeSE = ((1 - r * r) * syy / (df * sxx)).squareRoot()
        let sumSquaresX = x.reduce(0) { $0 + $1 * $1 }
        let interceptSE = slopeSE * (sumSquaresX / n).squareRoot()
        let p: Double
        if slopeSE == 0 {
            p = 0
        } else {
            p = 2 * StudentT(df: df).sf(abs(slope / slopeSE))
        }
        return LinearRegressionResult(
            n: x.count, intercept: intercept, slope: slope, r: r, interceptStandardError: interceptSE,
            slopeStandardError: slopeSE, p: p)
    }
}
