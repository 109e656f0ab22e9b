import Foundation

/// The binomial distribution: successes in `trials` independent trials with success
/// probability `probability`.
///
/// The cumulative probabilities come from the incomplete beta function,
/// P(X ≥ k + 1) = I_p(k + 1, n − k) (Abramowitz & Stegun 26.5.24), each tail computed directly.
///
/// Invalid input never traps: with `trials < 0` or `probability` outside [0, 1] (or NaN)
/// every method returns NaN (as R's `pbinom(k, -1, 0.5)`), and `quantile` returns NaN for a
/// probability outside [0, 1].
public struct Binomial: Sendable, Equatable {
    /// The number of trials n (≥ 0).
    public let trials: Int
    /// The success probability of each trial, in [0, 1].
    public let probability: Double

    /// Bin(trials, probability); `trials ≥ 0` and `0 ≤ probability ≤ 1` are valid, anything
    /// else makes every method return NaN.
    public init(trials: Int, probability: Double) {
        self.trials = trials
        self.probability = probability
    }

    /// Whether the parameters are in the domain: `trials ≥ 0`, `0 ≤ probability ≤ 1`.
    public var isValid: Bool { trials >= 0 && Probability.isValid(probability) }

    /// P(X = k).
    public func pmf(_ k: Int) -> Double {
        guard isValid else { return .nan }
        if k < 0 || k > trials { return 0 }
        let p = probability
        let n = Double(trials)
        if k == 0 { return p == 1 ? 0 : exp(n * log1p(-p)) }
        if k == trials { return p == 0 ? 0 : exp(n * log(p)) }
        if p == 0 || p == 1 { return 0 }
        // C(n, k) p^k q^(n−k) = [p^k q^(n−k) / B(k, n − k)] · n / (k (n − k)).
        let successes = Double(k)
        let failures = n - successes
        let logPrefactor = SpecialFunctions.logBetaPrefactor(
            x: p, y: 1 - p, a: successes, b: failures)
        return exp(logPrefactor + log(n) - log(successes) - log(failures))
    }

    /// P(X ≤ k).
    public func cdf(_ k: Int) -> Double {
        guard isValid else { return .nan }
        if k < 0 { return 0 }
        if k >= trials { return 1 }
        return tails(k).upper
    }

    /// P(X > k), computed directly.
    public func sf(_ k: Int) -> Double {
        guard isValid else { return .nan }
        if k < 0 { return 1 }
        if k >= trials { return 0 }
        return tails(k).lower
    }

    /// The smallest k with P(X ≤ k) ≥ p, as R's `qbinom` and scipy's `binom.ppf`. A
    /// relative slack of 64 ulp absorbs rounding in the cdf so that `quantile(cdf(k)) == k`.
    ///
    /// The search starts from the normal approximation with continuity correction and steps
    /// to the answer, so it takes a handful of cdf evaluations.
    /// - Returns: k as a `Double` (as R's `qbinom`), NaN for `p` outside [0, 1] or invalid
    ///   parameters.
    public func quantile(_ p: Double) -> Double {
        guard isValid, Probability.isValid(p) else { return .nan }
        return Double(smallestCount(reaching: p))
    }

    /// The smallest k with P(X ≤ k) ≥ p for 0 ≤ p ≤ 1.
    private func smallestCount(reaching p: Double) -> Int {
        if p == 0 || probability == 0 { return 0 }
        if p == 1 || probability == 1 { return trials }
        let target = p * (1 - 64 * Double.ulpOfOne)
        let n = Double(trials)
        let mean = n * probability
        let sd = (mean * (1 - probability)).squareRoot()
        let guess = (mean + sd * Normal().quantile(p) - 0.5).rounded()
        let start = max(0, guess.isFinite ? guess : mean)
        var k = start < n ? Int(start) : trials
        while k > 0 && cdf(k - 1) >= target { k -= 1 }
        while k < trials && cdf(k) < target { k += 1 }
        return k
    }

    /// (I_p(k + 1, n − k), 1 − I_p(k + 1, n − k)) = (P(X > k), P(X ≤ k)).
    private func tails(_ k: Int) -> (lower: Double, upper: Double) {
        SpecialFunctions.incompleteBeta(
            x: probability, y: 1 - probability, a: Double(k + 1), b: Double(trials - k))
    }
}
