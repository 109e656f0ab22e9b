import Foundation

/// Special functions behind the distributions of ``ThumbLabStats``.
///
/// Every function is computed so that small results keep their relative accuracy: the
/// incomplete beta and gamma functions evaluate their prefactor in log space with
/// Stirling-series corrections (Temme 1987; DiDonato & Morris 1986/1992) and their
/// continued fractions with the modified Lentz algorithm (Lentz 1976; Thompson & Barnett
/// 1986), so tails down to 1e-300 do not underflow and complements are computed directly.
public enum SpecialFunctions {
    /// ln Γ(x) for x > 0 (the C library's `lgamma`, accurate to a few ulps); NaN for NaN,
    /// zero or negative x, +∞ for x = +∞.
    public static func logGamma(_ x: Double) -> Double {
        guard x > 0 else { return .nan }
        let value: Double = lgamma(x)
        return value
    }

    /// ln B(a, b) = ln Γ(a) + ln Γ(b) − ln Γ(a + b), computed without cancellation when
    /// a or b is large by splitting off the Stirling series (as in R's `lbeta`,
    /// Abramowitz & Stegun 6.1.41). NaN unless a and b are finite and positive.
    public static func logBeta(_ a: Double, _ b: Double) -> Double {
        guard a > 0 && a.isFinite && b > 0 && b.isFinite else { return .nan }
        let small = min(a, b)
        let large = max(a, b)
        let sum = a + b
        if small >= 10 {
            let correction =
                stirlingCorrection(small) + stirlingCorrection(large)
                - stirlingCorrection(sum)
            return 0.5 * log(2 * Double.pi) - 0.5 * log(large) + correction
                + (small - 0.5) * log(small / sum) + large * log1p(-small / sum)
        }
        if large >= 10 {
            let correction = stirlingCorrection(large) - stirlingCorrection(sum)
            return logGamma(small) + correction + small - small * log(sum)
                + (large - 0.5) * log1p(-small / sum)
        }
        return logGamma(a) + logGamma(b) - logGamma(sum)
    }

    /// The error function erf(x) = 2/√π ∫₀ˣ e^(−t²) dt (C library, Abramowitz & Stegun 7.1.1).
    public static func erf(_ x: Double) -> Double {
        Foundation.erf(x)
    }

    /// The complementary error function erfc(x) = 1 − erf(x), computed directly (C library
    /// rational approximations; relative accuracy kept down to the underflow at x ≈ 26.5).
    public static func erfc(_ x: Double) -> Double {
        Foundation.erfc(x)
    }

    /// The remainder of Stirling's series, ln Γ(x) − [(x − ½) ln x − x + ½ ln 2π], for
    /// x ≥ 10 (Abramowitz & Stegun 6.1.41; Bernoulli-number coefficients).
    static func stirlingCorrection(_ x: Double) -> Double {
        if x < 10 {
            return logGamma(x) - ((x - 0.5) * log(x) - x + 0.5 * log(2 * Double.pi))
        }
        let inverse = 1 / x
        let square = inverse * inverse
        // Coefficients B_2k / (2k (2k − 1)) for k = 1...8.
        let coefficients: [Double] = [
            1.0 / 12, -1.0 / 360, 1.0 / 1260, -1.0 / 1680, 1.0 / 1188,
            -691.0 / 360360, 1.0 / 156, -3617.0 / 122400,
        ]
        var sum = 0.0
        for coefficient in coefficients.reversed() {
            sum = sum * square + coefficient
        }
        return sum * inverse
    }

    /// log(1 + u) − u without cancellation for small |u| (series in s = u/(2 + u),
    /// since log(1 + u) = 2 atanh(s)).
    static func log1pMinusX(_ u: Double) -> Double {
        if abs(u) > 0.5 {
            return log1p(u) - u
        }
        let s = u / (2 + u)
        let s2 = s * s
        var power = s * s2
        var sum = 0.0
        var k = 3.0
        while true {
            let term = power / k
            sum += term
            if abs(term) <= abs(sum) * 1e-17 { break }
            power *= s2
            k += 2
        }
        return -u * u / (2 + u) + 2 * sum
    }

    /// Modified Lentz evaluation of b₀ + a₁/(b₁ + a₂/(b₂ + …)) where `terms(m)` returns
    /// (aₘ, bₘ) for m ≥ 1 (Thompson & Barnett 1986).
    static func continuedFraction(
        b0: Double, maxIterations: Int = 10_000_000, terms: (Int) -> (Double, Double)
    ) -> Double {
        let tiny = 1e-300
        var f = b0 == 0 ? tiny : b0
        var c = f
        var d = 0.0
        for m in 1...maxIterations {
            let (a, b) = terms(m)
            d = b + a * d
            if d == 0 { d = tiny }
            c = b + a / c
            if c == 0 { c = tiny }
            d = 1 / d
            let delta = c * d
            f *= delta
            if abs(delta - 1) < 1e-16 { break }
        }
        return f
    }
}
