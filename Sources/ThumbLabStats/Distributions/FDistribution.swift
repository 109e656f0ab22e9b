import Foundation

/// Fisher's F distribution with `df1` and `df2` degrees of freedom (`df2` may be
/// `.infinity`, which is χ²(df1)/df1).
///
/// P(F ≤ f) = I_x(df1/2, df2/2) with x = df1·f/(df1·f + df2) (Abramowitz & Stegun 26.6.2);
/// x and 1 − x are formed separately and both tails are computed directly.
///
/// Invalid input never traps: with `df1` not finite and positive or `df2` NaN or ≤ 0 every
/// method returns NaN (as R's `pf(x, -1, 2)`), a NaN argument gives NaN, ±∞ gives the limit,
/// and `quantile` and `isf` return NaN for a probability outside [0, 1].
public struct FDistribution: Sendable, Equatable {
    /// Numerator degrees of freedom (> 0).
    public let df1: Double
    /// Denominator degrees of freedom (> 0).
    public let df2: Double

    /// F(df1, df2); `df1` finite and positive and `df2 > 0` (`.infinity` allowed) are valid,
    /// anything else makes every method return NaN.
    public init(df1: Double, df2: Double) {
        self.df1 = df1
        self.df2 = df2
    }

    /// Whether the parameters are in the domain: `df1` finite and positive, `df2 > 0`.
    public var isValid: Bool { df1 > 0 && df1.isFinite && df2 > 0 }

    /// Probability density at `f`.
    public func pdf(_ f: Double) -> Double {
        guard isValid, !f.isNaN else { return .nan }
        if f < 0 || f == .infinity { return 0 }
        if f == 0 { return df1 < 2 ? .infinity : (df1 == 2 ? 1 : 0) }
        if df2 == .infinity { return df1 * ChiSquared(df: df1).pdf(df1 * f) }
        let (x, y) = split(f)
        let a = 0.5 * df1
        let b = 0.5 * df2
        return exp(SpecialFunctions.logBetaPrefactor(x: x, y: y, a: a, b: b)) / f
    }

    /// P(F ≤ f).
    public func cdf(_ f: Double) -> Double {
        guard isValid, !f.isNaN else { return .nan }
        return f <= 0 ? 0 : tails(f).lower
    }

    /// P(F > f), computed directly.
    public func sf(_ f: Double) -> Double {
        guard isValid, !f.isNaN else { return .nan }
        return f <= 0 ? 1 : tails(f).upper
    }

    /// The f with P(F ≤ f) = p.
    public func quantile(_ p: Double) -> Double {
        solve(p, isUpper: false)
    }

    /// The f with P(F > f) = p.
    public func isf(_ p: Double) -> Double {
        solve(p, isUpper: true)
    }

    private func tails(_ f: Double) -> (lower: Double, upper: Double) {
        if df2 == .infinity {
            let chi = ChiSquared(df: df1)
            return (chi.cdf(df1 * f), chi.sf(df1 * f))
        }
        let (x, y) = split(f)
        return SpecialFunctions.incompleteBeta(x: x, y: y, a: 0.5 * df1, b: 0.5 * df2)
    }

    /// x = df1·f/(df1·f + df2) and y = df2/(df1·f + df2), each to full relative accuracy.
    private func split(_ f: Double) -> (Double, Double) {
        let ratio = df1 * f / df2
        if ratio == .infinity { return (1, df2 / df1 / f) }
        return (ratio / (1 + ratio), 1 / (1 + ratio))
    }
}

extension FDistribution: SolvedQuantiles {
    /// Quantiles are solved on (0, ∞).
    var quantileSupport: QuantileSolver.Support { .positive }

    /// The solver starts at 1, near the mode of every F distribution.
    func initialGuess(_ target: Double, _ upper: Bool) -> Double { 1 }
}
