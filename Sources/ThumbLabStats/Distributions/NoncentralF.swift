import Foundation

/// The noncentral F distribution: F = (U/ν₁) / (V/ν₂) with U noncentral chi-square with ν₁
/// degrees of freedom and noncentrality λ, and V chi-square with ν₂ degrees of freedom,
/// independent (Johnson, Kotz & Balakrishnan 1995, ch. 30). It is the distribution of an
/// ANOVA F statistic when the effect is not zero, and so the distribution behind the power
/// of an F test (Cohen 1988, ch. 8; Faul et al. 2007).
///
/// P(F ≤ f) = Σⱼ e^(−λ/2) (λ/2)ʲ / j! · I_x(ν₁/2 + j, ν₂/2) with x = ν₁f/(ν₁f + ν₂), and
/// P(F > f) is the same sum over 1 − I_x, each computed directly. The Poisson mixture is
/// summed from its largest weight outwards (Benton & Krishnamoorthy 2003). With ν₂ = ∞,
/// ν₁F is noncentral chi-square and the components are chi-square tails.
///
/// Invalid input never traps: with `df1` not finite and positive, `df2` NaN or ≤ 0, or λ
/// negative or not finite, every method returns NaN; a NaN argument gives NaN and ±∞ gives
/// the limit.
public struct NoncentralF: Sendable, Equatable {
    /// Numerator degrees of freedom ν₁ (> 0).
    public let df1: Double
    /// Denominator degrees of freedom ν₂ (> 0; may be `.infinity`).
    public let df2: Double
    /// The noncentrality parameter λ (≥ 0).
    public let noncentrality: Double

    /// The noncentral F distribution with `df1` and `df2` degrees of freedom and
    /// noncentrality λ; `df1` finite and positive, `df2 > 0` (`.infinity` allowed) and a
    /// finite λ ≥ 0 are valid, anything else makes every method return NaN.
    public init(df1: Double, df2: Double, noncentrality: Double) {
        self.df1 = df1
        self.df2 = df2
        self.noncentrality = noncentrality
    }

    /// Whether the parameters are in the domain.
    public var isValid: Bool {
        df1 > 0 && df1.isFinite && df2 > 0 && noncentrality >= 0 && noncentrality.isFinite
    }

    /// P(F ≤ f).
    public func cdf(_ f: Double) -> Double {
        guard isValid, !f.isNaN else { return .nan }
        if f <= 0 { return 0 }
        if f == .infinity { return 1 }
        return tail(f, upper: false)
    }

    /// P(F > f), computed directly.
    public func sf(_ f: Double) -> Double {
        guard isValid, !f.isNaN else { return .nan }
        if f <= 0 { return 1 }
        if f == .infinity { return 0 }
        return tail(f, upper: true)
    }

    private func tail(_ f: Double, upper: Bool) -> Double {
        let weights = PoissonMixture.poisson(mean: 0.5 * noncentrality)
        let value: Double
        if df2 == .infinity {
            let statistic = df1 * f
            value = weights.sum(upper: upper) { j in
                let chi = ChiSquared(df: df1 + 2 * Double(j))
                return (chi.cdf(statistic), chi.sf(statistic))
            }
        } else {
            let ratio = df1 * f / df2
            let (x, y) = ratio == .infinity ? (1, df2 / df1 / f) : (ratio / (1 + ratio), 1 / (1 + ratio))
            let b = 0.5 * df2
            value = weights.sum(upper: upper) { j in
                SpecialFunctions.incompleteBeta(x: x, y: y, a: 0.5 * df1 + Double(j), b: b)
            }
        }
        return min(1, max(0, value))
    }
}
