import Foundation

extension SpecialFunctions {
    /// The regularized lower incomplete gamma function P(a, x) = γ(a, x) / Γ(a), a > 0, x ≥ 0.
    ///
    /// Power series for x < a + 1 and Legendre's continued fraction otherwise (Abramowitz &
    /// Stegun 6.5.29 and 6.5.31; modified Lentz), with the prefactor x^a e^(−x) / Γ(a) in log
    /// space (Temme's form a·[ln(1 + u) − u] for a ≥ 10, u = (x − a)/a).
    ///
    /// Outside the domain (a NaN, ≤ 0 or infinite; x NaN or negative) the result is NaN, as
    /// R's `pgamma`; x = +∞ gives 1.
    public static func regularizedGammaP(a: Double, x: Double) -> Double {
        incompleteGamma(a: a, x: x).lower
    }

    /// The regularized upper incomplete gamma function Q(a, x) = 1 − P(a, x), computed
    /// directly in the upper tail; NaN outside the domain of ``regularizedGammaP(a:x:)``.
    public static func regularizedGammaQ(a: Double, x: Double) -> Double {
        incompleteGamma(a: a, x: x).upper
    }

    /// Both tails of the incomplete gamma function; the smaller is computed directly. Both
    /// NaN outside the domain (a finite and positive, x ≥ 0).
    static func incompleteGamma(a: Double, x: Double) -> (lower: Double, upper: Double) {
        guard a > 0 && a.isFinite && x >= 0 else { return (.nan, .nan) }
        if x == 0 { return (0, 1) }
        if x == .infinity { return (1, 0) }
        let logPrefactor = logGammaPrefactor(a: a, x: x)
        // Below e^−760 the directly computed tail is under 1e-300 whatever the series or
        // fraction adds; skipping them also keeps subnormals out of the Lentz iteration.
        if logPrefactor < -760 { return x < a + 1 ? (0, 1) : (1, 0) }
        let prefactor = exp(logPrefactor)
        if x < a + 1 {
            var term = 1 / a
            var sum = term
            var n = 1.0
            while true {
                term *= x / (a + n)
                sum += term
                if term < sum * 1e-17 { break }
                n += 1
            }
            let lower = prefactor * sum
            return (lower, 1 - lower)
        }
        let fraction = continuedFraction(b0: 0) { index in
            if index == 1 { return (1, x + 1 - a) }
            let i = Double(index - 1)
            return (-i * (i - a), x + 1 - a + 2 * i)
        }
        let upper = prefactor * fraction
        return (1 - upper, upper)
    }

    /// ln[x^a e^(−x) / Γ(a)].
    static func logGammaPrefactor(a: Double, x: Double) -> Double {
        if a >= 10 {
            return a * relativeDeviance(x, from: a, shift: x - a) + 0.5 * log(a / (2 * Double.pi))
                - stirlingCorrection(a)
        }
        return a * log(x) - x - logGamma(a)
    }
}
