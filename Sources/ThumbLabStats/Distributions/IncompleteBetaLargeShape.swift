import Foundation

extension SpecialFunctions {
    /// I_x(a, b) for a large first shape (a ≥ 1000) and a small second one (b ≤ 10) with x
    /// near 1, where the continued fraction converges too slowly (Student t and F with huge
    /// df).
    ///
    /// With ξ = −ln x and s = e^(−v), I_x(a, b) = 1/B(a, b) ∫_ξ^∞ e^(−av) (1 − e^(−v))^(b−1) dv.
    /// Writing (1 − e^(−v))^(b−1) = v^(b−1) Σ cₙ vⁿ gives
    /// I_x(a, b) = Γ(b) / (B(a, b) a^b) Σ cₙ (b)ₙ Q(b + n, aξ) / aⁿ,
    /// the expansion behind DiDonato & Morris's BGRAT (TOMS 708, 1992; Temme 1996, §11.3.3).
    /// The cₙ are the Taylor coefficients of exp[(b − 1) ln((1 − e^(−v))/v)], whose logarithm
    /// is −v/2 + Σ B₂ₖ v²ᵏ / (2k (2k)!) (Bernoulli numbers).
    static func largeShapeBeta(x: Double, y: Double, a: Double, b: Double) -> Double {
        let xi = x <= 0.5 ? -log(x) : -log1p(-y)
        let z = a * xi
        let coefficients = expansionCoefficients(b: b)
        let scale = exp(logGamma(b) - logBeta(a, b) - b * log(a))
        // Q(b + n, z) by the upward recurrence Q(s + 1, z) = Q(s, z) + zˢ e^(−z) / Γ(s + 1).
        var q = incompleteGamma(a: b, x: z).upper
        var rising = 1.0
        var sum = 0.0
        for (n, coefficient) in coefficients.enumerated() {
            let term = coefficient * rising * q
            sum += term
            if n > 2 && abs(term) <= 1e-17 * abs(sum) { break }
            let s = b + Double(n)
            q += exp(s * log(z) - z - logGamma(s + 1))
            rising *= s / a
        }
        return scale * sum
    }

    /// True where ``largeShapeBeta(x:y:a:b:)`` is used instead of the continued fraction.
    static func prefersLargeShapeSeries(x: Double, y: Double, a: Double, b: Double) -> Bool {
        a >= 1000 && b <= 10 && a >= 100 * b && (x > 0.5 ? -log1p(-y) : -log(x)) <= 1
    }

    /// The first terms of exp[(b − 1) ln((1 − e^(−v))/v)] as a power series in v.
    private static func expansionCoefficients(b: Double, count: Int = 18) -> [Double] {
        // ln((1 − e^(−v))/v) = −v/2 + Σₖ B₂ₖ v²ᵏ / (2k (2k)!).
        let bernoulli: [Double] = [
            1.0 / 6, -1.0 / 30, 1.0 / 42, -1.0 / 30, 5.0 / 66, -691.0 / 2730, 7.0 / 6,
            -3617.0 / 510,
        ]
        var logSeries = [Double](repeating: 0, count: count)
        logSeries[1] = -0.5
        var factorial = 2.0
        for (index, number) in bernoulli.enumerated() {
            let power = 2 * (index + 1)
            if power >= count { break }
            if index > 0 { factorial *= Double(power - 1) * Double(power) }
            logSeries[power] = number / (Double(power) * factorial)
        }
        // g = exp(h) with h = (b − 1)·logSeries: n gₙ = Σₖ k hₖ gₙ₋ₖ.
        var g = [Double](repeating: 0, count: count)
        g[0] = 1
        for n in 1..<count {
            var total = 0.0
            for k in 1...n { total += Double(k) * (b - 1) * logSeries[k] * g[n - k] }
            g[n] = total / Double(n)
        }
        return g
    }
}
