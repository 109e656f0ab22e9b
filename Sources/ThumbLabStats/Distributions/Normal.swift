import Foundation

/// The normal distribution N(mean, sd²).
///
/// cdf and sf use the complementary error function directly (Abramowitz & Stegun 26.2.29),
/// so each tail keeps its relative accuracy down to about 1e-300; the quantile starts from
/// Abramowitz & Stegun 26.2.23 and is polished with Halley's method.
///
/// Invalid input never traps: with `mean` not finite or `sd` not finite and positive every
/// method returns NaN (as R's `pnorm(x, sd = -1)`), a NaN argument gives NaN, ±∞ gives the
/// limit, and `quantile` and `isf` return NaN for a probability outside [0, 1].
public struct Normal: Sendable, Equatable {
    /// The mean μ.
    public let mean: Double
    /// The standard deviation σ (> 0).
    public let sd: Double

    /// N(mean, sd²); a finite `mean` and a finite, positive `sd` are valid, anything else
    /// makes every method return NaN.
    public init(mean: Double = 0, sd: Double = 1) {
        self.mean = mean
        self.sd = sd
    }

    /// Whether the parameters are in the domain: `mean` finite, `sd` finite and positive.
    public var isValid: Bool { mean.isFinite && sd.isFinite && sd > 0 }

    /// Probability density at `x`.
    public func pdf(_ x: Double) -> Double {
        guard isValid else { return .nan }
        let z = (x - mean) / sd
        return exp(-0.5 * z * z) / (sd * (2 * Double.pi).squareRoot())
    }

    /// P(X ≤ x).
    public func cdf(_ x: Double) -> Double {
        guard isValid else { return .nan }
        return Normal.standardLowerTail((x - mean) / sd)
    }

    /// P(X > x), computed directly.
    public func sf(_ x: Double) -> Double {
        guard isValid else { return .nan }
        return Normal.standardLowerTail(-(x - mean) / sd)
    }

    /// The x with P(X ≤ x) = p.
    public func quantile(_ p: Double) -> Double {
        guard isValid, Probability.isValid(p) else { return .nan }
        let z = p <= 0.5 ? Normal.standardLowerQuantile(p) : -Normal.standardLowerQuantile(1 - p)
        return mean + sd * z
    }

    /// The x with P(X > x) = p.
    public func isf(_ p: Double) -> Double {
        guard isValid, Probability.isValid(p) else { return .nan }
        let z = p <= 0.5 ? -Normal.standardLowerQuantile(p) : Normal.standardLowerQuantile(1 - p)
        return mean + sd * z
    }

    /// Φ(z) = erfc(−z/√2)/2.
    static func standardLowerTail(_ z: Double) -> Double {
        0.5 * SpecialFunctions.erfc(-z / 2.0.squareRoot())
    }

    /// Φ⁻¹(p) for 0 ≤ p ≤ 0.5.
    static func standardLowerQuantile(_ p: Double) -> Double {
        if p == 0 { return -.infinity }
        if p == 0.5 { return 0 }
        // Abramowitz & Stegun 26.2.23, |error| < 4.5e-4.
        let t = (-2 * log(p)).squareRoot()
        let numerator = 2.515517 + t * (0.802853 + t * 0.010328)
        let denominator = 1 + t * (1.432788 + t * (0.189269 + t * 0.001308))
        var z = -(t - numerator / denominator)
        // Halley's method on Φ(z) − p; cubic convergence, so three steps suffice.
        let rootTwoPi = (2 * Double.pi).squareRoot()
        for _ in 0..<4 {
            let error = standardLowerTail(z) - p
            let ratio = error * rootTwoPi * exp(0.5 * z * z)
            guard ratio.isFinite else { break }
            let step = ratio / (1 + 0.5 * z * ratio)
            z -= step
            if abs(step) <= 1e-15 * abs(z) { break }
        }
        return z
    }
}
