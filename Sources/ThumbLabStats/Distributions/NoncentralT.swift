import Foundation

/// The noncentral t distribution: T = (Z + δ) / √(V/ν) with Z standard normal and V
/// chi-square with ν degrees of freedom, independent (Johnson, Kotz & Balakrishnan 1995,
/// ch. 31). It is the distribution of a t statistic when the true standardized effect is
/// not zero, and so the distribution behind the power of a t test (Cohen 1988, ch. 2).
///
/// For t ≥ 0 and x = t²/(t² + ν) (Guenther 1978; Lenth 1989):
///
///     P(T ≤ t) = Φ(−δ) + ½ Σⱼ [Pⱼ I_x(j + ½, ν/2) + Qⱼ I_x(j + 1, ν/2)]
///     P(T > t) = ½ Σⱼ [Pⱼ (1 − I_x(j + ½, ν/2)) + Qⱼ (1 − I_x(j + 1, ν/2))]
///
/// with Pⱼ = e^(−δ²/2) (δ²/2)ʲ / j! and Qⱼ = δ e^(−δ²/2) (δ²/2)ʲ / (√2 Γ(j + 3/2)); for
/// t < 0, P(T ≤ t; δ) = P(T > −t; −δ). Both series are summed from their largest term
/// outwards (Benton & Krishnamoorthy 2003), so a noncentrality of several hundred loses no
/// accuracy, unlike AS 243 and R's `pt(ncp =)`, which switch to an approximation above
/// |δ| = 37.62. With ν = ∞ the distribution is normal with mean δ.
///
/// Invalid input never traps: with `df` NaN or ≤ 0, or `noncentrality` not finite, every
/// method returns NaN; a NaN argument gives NaN and ±∞ gives the limit.
public struct NoncentralT: Sendable, Equatable {
    /// Degrees of freedom ν (> 0; may be `.infinity`).
    public let df: Double
    /// The noncentrality parameter δ (finite).
    public let noncentrality: Double

    /// The noncentral t distribution with `df` degrees of freedom and noncentrality δ;
    /// `df > 0` (`.infinity` allowed) and a finite δ are valid, anything else makes every
    /// method return NaN.
    public init(df: Double, noncentrality: Double) {
        self.df = df
        self.noncentrality = noncentrality
    }

    /// Whether the parameters are in the domain: `df > 0` and δ finite.
    public var isValid: Bool { df > 0 && noncentrality.isFinite }

    /// P(T ≤ t).
    public func cdf(_ t: Double) -> Double {
        guard isValid, !t.isNaN else { return .nan }
        if t == -.infinity { return 0 }
        if t == .infinity { return 1 }
        if df == .infinity { return Normal().cdf(t - noncentrality) }
        return t >= 0
            ? Self.tails(t, df: df, delta: noncentrality, upper: false)
            : Self.tails(-t, df: df, delta: -noncentrality, upper: true)
    }

    /// P(T > t), computed directly.
    public func sf(_ t: Double) -> Double {
        guard isValid, !t.isNaN else { return .nan }
        if t == -.infinity { return 1 }
        if t == .infinity { return 0 }
        if df == .infinity { return Normal().sf(t - noncentrality) }
        return t >= 0
            ? Self.tails(t, df: df, delta: noncentrality, upper: true)
            : Self.tails(-t, df: df, delta: -noncentrality, upper: false)
    }

    /// P(T ≤ t) (`upper` false) or P(T > t) (`upper` true) for t ≥ 0 and finite ν.
    private static func tails(_ t: Double, df: Double, delta: Double, upper: Bool) -> Double {
        let square = t * t
        let x = square / (square + df)
        let y = df / (square + df)
        let b = 0.5 * df
        let lambda = 0.5 * delta * delta
        let p = PoissonMixture.poisson(mean: lambda)
        let mode = p.start
        // Qₖ = Pₖ · δ/√2 · Γ(k + 1)/Γ(k + 3/2), and Γ(k + 1)/Γ(k + 3/2) = B(k + 1, ½)/√π.
        let ratio = exp(SpecialFunctions.logBeta(Double(mode) + 1, 0.5)) / Double.pi.squareRoot()
        let q = PoissonMixture(
            start: mode, startWeight: p.startWeight * delta / 2.0.squareRoot() * ratio,
            ratioUp: { lambda / (Double($0) + 1.5) }, ratioDown: { (Double($0) + 0.5) / lambda })
        let odd = p.sum(upper: upper) { j in
            SpecialFunctions.incompleteBeta(x: x, y: y, a: Double(j) + 0.5, b: b)
        }
        let even =
            delta == 0
            ? 0
            : q.sum(upper: upper) { j in
                SpecialFunctions.incompleteBeta(x: x, y: y, a: Double(j) + 1, b: b)
            }
        let series = 0.5 * (odd + even)
        let value = upper ? series : Normal().cdf(-delta) + series
        return min(1, max(0, value))
    }
}
