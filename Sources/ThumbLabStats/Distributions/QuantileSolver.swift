import Foundation

/// Inverts a monotone tail probability by safeguarded Newton iteration on the log of the
/// tail, in a transformed variable that makes the log tail nearly linear (ln x on (0, ∞),
/// logit x on (0, 1)); steps that leave the bracket fall back to bisection in that variable.
/// Converges to about 1e-13 relative in x for all tails down to 1e-300.
enum QuantileSolver {
    /// How the solver maps the real line onto the distribution's support.
    enum Support {
        /// (0, ∞), solved in u = ln x.
        case positive
        /// (0, 1), solved in u = logit x.
        case unitInterval

        func value(_ u: Double) -> Double {
            switch self {
            case .positive: return exp(u)
            case .unitInterval: return u >= 0 ? 1 / (1 + exp(-u)) : exp(u) / (1 + exp(u))
            }
        }

        func variable(_ x: Double) -> Double {
            switch self {
            case .positive: return log(x)
            case .unitInterval: return log(x) - log1p(-x)
            }
        }

        /// dx/du at x.
        func derivative(_ x: Double) -> Double {
            switch self {
            case .positive: return x
            case .unitInterval: return x * (1 - x)
            }
        }
    }

    /// Finds x with `tail(x) == target`.
    ///
    /// - Parameters:
    ///   - target: the tail probability to reach, 0 < target ≤ 0.5 in the usual call.
    ///   - upperTail: true when `tail` is a survival function (decreasing in x).
    ///   - initial: a starting guess inside the support.
    ///   - tail: the tail probability being inverted.
    ///   - density: the probability density, the magnitude of the tail's derivative.
    static func solve(
        target: Double, upperTail: Bool, support: Support, initial: Double,
        tail: (Double) -> Double, density: (Double) -> Double
    ) -> Double {
        if support == .positive {
            // Roots beyond the largest double are +∞; roots below the smallest are 0.
            let beyondLargest = tail(.greatestFiniteMagnitude)
            if upperTail ? beyondLargest > target : beyondLargest < target { return .infinity }
            let belowSmallest = tail(.leastNonzeroMagnitude)
            if upperTail ? belowSmallest < target : belowSmallest > target { return 0 }
        }
        let logTarget = log(target)
        var low = -Double.infinity
        var high = Double.infinity
        var u = support.variable(initial)
        if !u.isFinite { u = 0 }
        for _ in 0..<400 {
            let x = support.value(u)
            let probability = tail(x)
            if probability == target { return x }
            let tooSmall = (probability < target) != upperTail
            if tooSmall { low = u } else { high = u }
            var next = Double.nan
            if probability > 0 {
                let slope = density(x) * support.derivative(x) / probability
                next = u - (log(probability) - logTarget) / (upperTail ? -slope : slope)
                let tolerance = 1e-14 * max(1, abs(u))
                if abs(next - u) <= tolerance { return support.value(next) }
            }
            if !(next > low && next < high) {
                if low.isFinite && high.isFinite {
                    next = 0.5 * (low + high)
                } else if low.isFinite {
                    next = low + max(1, abs(low))
                } else {
                    next = high - max(1, abs(high))
                }
            }
            if abs(next - u) <= 1e-14 * max(1, abs(u)) || next == low || next == high {
                return support.value(next)
            }
            u = next
        }
        return support.value(u)
    }

    /// Solves `cdf(x) = p` using whichever tail is smaller, so that quantiles near 1 keep
    /// their accuracy; `isUpper` says `p` is an upper-tail probability instead. p = 0 and
    /// p = 1 give the ends of the support.
    ///
    /// Callers pass 0 ≤ p ≤ 1 (``Probability/isValid(_:)``); anything else gives NaN.
    static func invert(
        _ p: Double, isUpper: Bool, support: Support, initial: (Double, Bool) -> Double,
        cdf: (Double) -> Double, sf: (Double) -> Double, density: (Double) -> Double
    ) -> Double {
        guard Probability.isValid(p) else { return .nan }
        if p == (isUpper ? 1 : 0) { return 0 }
        if p == (isUpper ? 0 : 1) { return support == .positive ? .infinity : 1 }
        let useUpper = isUpper ? p <= 0.5 : p > 0.5
        let target = (isUpper == useUpper) ? p : 1 - p
        return solve(
            target: target, upperTail: useUpper, support: support,
            initial: initial(target, useUpper), tail: useUpper ? sf : cdf, density: density)
    }
}
