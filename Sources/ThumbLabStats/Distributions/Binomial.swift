import Foundation

/// The binomial distribution: successes in `trials` independent trials with success
/// probability `probability`.
///
/// The cumulative probabilities come from the incomplete beta function,
/// P(X ≥ k + 1) = I_p(k + 1, n − k) (Abramowitz & Stegun 26.5.24), each tail computed directly.
public struct Binomial: Sendable, Equatable {
    public let trials: Int
    public let probability: Double

    /// - Precondition: `trials ≥ 0` and `0 ≤ probability ≤ 1`.
    public init(trials: Int, probability: Double) {
        precondition(trials >= 0, "binomial needs trials >= 0")
        precondition(probability >= 0 && probability <= 1, "binomial needs 0 <= p <= 1")
        self.trials = trials
        self.probability = probability
    }

    /// P(X = k).
    public func pmf(_ k: Int) -> Double {
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
        if k < 0 { return 0 }
        if k >= trials { return 1 }
        return tails(k).upper
    }

    /// P(X > k), computed directly.
    public func sf(_ k: Int) -> Double {
        if k < 0 { return 1 }
        if k >= trials { return 0 }
        return tails(k).lower
    }

    /// The smallest k with P(X ≤ k) ≥ p, as R's `qbinom` and scipy's `binom.ppf`. A
    /// relative slack of 64 ulp absorbs rounding in the cdf so that `quantile(cdf(k)) == k`.
    ///
    /// The search starts from the normal approximation with continuity correction and steps
    /// to the answer, so it takes a handful of cdf evaluations.
    /// - Precondition: `0 ≤ p ≤ 1`.
    public func quantile(_ p: Double) -> Int {
        precondition(p >= 0 && p <= 1, "binomial quantile needs 0 <= p <= 1")
        if p == 0 || probability == 0 { return 0 }
        if p == 1 || probability == 1 { return trials }
        let target = p * (1 - 64 * Double.ulpOfOne)
        let n = Double(trials)
        let mean = n * probability
        let sd = (mean * (1 - probability)).squareRoot()
        let guess = (mean + sd * Normal().quantile(p) - 0.5).rounded()
        var k = Int(max(0, min(n, guess.isFinite ? guess : mean)))
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
