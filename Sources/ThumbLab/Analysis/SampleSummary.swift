import Foundation
import ThumbLabStats

/// Mean, SD (n − 1), median and the 95% t interval of the mean of a sample of any size:
/// figures that need two values are NaN (printed as null) for one.
struct SampleSummary: Sendable, Equatable {
    var n: Int
    var mean: Double
    var sd: Double
    var median: Double
    var ciLow: Double
    var ciHigh: Double

    init(_ values: [Double]) {
        n = values.count
        if let summary = try? Descriptives(values) {
            mean = summary.mean
            sd = summary.sd
            median = summary.median
            ciLow = summary.meanInterval.lower
            ciHigh = summary.meanInterval.upper
        } else {
            // One value, or a constant sample: no spread to estimate from one, none in the other.
            let constant = values.count > 1 && values.allSatisfy { $0 == values[0] }
            mean = values.first ?? .nan
            median = mean
            sd = constant ? 0 : .nan
            ciLow = constant ? mean : .nan
            ciHigh = ciLow
        }
    }

    /// The summary of log values carried back to the original scale: the geometric mean,
    /// the geometric SD factor exp(sd), the median and the interval, each exponentiated.
    var exponentiated: SampleSummary {
        var result = self
        result.mean = Foundation.exp(mean)
        result.sd = Foundation.exp(sd)
        result.median = Foundation.exp(median)
        result.ciLow = Foundation.exp(ciLow)
        result.ciHigh = Foundation.exp(ciHigh)
        return result
    }
}
