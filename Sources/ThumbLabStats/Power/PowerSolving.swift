import Foundation

/// One power function, power(n, effect), and what its parameters may be: the part of every
/// design that solving for power, n or the effect size shares.
struct PowerProblem {
    /// The smallest sample size the test accepts.
    let minimumN: Double
    /// −1 when larger effects are more negative (a one-sided test of `less`), +1 otherwise.
    let effectDirection: Double
    /// The power at sample size n and effect size e.
    let power: (_ n: Double, _ effect: Double) -> Double

    /// The power at `n` and `effect`, after checking both.
    func powerAt(n: Double, effect: Double) throws -> Double {
        try AcceptedRange(.n, value: n, lower: minimumN, upper: .infinity, includesLower: true, includesUpper: false)
            .check()
        return power(n, effect)
    }

    /// The exact (fractional) sample size at which the power reaches `target`, found by
    /// doubling an upper bracket from the minimum and then Brent's method; the minimum
    /// itself when the power there already reaches the target.
    func solveN(effect: Double, target: Double) throws -> Double {
        var low = minimumN
        if power(low, effect) >= target { return low }
        var high = 2 * low
        while power(high, effect) < target {
            low = high
            high *= 2
            if high > 1e9 {
                throw StatsError(
                    .invalidArgument,
                    "the effect size \(AcceptedRange.text(effect)) is too small to reach a power of \(AcceptedRange.text(target)) with fewer than a billion participants"
                )
            }
        }
        return PowerRoot.brent(low, high) { power($0, effect) - target }
    }

    /// The smallest effect (in magnitude, signed by `effectDirection`) that reaches power
    /// `target` at sample size `n`.
    func solveEffect(n: Double, target: Double) throws -> Double {
        try AcceptedRange(.n, value: n, lower: minimumN, upper: .infinity, includesLower: true, includesUpper: false)
            .check()
        let direction = effectDirection
        var high = 1.0
        while power(n, direction * high) < target {
            high *= 2
            if high > 1e6 {
                throw StatsError(
                    .invalidArgument,
                    "no effect size reaches a power of \(AcceptedRange.text(target)) with a sample of \(AcceptedRange.text(n))"
                )
            }
        }
        return direction * PowerRoot.brent(0, high) { power(n, direction * $0) - target }
    }
}

/// Brent's (1973) bracketing root finder: inverse quadratic interpolation, secant and
/// bisection steps, keeping a bracket of a sign change, to 4 ulp relative plus 1e-300.
enum PowerRoot {
    /// A root of `f` in [a, b], where f(a) ≤ 0 ≤ f(b) or the reverse.
    static func brent(_ lower: Double, _ upper: Double, _ f: (Double) -> Double) -> Double {
        var a = lower
        var b = upper
        var fa = f(a)
        var fb = f(b)
        if fa == 0 { return a }
        if fb == 0 { return b }
        var c = a
        var fc = fa
        var d = b - a
        var e = d
        for _ in 0..<200 {
            if (fb > 0) == (fc > 0) {
                c = a
                fc = fa
                d = b - a
                e = d
            }
            if abs(fc) < abs(fb) {
                a = b
                b = c
                c = a
                fa = fb
                fb = fc
                fc = fa
            }
            let tolerance = 4 * Double.ulpOfOne * abs(b) + 1e-300
            let middle = 0.5 * (c - b)
            if abs(middle) <= tolerance || fb == 0 { return b }
            if abs(e) >= tolerance && abs(fa) > abs(fb) {
                let s = fb / fa
                var p: Double
                var q: Double
                if a == c {
                    p = 2 * middle * s
                    q = 1 - s
                } else {
                    let qa = fa / fc
                    let r = fb / fc
                    p = s * (2 * middle * qa * (qa - r) - (b - a) * (r - 1))
                    q = (qa - 1) * (r - 1) * (s - 1)
                }
                if p > 0 { q = -q } else { p = -p }
                if 2 * p < min(3 * middle * q - abs(tolerance * q), abs(e * q)) {
                    e = d
                    d = p / q
                } else {
                    d = middle
                    e = d
                }
            } else {
                d = middle
                e = d
            }
            a = b
            fa = fb
            b += abs(d) > tolerance ? d : (middle > 0 ? tolerance : -tolerance)
            fb = f(b)
        }
        return b
    }
}
