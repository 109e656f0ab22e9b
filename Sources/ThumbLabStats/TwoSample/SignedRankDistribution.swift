/// The exact null distribution of a sum of signed scores: each score enters the sum with
/// probability 1/2, independently (the sign-flip randomization of a paired design).
///
/// With scores 1...n this is the null distribution of the Wilcoxon signed-rank statistic
/// W+ without ties or zeros (Wilcoxon 1945; Hollander & Wolfe 1973, §3.1). With tied or
/// Pratt ranks, pass the *doubled* ranks (every average rank is a multiple of 1/2, so twice
/// it is an integer): the result is then the exact permutation distribution conditional on
/// the observed ranks, the distribution of `coin::wilcoxsign_test(distribution = "exact")`
/// and of scipy's permutation p-value.
///
/// Built by dynamic programming over the scores: after adding score s, the probability of
/// total k is (P_old(k) + P_old(k − s)) / 2. Working with probabilities instead of counts
/// keeps full relative precision in both tails and cannot overflow.
public struct SignedRankDistribution: Sendable {
    /// `probabilities[k]` is P(S = k), for k from 0 to the sum of all scores.
    public let probabilities: [Double]

    /// The largest sample size for which the exact distribution is built; larger samples
    /// would need too much time and memory and are well served by the normal approximation.
    public static let maximumSize = 1000

    /// The distribution of W+ for `n` nonzero, untied differences (scores 1...n).
    public init(n: Int) {
        self.init(integerScores: n > 0 ? Array(1...n) : [])
    }

    /// The distribution of a sum over a random subset of non-negative integer `scores`.
    public init(integerScores scores: [Int]) {
        precondition(scores.allSatisfy { $0 >= 0 }, "scores must be non-negative")
        precondition(scores.count <= Self.maximumSize, "at most \(Self.maximumSize) scores")
        let total = scores.reduce(0, +)
        var p = [Double](repeating: 0, count: total + 1)
        p.withUnsafeMutableBufferPointer { p in
            p[0] = 1
            var reached = 0
            for score in scores where score > 0 {
                reached += score
                // Descending k so that p[k - score] still holds the old value.
                var k = reached
                while k >= score {
                    p[k] = (p[k] + p[k - score]) * 0.5
                    k -= 1
                }
                while k >= 0 {
                    p[k] *= 0.5
                    k -= 1
                }
            }
        }
        probabilities = p
    }

    /// The largest possible value of the sum.
    public var maximum: Int { probabilities.count - 1 }

    /// P(S <= s), summed from the lower end.
    public func lowerTail(_ s: Int) -> Double {
        if s < 0 { return 0 }
        if s >= maximum { return 1 }
        return min(1, probabilities[0...s].reduce(0, +))
    }

    /// P(S >= s), summed from the upper end.
    public func upperTail(_ s: Int) -> Double {
        if s <= 0 { return 1 }
        if s > maximum { return 0 }
        return min(1, probabilities[s...].reduce(0, +))
    }
}
