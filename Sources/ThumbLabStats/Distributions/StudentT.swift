import Foundation

/// Student's t distribution with `df` degrees of freedom (`df` may be `.infinity`, which is
/// the standard normal).
///
/// Tails from the incomplete beta function, P(T > t) = ½ I_{ν/(ν+t²)}(ν/2, ½) (Abramowitz &
/// Stegun 26.7.1), with ν/(ν+t²) and t²/(ν+t²) passed separately so that large ν (1e10)
/// loses no accuracy; quantiles by Newton iteration on the log tail.
///
/// Invalid input never traps: with `df` NaN or ≤ 0 every method returns NaN (as R's
/// `pt(x, df = -1)`), a NaN argument gives NaN, ±∞ gives the limit, and `quantile` and `isf`
/// return NaN for a probability outside [0, 1].
public struct StudentT: Sendable, Equatable {
    /// Degrees of freedom (> 0; may be `.infinity` for the normal limit).
    public let df: Double

    /// The distribution with `df` degrees of freedom; `df > 0` (`.infinity` allowed) is
    /// valid, anything else makes every method return NaN.
    public init(df: Double) {
        self.df = df
    }

    /// Whether `df` is in the domain, `df > 0`.
    public var isValid: Bool { df > 0 }

    /// Probability density at `t`.
    public func pdf(_ t: Double) -> Double {
        guard isValid, !t.isNaN else { return .nan }
        if df == .infinity { return Normal().pdf(t) }
        let logDensity =
            -0.5 * log(df) - SpecialFunctions.logBeta(0.5 * df, 0.5)
            - 0.5 * (df + 1) * log1p(t * t / df)
        return exp(logDensity)
    }

    /// P(T ≤ t).
    public func cdf(_ t: Double) -> Double {
        guard isValid, !t.isNaN else { return .nan }
        return t <= 0 ? upperTail(-t) : 1 - upperTail(t)
    }

    /// P(T > t), computed directly.
    public func sf(_ t: Double) -> Double {
        guard isValid, !t.isNaN else { return .nan }
        return t >= 0 ? upperTail(t) : 1 - upperTail(-t)
    }

    /// The t with P(T ≤ t) = p.
    public func quantile(_ p: Double) -> Double {
        guard isValid, Probability.isValid(p) else { return .nan }
        return p <= 0.5 ? -upperQuantile(p) : upperQuantile(1 - p)
    }

    /// The t with P(T > t) = p.
    public func isf(_ p: Double) -> Double {
        guard isValid, Probability.isValid(p) else { return .nan }
        return p <= 0.5 ? upperQuantile(p) : -upperQuantile(1 - p)
    }

    /// P(T > t) for t ≥ 0.
    private func upperTail(_ t: Double) -> Double {
        if df == .infinity { return Normal().sf(t) }
        if t == 0 { return 0.5 }
        if t == .infinity { return 0 }
        if t > 1e50 * df.squareRoot() {
            // I_x(ν/2, ½) = x^(ν/2) / ((ν/2) B(ν/2, ½)) · (1 + O(x)) with x = ν/t² < 1e-100.
            return exp(
                0.5 * df * log(df) - df * log(t) - log(df) - SpecialFunctions.logBeta(0.5 * df, 0.5))
        }
        let square = t * t
        let x = df / (df + square)
        let y = square / (df + square)
        return 0.5 * SpecialFunctions.incompleteBeta(x: x, y: y, a: 0.5 * df, b: 0.5).lower
    }

    /// The t ≥ 0 with P(T > t) = q for 0 ≤ q ≤ 0.5.
    private func upperQuantile(_ q: Double) -> Double {
        if q == 0.5 { return 0 }
        if q == 0 { return .infinity }
        if df == .infinity { return Normal().isf(q) }
        let z = Normal().isf(q)
        var guess = z + (z * z * z + z) / (4 * df)
        if df < 5 && q < 0.1 {
            // Power tail P(T > t) ≈ ν^((ν−1)/2) t^(−ν) / B(ν/2, ½) for large t.
            let logT =
                (0.5 * (df - 1) * log(df) - SpecialFunctions.logBeta(0.5 * df, 0.5)
                    - log(q)) / df
            guess = exp(logT)
        }
        if !(guess > 0 && guess.isFinite) { guess = 1 }
        return QuantileSolver.solve(
            target: q, upperTail: true, support: .positive, initial: guess,
            tail: upperTail, density: pdf)
    }
}
