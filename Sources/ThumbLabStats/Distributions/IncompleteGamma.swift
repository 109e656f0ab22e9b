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
        if a >= largeShapeThreshold { return largeShapeGamma(a: a, x: x) }
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

    /// The shape from which ``largeShapeGamma(a:x:)`` replaces the series and the continued
    /// fraction, which need of the order of √a terms near x = a.
    static let largeShapeThreshold = 1e12

    /// Both tails for a ≥ ``largeShapeThreshold`` by Temme's uniform asymptotic expansion
    /// (Temme 1979, SIAM J. Math. Anal. 10:757; DiDonato & Morris 1986, TOMS 12:377):
    /// Q(a, x) = ½ erfc(η √(a/2)) + e^(−aη²/2) / √(2πa) · c₀(η) + O(a^(−3/2)), with λ = x/a and
    /// η = sign(λ − 1) √(2(λ − 1 − ln λ)), c₀(η) = 1/(λ − 1) − 1/η (its Taylor series near
    /// η = 0). The neglected terms are below 1e-18 of the result from a = 1e12 on.
    static func largeShapeGamma(a: Double, x: Double) -> (lower: Double, upper: Double) {
        let u = (x - a) / a
        let deviance = -log1pMinusX(u)
        let eta = (u < 0 ? -1.0 : 1.0) * (2 * deviance).squareRoot()
        var c0: Double
        if abs(eta) < 0.1 {
            // DiDonato & Morris's d₀ₖ: −1/3, 1/12, −2/135, 1/864, 1/2835, −139/777600, 1/25515.
            let coefficients: [Double] = [
                -1.0 / 3, 1.0 / 12, -2.0 / 135, 1.0 / 864, 1.0 / 2835, -139.0 / 777_600, 1.0 / 25515,
            ]
            c0 = 0
            for coefficient in coefficients.reversed() { c0 = c0 * eta + coefficient }
        } else {
            c0 = 1 / u - 1 / eta
        }
        let remainder = exp(-a * deviance) / (2 * Double.pi * a).squareRoot() * c0
        let z = eta * (0.5 * a).squareRoot()
        if eta >= 0 {
            let upper = 0.5 * erfc(z) + remainder
            return (1 - upper, upper)
        }
        let lower = 0.5 * erfc(-z) - remainder
        return (lower, 1 - lower)
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
