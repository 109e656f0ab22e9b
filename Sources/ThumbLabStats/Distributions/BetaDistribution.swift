import Foundation

/// The beta distribution Beta(α, β) on [0, 1].
///
/// cdf and sf are the regularized incomplete beta function and its complement, each
/// computed directly (Abramowitz & Stegun 26.5.8); quantiles by Newton iteration on the
/// log tail in logit space, started from the power-law behaviour of the tail.
///
/// Invalid input never traps: with `alpha` or `beta` not finite and positive every method
/// returns NaN (as R's `pbeta(x, -1, 2)`), a NaN argument gives NaN, ±∞ gives the limit, and
/// `quantile` and `isf` return NaN for a probability outside [0, 1].
public struct BetaDistribution: Sendable, Equatable {
    /// The first shape parameter α (> 0).
    public let alpha: Double
    /// The second shape parameter β (> 0).
    public let beta: Double

    /// Beta(alpha, beta); finite, positive shapes are valid, anything else makes every method
    /// return NaN.
    public init(alpha: Double, beta: Double) {
        self.alpha = alpha
        self.beta = beta
    }

    /// Whether both shapes are in the domain: finite and positive.
    public var isValid: Bool { alpha > 0 && alpha.isFinite && beta > 0 && beta.isFinite }

    /// Probability density at `x`.
    public func pdf(_ x: Double) -> Double {
        guard isValid, !x.isNaN else { return .nan }
        if x < 0 || x > 1 { return 0 }
        if x == 0 { return alpha < 1 ? .infinity : (alpha == 1 ? beta : 0) }
        if x == 1 { return beta < 1 ? .infinity : (beta == 1 ? alpha : 0) }
        let logPrefactor = SpecialFunctions.logBetaPrefactor(x: x, y: 1 - x, a: alpha, b: beta)
        return exp(logPrefactor) / (x * (1 - x))
    }

    /// P(X ≤ x).
    public func cdf(_ x: Double) -> Double {
        guard isValid, !x.isNaN else { return .nan }
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        return SpecialFunctions.incompleteBeta(x: x, y: 1 - x, a: alpha, b: beta).lower
    }

    /// P(X > x), computed directly.
    public func sf(_ x: Double) -> Double {
        guard isValid, !x.isNaN else { return .nan }
        if x <= 0 { return 1 }
        if x >= 1 { return 0 }
        return SpecialFunctions.incompleteBeta(x: x, y: 1 - x, a: alpha, b: beta).upper
    }

    /// The x with P(X ≤ x) = p.
    public func quantile(_ p: Double) -> Double {
        solve(p, isUpper: false)
    }

    /// The x with P(X > x) = p.
    public func isf(_ p: Double) -> Double {
        solve(p, isUpper: true)
    }
}

extension BetaDistribution: SolvedQuantiles {
    /// Quantiles are solved on (0, 1).
    var quantileSupport: QuantileSolver.Support { .unitInterval }

    /// I_x(a, b) ≈ x^a / (a B(a, b)) near 0 and 1 − I_x(a, b) ≈ (1 − x)^b / (b B(a, b))
    /// near 1; the mean when those leave the support.
    func initialGuess(_ target: Double, _ upper: Bool) -> Double {
        let mean = alpha / (alpha + beta)
        let logBeta = SpecialFunctions.logBeta(alpha, beta)
        if upper {
            let distance = exp((log(target) + log(beta) + logBeta) / beta)
            let guess = 1 - distance
            return guess > 0 && guess < 1 ? max(guess, mean) : mean
        }
        let guess = exp((log(target) + log(alpha) + logBeta) / alpha)
        return guess > 0 && guess < 1 ? min(guess, mean) : mean
    }
}
