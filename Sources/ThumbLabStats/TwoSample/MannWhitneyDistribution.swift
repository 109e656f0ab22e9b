/// The exact null distribution of the Mann-Whitney statistic U (the number of pairs in
/// which the x value exceeds the y value) for samples of sizes m and n without ties.
///
/// Uses the classical recursion on the largest observation (Mann & Whitney 1947): it is an
/// x with probability m/(m+n), adding n to U, or a y, adding 0, so
/// P_{m,n}(u) = m/(m+n)·P_{m−1,n}(u − n) + n/(m+n)·P_{m,n−1}(u).
/// All terms are positive, so the tails keep full relative precision. Only the lower half
/// u ≤ mn/2 is built; the upper half follows from the symmetry P(U = u) = P(U = mn − u).
/// This is the distribution of R's `pwilcox` and scipy's `mannwhitneyu(method="exact")`.
public struct MannWhitneyDistribution: Sendable {
    /// `lowerHalf[u]` is P(U = u) for u from 0 to ⌊mn/2⌋.
    public let lowerHalf: [Double]
    /// The largest possible value of U, m·n.
    public let maximum: Int

    /// The largest m·n for which the distribution is built (the work grows as (m·n)²/8;
    /// R and scipy switch to the normal approximation far earlier).
    public static let maximumProduct = 10_000

    /// The distribution for sample sizes `m` (x) and `n` (y), both at least 1.
    public init(m: Int, n: Int) {
        precondition(m >= 1 && n >= 1, "both samples need at least one value")
        precondition(m * n <= Self.maximumProduct, "m·n must not exceed \(Self.maximumProduct)")
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

    /// P(U = u).
    public func probability(_ u: Int) -> Double {
        guard u >= 0 && u <= maximum else { return 0 }
        return u < lowerHalf.count ? lowerHalf[u] : lowerHalf[maximum - u]
    }

    /// P(U <= u), summed from the lower end.
    public func lowerTail(_ u: Int) -> Double {
        if u < 0 { return 0 }
        if u >= maximum { return 1 }
        if u >= lowerHalf.count { return 1 - upperTail(u + 1) }
        return min(1, lowerHalf[0...u].reduce(0, +))
    }

    /// P(U >= u), by symmetry the lower tail at m·n − u.
    public func upperTail(_ u: Int) -> Double {
        lowerTail(maximum - u)
    }
}
