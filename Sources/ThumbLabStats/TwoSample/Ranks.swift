/// Ranks of a sample with ties resolved by averaging, the convention of R's `rank`
/// (`ties.method = "average"`) and scipy's `rankdata(method="average")`.
public struct AverageRanks: Sendable, Equatable {
    /// The rank of each value, in input order, from 1; tied values share the mean of the
    /// ranks they span, so every rank is a multiple of 1/2.
    public let ranks: [Double]
    /// The size of every group of tied values, groups of one included, in ascending order
    /// of the values.
    public let tieGroupSizes: [Int]

    /// Ranks `values` (which must not contain NaN).
    public init(_ values: [Double]) {
        let order = values.indices.sorted { values[$0] < values[$1] }
        var ranks = [Double](repeating: 0, count: values.count)
        var groups: [Int] = []
        var start = 0
        while start < order.count {
            var end = start
            while end + 1 < order.count && values[order[end + 1]] == values[order[start]] {
                end += 1
            }
            // Positions start...end (0-based) hold ranks start+1...end+1; their mean:
            let shared = Double(start + end + 2) / 2
            for position in start...end { ranks[order[position]] = shared }
            groups.append(end - start + 1)
            start = end + 1
        }
        self.ranks = ranks
        self.tieGroupSizes = groups
    }

    /// Whether any two values are tied.
    public var hasTies: Bool { tieGroupSizes.contains { $0 > 1 } }

    /// Σ (t³ − t) over the tie groups, the quantity in every tie correction of a rank
    /// test's variance (Hollander & Wolfe 1973, §3.1 and §4.1).
    public var tieCorrectionSum: Double {
        tieGroupSizes.reduce(0) { sum, size in
            let t = Double(size)
            return sum + (t * t * t - t)
        }
    }
}
