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
///
/// Invalid input never traps: with a negative score, more than ``maximumSize`` scores or a
/// sum of scores above ``maximumTotal`` the distribution is empty (``isValid`` is false,
/// `probabilities` is empty) and both tails return NaN.
public struct SignedRankDistribution: Sendable {
    /// `probabilities[k]` is P(S = k), for k from 0 to the sum of all scores; empty when the
    /// scores are invalid.
    public let probabilities: [Double]

    /// The largest sample size for which the exact distribution is built; larger samples
    /// would need too much time and memory and are well served by the normal approximation.
    public static let maximumSize = 1000

    /// The largest sum of scores: four times that of the doubled ranks 2, 4, ...,
    /// 2·``maximumSize``, room for the larger ranks Pratt's zeros leave to the nonzero values.
    public static let maximumTotal = 4 * maximumSize * (maximumSize + 1)

    /// The distribution of W+ for `n` nonzero, untied differences (scores 1...n); empty for
    /// `n` above ``maximumSize``, a point mass at 0 for `n ≤ 0`.
    public init(n: Int) {
        self.init(integerScores: n > 0 ? Array(1...min(n, Self.maximumSize + 1)) : [])
    }

    /// The distribution of a sum over a random subset of non-negative integer `scores`.
    public init(integerScores scores: [Int]) {
        var total = 0
        for score in scores {
            guard score >= 0, scores.count <= Self.maximumSize, total <= Self.maximumTotal - score
            else {
                probabilities = []
                return
            }
            total += score
        }
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

    /// The largest possible value of the sum (−1 for an invalid distribution).
    public var maximum: Int { probabilities.count - 1 }

    /// Whether the scores were valid and the distribution was built.
    public var isValid: Bool { !probabilities.isEmpty }

    /// P(S <= s), summed from the lower end.
    public func lowerTail(_ s: Int) -> Double {
        guard isValid else { return .nan }
        if s < 0 { return 0 }
        if s >= maximum { return 1 }
        return min(1, probabilities[0...s].reduce(0, +))
    }

    /// P(S >= s), summed from the upper end.
    public func upperTail(_ s: Int) -> Double {
        guard isValid else { return .nan }
        if s <= 0 { return 1 }
        if s > maximum { return 0 }
        return min(1, probabilities[s...].reduce(0, +))
    }
}

/// The exact null distribution of the Mann-Whitney statistic U (the number of pairs in
/// which the x value exceeds the y value) for samples of sizes m and n without ties.
///
/// Uses the classical recursion on the largest observation (Mann & Whitney 1947): it is an
/// x with probability m/(m+n), adding n to U, or a y, adding 0, so
/// P_{m,n}(u) = m/(m+n)·P_{m−1,n}(u − n) + n/(m+n)·P_{m,n−1}(u).
/// All terms are positive, so the tails keep full relative precision. Only the lower half
/// u ≤ mn/2 is built; the upper half follows from the symmetry P(U = u) = P(U = mn − u).
/// This is the distribution of R's `pwilcox` and scipy's `mannwhitneyu(method="exact")`.
///
/// Invalid input never traps: with m or n below 1 or m·n above ``maximumProduct`` the
/// distribution is empty (``isValid`` is false) and every probability is NaN.
public struct MannWhitneyDistribution: Sendable {
    /// `lowerHalf[u]` is P(U = u) for u from 0 to ⌊mn/2⌋; empty when m or n is invalid.
    public let lowerHalf: [Double]
    /// The largest possible value of U, m·n (−1 for an invalid distribution).
    public let maximum: Int

    /// The largest m·n for which the distribution is built (the work grows as (m·n)²/8;
    /// R and scipy switch to the normal approximation far earlier).
    public static let maximumProduct = 10_000

    /// The distribution for sample sizes `m` (x) and `n` (y), both at least 1.
    public init(m: Int, n: Int) {
        let (product, overflow) = m.multipliedReportingOverflow(by: n)
        guard m >= 1, n >= 1, !overflow, product <= Self.maximumProduct else {
            lowerHalf = []
            maximum = -1
            return
        }
        let limit = m * n / 2
        let width = limit + 1
        // Row i (0...m) holds P_{i,j}(0...limit) for the current j, starting from j = 0 (U = 0).
        var table = [Double](repeating: 0, count: (m + 1) * width)
        table.withUnsafeMutableBufferPointer { rows in
            for i in 0...m { rows[i * width] = 1 }
            for j in 1...n {
                for i in 1...m {
                    let wx = Double(i) / Double(i + j)
                    let wy = Double(j) / Double(i + j)
                    let row = i * width
                    let previous = (i - 1) * width
                    let top = min(i * j, limit)
                    var u = top
                    while u >= 0 {
                        let fromX = u >= j ? rows[previous + u - j] : 0
                        rows[row + u] = wx * fromX + wy * rows[row + u]
                        u -= 1
                    }
                }
            }
        }
        lowerHalf = Array(table[(m * width)..<((m + 1) * width)])
        maximum = m * n
    }

    /// Whether m and n were valid and the distribution was built.
    public var isValid: Bool { !lowerHalf.isEmpty }

    /// P(U = u).
    public func probability(_ u: Int) -> Double {
        guard isValid else { return .nan }
        guard u >= 0 && u <= maximum else { return 0 }
        return u < lowerHalf.count ? lowerHalf[u] : lowerHalf[maximum - u]
    }

    /// P(U <= u), summed from the lower end.
    public func lowerTail(_ u: Int) -> Double {
        guard isValid else { return .nan }
        if u < 0 { return 0 }
        if u >= maximum { return 1 }
        if u >= lowerHalf.count { return 1 - upperTail(u + 1) }
        return min(1, lowerHalf[0...u].reduce(0, +))
    }

    /// P(U >= u), by symmetry the lower tail at m·n − u.
    public func upperTail(_ u: Int) -> Double {
        guard isValid else { return .nan }
        if u <= 0 { return 1 }
        if u > maximum { return 0 }
        return lowerTail(maximum - u)
    }
}
