import Foundation

/// The chi-square distribution with `df` degrees of freedom.
///
/// P(X ≤ x) = P(k/2, x/2), the regularized incomplete gamma function (Abramowitz & Stegun
/// 26.4.19); both tails are computed directly. Quantiles start from the Wilson-Hilferty
/// approximation (A&S 26.4.17) and are refined by Newton iteration on the log tail.
///
/// Invalid input never traps: with `df` not finite and positive every method returns NaN (as
/// R's `pchisq(x, df = -1)`), a NaN argument gives NaN, ±∞ gives the limit, and `quantile` and
/// `isf` return NaN for a probability outside [0, 1].
public struct ChiSquared: Sendable, Equatable {
    /// Degrees of freedom (> 0).
    public let df: Double

    /// χ²(df); a finite, positive `df` is valid, anything else makes every method return NaN.
    public init(df: Double) {
        self.df = df
    }

    /// Whether `df` is in the domain: finite and positive.
    public var isValid: Bool { df > 0 && df.isFinite }

    /// Probability density at `x`.
    public func pdf(_ x: Double) -> Double {
        guard isValid, !x.isNaN else { return .nan }
        if x < 0 { return 0 }
        if x == 0 { return df < 2 ? .infinity : (df == 2 ? 0.5 : 0) }
        if x == .infinity { return 0 }
        return exp(SpecialFunctions.logGammaPrefactor(a: 0.5 * df, x: 0.5 * x)) / x
    }

    /// P(X ≤ x).
    public func cdf(_ x: Double) -> Double {
        guard isValid, !x.isNaN else { return .nan }
        return x <= 0 ? 0 : SpecialFunctions.incompleteGamma(a: 0.5 * df, x: 0.5 * x).lower
    }

    /// P(X > x), computed directly.
    public func sf(_ x: Double) -> Double {
        guard isValid, !x.isNaN else { return .nan }
        return x <= 0 ? 1 : SpecialFunctions.incompleteGamma(a: 0.5 * df, x: 0.5 * x).upper
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

extension ChiSquared: SolvedQuantiles {
    /// Quantiles are solved on (0, ∞).
    var quantileSupport: QuantileSolver.Support { .positive }

    /// The Wilson-Hilferty approximation, or near 0 the leading term of the lower tail.
    func initialGuess(_ target: Double, _ upper: Bool) -> Double {
        let z = upper ? Normal().isf(target) : Normal().quantile(target)
        let h = 2 / (9 * df)
        let cube = 1 - h + z * h.squareRoot()
        let wilsonHilferty = df * cube * cube * cube
        if !upper && (cube <= 0.3 || target < 1e-3) {
            // Lower tail P(X ≤ x) ≈ (x/2)^(k/2) / Γ(k/2 + 1) near 0.
            let a = 0.5 * df
            let power = 2 * exp((log(target) + SpecialFunctions.logGamma(a + 1)) / a)
            if power > 0 && power.isFinite { return power }
        }
        return wilsonHilferty > 0 ? wilsonHilferty : df
    }
}
