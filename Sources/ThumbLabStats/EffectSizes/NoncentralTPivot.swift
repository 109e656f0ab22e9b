import Foundation

/// The noncentral t distribution function, used only to invert a t statistic into a
/// confidence interval of its noncentrality parameter (the pivot of standardized mean
/// differences; Steiger & Fouladi 1997; R's effectsize package).
///
/// The series is Lenth's (1989) algorithm AS 243, as in R's `pnt`: a Poisson mixture of
/// incomplete beta functions, summed until the error bound falls below 1e-12. It is
/// accurate while |δ| stays below about 37, beyond which its first term underflows;
/// callers keep to ``maximumNoncentrality``.
enum NoncentralTPivot {
    /// The largest |t| for which intervals are computed.
    static let maximumNoncentrality = 35.0

    /// P(T ≤ t) for T noncentral t with `df` degrees of freedom and noncentrality `delta`.
    static func cdf(_ t: Double, df: Double, delta: Double) -> Double {
        let negative = t < 0
        let tt = negative ? -t : t
        let del = negative ? -delta : delta
        var tnc = 0.0
        let x = tt * tt / (tt * tt + df)
        if x > 0 {
            let lambda = del * del
            var p = 0.5 * exp(-0.5 * lambda)
            var q = (2 / Double.pi).squareRoot() * p * del
            var s = 0.5 - p
            if s < 1e-7 { s = -0.5 * expm1(-0.5 * lambda) }
            var a = 0.5
            let b = 0.5 * df
            let rxb = pow(1 - x, b)
            let logBetaHalf = 0.5 * log(Double.pi) + SpecialFunctions.logGamma(b) - SpecialFunctions.logGamma(0.5 + b)
            var xodd = SpecialFunctions.regularizedIncompleteBeta(x: x, a: a, b: b)
            var godd = 2 * rxb * exp(a * log(x) - logBetaHalf)
            let bx = b * x
            var xeven = bx < Double.ulpOfOne ? bx : 1 - rxb
            var geven = bx * rxb
            tnc = p * xodd + q * xeven
            for iteration in 1...1000 {
                a += 1
                xodd -= godd
                xeven -= geven
                godd *= x * (a + b - 1) / a
                geven *= x * (a + b - 0.5) / (a + 0.5)
                p *= lambda / Double(2 * iteration)
                q *= lambda / Double(2 * iteration + 1)
                tnc += p * xodd + q * xeven
                s -= p
                if s < -1e-10 || (s <= 0 && iteration > 1) { break }
                if abs(2 * s * (xodd - godd)) < 1e-12 { break }
            }
        }
        tnc += Normal().cdf(-del)
        let lower = min(tnc, 1)
        return negative ? max(0, 1 - lower) : lower
    }

    /// The noncentrality parameters δ_low < δ_high for which the observed `t` is the
    /// (1 + level)/2 and (1 − level)/2 quantile, found by bisection to 1e-12.
    /// Returns nil when |t| exceeds ``maximumNoncentrality``.
    static func interval(t: Double, df: Double, level: Double) -> (low: Double, high: Double)? {
        guard abs(t) <= maximumNoncentrality, df > 0 else { return nil }
        let alpha = 1 - level
        guard let low = solve(t: t, df: df, target: 1 - alpha / 2),
            let high = solve(t: t, df: df, target: alpha / 2)
        else { return nil }
        return (low, high)
    }

    /// The δ with cdf(t; df, δ) = target; the cdf decreases in δ.
    private static func solve(t: Double, df: Double, target: Double) -> Double? {
        var width = 2 + 6 * (1 + t * t / (2 * df)).squareRoot()
        var low = t - width
        var high = t + width
        var expansions = 0
        while !(cdf(t, df: df, delta: low) > target && cdf(t, df: df, delta: high) < target) {
            expansions += 1
            if expansions > 20 { return nil }
            width *= 1.5
            low = t - width
            high = t + width
        }
        while high - low > 1e-12 * max(1, abs(low)) {
            let middle = 0.5 * (low + high)
            if cdf(t, df: df, delta: middle) > target { low = middle } else { high = middle }
        }
        return 0.5 * (low + high)
    }
}
