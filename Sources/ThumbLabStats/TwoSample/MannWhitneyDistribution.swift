/// The exact null distribution of the Mann-Whitney statistic U (the number of pairs in
/// which the x value exceeds the y value) for samples of sizes m and n without ties.
///
/// Uses the classical recursion on the largest observation (Mann & Whitney 1947): it is an
/// x with probability m/(m+n), adding n to U, or a y, adding 0, so
/// P_{m,n}(u) = m/(m+n)·P_{m−1,n}(u − n) + n/(m+n)·P_{m,n−1}(u).
/// All terms are positive, so both tails keep full relative precision. This is the
/// distribution of R's `pwilcox` and scipy's `mannwhitneyu(method="exact")`.
public struct MannWhitneyDistribution: Sendable {
    /// `probabilities[u]` is P(U = u), for u from 0 to m·n.
    public let probabilities: [Double]

    /// The largest m·n for which the distribution is built (the work grows as (m·n)²/4; R and scipy switch to the normal approximation far earlier).
    public static let maximumProduct = 10_000

    /// The distribution for sample sizes `m` (x) and `n` (y), both at least 1.
    public init(m: Int, n: Int) {
        precondition(m >= 1 && n >= 1, "both samples need at least one value")
        precondition(m * n <= Self.maximumProduct, "m·n must not exceed \(Self.maximumProduct)")
        // rows[i] holds P_{i,j}(·) for the current j; start with j = 0, where U = 0.
        var rows = [[Double]](repeating: [1], count: m + 1)
        if n >= 1 {
            for j in 1...n {
                // P_{0,j}: U is 0 with certainty.
                rows[0] = [1]
                for i in 1...m {
                    var next = [Double](repeating: 0, count: i * j + 1)
                    let wx = Double(i) / Double(i + j)
                    let wy = Double(j) / Double(i + j)
                    let fromX = rows[i - 1]  // P_{i−1,j}, already updated for this j
                    let fromY = rows[i]  // P_{i,j−1}
                    for (u, p) in fromX.enumerated() where p != 0 { next[u + j] += wx * p }
                    for (u, p) in fromY.enumerated() where p != 0 { next[u] += wy * p }
                    rows[i] = next
                }
            }
        }
        probabilities = rows[m]
    }

    /// The largest possible value of U (m·n).
    public var maximum: Int { probabilities.count - 1 }

    /// P(U <= u), summed from the lower end.
    public func lowerTail(_ u: Int) -> Double {
        if u < 0 { return 0 }
        if u >= maximum { return 1 }
        return min(1, probabilities[0...u].reduce(0, +))
    }

    /// P(U >= u), summed from the upper end.
    public func upperTail(_ u: Int) -> Double {
        if u <= 0 { return 1 }
        if u > maximum { return 0 }
        return min(1, probabilities[u...].reduce(0, +))
    }
}
