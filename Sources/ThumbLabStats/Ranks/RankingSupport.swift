import Foundation

/// Ranking helpers shared by the Aligned Rank Transform and the Friedman family.
///
/// Ties receive the mean of the ranks they span ("average" ties, R's `rank()` default and
/// `scipy.stats.rankdata(method="average")`).
enum RankingSupport {
    /// Ranks `values` from 1 to `values.count`, giving tied values the mean of their ranks.
    ///
    /// - Parameter values: finite values; ties are exact equality.
    /// - Returns: one rank per value, in input order.
    static func ranks(_ values: [Double]) -> [Double] {
        let order = values.indices.sorted { values[$0] < values[$1] }
        var result = [Double](repeating: 0, count: values.count)
        var start = 0
        while start < order.count {
            var end = start
            while end + 1 < order.count, values[order[end + 1]] == values[order[start]] {
                end += 1
            }
            // Positions start...end (0-based) hold ranks start+1...end+1.
            let mean = Double(start + end + 2) / 2
            for position in start...end {
                result[order[position]] = mean
            }
            start = end + 1
        }
        return result
    }

    /// Rounds `value` to `digits` decimal places, as R's `round(x, digits)` does for the
    /// aligned responses of ARTool before ranking, so that values equal in exact arithmetic
    /// but not in floating point rank as ties.
    ///
    /// Halves are rounded away from zero; for aligned responses (sums of means of the data)
    /// an exact half at the 8th decimal does not occur in practice.
    static func rounded(_ value: Double, digits: Int) -> Double {
        let scale = pow(10, Double(digits))
        let scaled = value * scale
        guard scaled.magnitude < 1e15 else { return value }
        return scaled.rounded(.toNearestOrAwayFromZero) / scale
    }
}
