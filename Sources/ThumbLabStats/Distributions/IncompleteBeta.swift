import Foundation

extension SpecialFunctions {
    /// The regularized incomplete beta function I_x(a, b) = B(x; a, b) / B(a, b), for
    /// 0 ≤ x ≤ 1 and a, b > 0.
    ///
    /// Evaluated by the continued fraction of Abramowitz & Stegun 26.5.8 (modified Lentz) on
    /// the side where it converges fast, with the prefactor x^a (1 − x)^b / B(a, b) in log
    /// space (Temme's deviance form for large a and b, DiDonato & Morris 1992, TOMS 708).
    ///
    /// Outside the domain (x NaN or outside [0, 1], a or b NaN, ≤ 0 or infinite) the result
    /// is NaN, as R's `pbeta`.
    public static func regularizedIncompleteBeta(x: Double, a: Double, b: Double) -> Double {
        guard incompleteBetaDomain(x: x, a: a, b: b) else { return .nan }
        return incompleteBeta(x: x, y: 1 - x, a: a, b: b).lower
    }

    /// 1 − I_x(a, b), computed directly so that values near 0 keep their relative accuracy;
    /// NaN outside the domain of ``regularizedIncompleteBeta(x:a:b:)``.
    public static func regularizedIncompleteBetaComplement(x: Double, a: Double, b: Double)
        -> Double
    {
        guard incompleteBetaDomain(x: x, a: a, b: b) else { return .nan }
        return incompleteBeta(x: x, y: 1 - x, a: a, b: b).upper
    }

    /// Whether I_x(a, b) is defined: 0 ≤ x ≤ 1, a and b finite and positive.
    private static func incompleteBetaDomain(x: Double, a: Double, b: Double) -> Bool {
        Probability.isValid(x) && a > 0 && a.isFinite && b > 0 && b.isFinite
    }

    /// Both tails of the incomplete beta function from x and y = 1 − x given separately, so
    /// that a caller who knows 1 − x more precisely than x (or the reverse) loses nothing.
    ///
    /// - Returns: `lower` = I_x(a, b) and `upper` = 1 − I_x(a, b); the smaller of the two is
    ///   always computed directly. Both NaN when a or b is not positive or x or y is
    ///   negative or NaN; the public distributions never pass such values.
    static func incompleteBeta(x: Double, y: Double, a: Double, b: Double)
        -> (lower: Double, upper: Double)
    {
        guard a > 0 && b > 0 && x >= 0 && y >= 0 else { return (.nan, .nan) }
        if x == 0 { return (0, 1) }
        if y == 0 { return (1, 0) }
        let lowerFirst = x * (a + b + 2) < a + 1
        if lowerFirst && prefersLargeShapeSeries(x: x, y: y, a: a, b: b) {
            let lower = largeShapeBeta(x: x, y: y, a: a, b: b)
            return (lower, 1 - lower)
        }
        if !lowerFirst && prefersLargeShapeSeries(x: y, y: x, a: b, b: a) {
            let upper = largeShapeBeta(x: y, y: x, a: b, b: a)
            return (1 - upper, upper)
        }
        let logPrefactor = logBetaPrefactor(x: x, y: y, a: a, b: b)
        // The continued fraction is O(1) here: a prefactor below e^−760 means the directly
        // computed tail underflows anyway, and skipping it keeps subnormals out of Lentz.
        if logPrefactor < -760 { return lowerFirst ? (0, 1) : (1, 0) }
        if lowerFirst {
            let lower =
                exp(logPrefactor)
                * betaContinuedFraction(x: x, a: a, b: b) / a
            return (lower, 1 - lower)
        }
        let upper = exp(logPrefactor) * betaContinuedFraction(x: y, a: b, b: a) / b
        return (1 - upper, upper)
    }

    /// ln[x^a y^b / B(a, b)] with y = 1 − x. For a, b ≥ 10 the large terms are cancelled
    /// analytically: a ln(x/x₀) + b ln(y/y₀) with x₀ = a/(a + b) is summed as
    /// a·[ln(1 + u) − u] + b·[ln(1 + v) − v], whose linear parts cancel (Temme 1992).
    static func logBetaPrefactor(x: Double, y: Double, a: Double, b: Double) -> Double {
        if a >= 10 && b >= 10 {
            let sum = a + b
            let x0 = a / sum
            let y0 = b / sum
            let shift = x <= 0.5 ? x - x0 : y0 - y
            let deviance =
                a * relativeDeviance(x, from: x0, shift: shift)
                + b * relativeDeviance(y, from: y0, shift: -shift)
            let correction =
                stirlingCorrection(a) + stirlingCorrection(b)
                - stirlingCorrection(sum)
            return deviance + 0.5 * log(a / sum * b / (2 * Double.pi)) - correction
        }
        let logX = x <= 0.5 ? log(x) : log1p(-y)
        let logY = y <= 0.5 ? log(y) : log1p(-x)
        return a * logX + b * logY - logBeta(a, b)
    }

    /// ln(v/v₀) − (v − v₀)/v₀ given `shift` = v − v₀, free of cancellation whether v is near
    /// v₀ or far from it.
    static func relativeDeviance(_ v: Double, from v0: Double, shift: Double) -> Double {
        let ratio = shift / v0
        return abs(ratio) <= 0.5 ? log1pMinusX(ratio) : log(v / v0) - ratio
    }

    /// The continued fraction of A&S 26.5.8: I_x(a, b) = prefactor / a × 1/(1 + d₁/(1 + d₂/…)),
    /// d₂ₘ₊₁ = −(a + m)(a + b + m)x / ((a + 2m)(a + 2m + 1)),
    /// d₂ₘ = m(b − m)x / ((a + 2m − 1)(a + 2m)).
    static func betaContinuedFraction(x: Double, a: Double, b: Double) -> Double {
        continuedFraction(b0: 0) { index in
            if index == 1 { return (1, 1) }
            let j = index - 1
            let m = Double(j / 2)
            if j % 2 == 1 {
                let numerator = -(a + m) * (a + b + m) * x
                return (numerator / ((a + 2 * m) * (a + 2 * m + 1)), 1)
            }
            return (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)), 1)
        }
    }
}
