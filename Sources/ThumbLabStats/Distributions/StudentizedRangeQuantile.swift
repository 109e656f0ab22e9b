import Foundation

extension StudentizedRange {
    /// A starting value for the quantile with lower-tail probability `p`: the large-sample
    /// formula of Copenhaver & Holland (1988, J. Stat. Comput. Simul. 30:1–15, from Odeh &
    /// Evans 1974, AS 70) that R's `qtukey` also starts from, fed with the exact normal
    /// quantile instead of the rational approximation. Within 3% for p 0.9–0.99 and ν ≥ 10,
    /// 15% for ν ≥ 5; elsewhere (p near 0.5, small ν) only a start.
    func startingQuantile(_ p: Double) -> Double {
        let largeDF = 120.0
        var t = -Normal.standardLowerQuantile(0.5 - 0.5 * p)
        if df < largeDF { t += (t * t * t + t) / df / 4 }
        var slope = 0.8832 - 0.2368 * t
        if df < largeDF { slope += -1.214 / df + 1.208 * t / df }
        return t * (slope * log(groups - 1) + 1.4142)
    }

    /// Solves tail(q) = target, the tail being sf when `upper` and cdf otherwise, by secant
    /// steps on r(u) = ln tail(eᵘ) − ln target, which is nearly linear in u = ln q. Steps start
    /// from ``startingQuantile(_:)``; once the root is bracketed a step leaving the bracket is
    /// replaced by the Illinois false-position step, so convergence is guaranteed. Stops once a
    /// step is below 1e-11 relative in q, whose error is then of order 1e-15.
    func solve(target: Double, upper: Bool) -> Double {
        let logTarget = log(target)
        // r rises with u for the cdf and falls for the sf; orient it to rise in both cases.
        func residual(_ u: Double) -> Double {
            let tail = integrateOverScale(exp(u), upper: upper)
            return (log(tail) - logTarget) * (upper ? -1 : 1)
        }
        let start = startingQuantile(upper ? 1 - target : target)
        var u0 = start.isFinite && start > 0 ? log(start) : log(3.0)
        var f0 = residual(u0)
        if f0 == 0 { return exp(u0) }
        var u1 = u0 + (f0 < 0 ? 0.01 : -0.01)
        var f1 = residual(u1)
        var low = -Double.infinity
        var fLow = -Double.infinity
        var high = Double.infinity
        var fHigh = Double.infinity
        func record(_ u: Double, _ f: Double) {
            if f < 0, u > low { (low, fLow) = (u, f) }
            if f > 0, u < high { (high, fHigh) = (u, f) }
        }
        record(u0, f0)
        record(u1, f1)
        for _ in 0..<200 {
            if f1 == 0 { return exp(u1) }
            var next = u1 - f1 * (u1 - u0) / (f1 - f0)
            if low.isFinite && high.isFinite {
                if !(next > low && next < high) { next = (low * fHigh - high * fLow) / (fHigh - fLow) }
                if !(next > low && next < high) { next = 0.5 * (low + high) }
            } else if !next.isFinite || abs(next - u1) > 1 {
                // Not bracketed yet and the secant is unreliable: walk by one unit of ln q.
                next = u1 + (f1 < 0 ? 1 : -1)
            }
            // The secant converges with order 1.6: once a step is below 1e-11 the point it
            // reaches is far more accurate than that, and than the quadrature behind r.
            if abs(next - u1) <= 1e-11 * max(1, abs(u1)) { return exp(next) }
            if low.isFinite && high.isFinite && high - low <= 1e-13 * max(1, abs(next)) {
                return exp(next)
            }
            let fNext = residual(next)
            (u0, f0) = (u1, f1)
            (u1, f1) = (next, fNext)
            // Illinois: when the same bracket end survives twice, halve its residual.
            let keptLow = fNext > 0 && low.isFinite
            let keptHigh = fNext < 0 && high.isFinite
            record(next, fNext)
            if keptLow && f0 > 0 { fLow *= 0.5 }
            if keptHigh && f0 < 0 { fHigh *= 0.5 }
        }
        return exp(u1)
    }
}
