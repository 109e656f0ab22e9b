import Foundation

/// Mean and variance computed the careful way (two passes, with the compensating term of
/// Chan, Golub & LeVeque 1983), so that samples with a large common offset keep their
/// precision.
struct SampleMoments: Sendable {
    let count: Int
    let mean: Double
    /// The unbiased variance (denominator n − 1); 0 for a single value.
    let variance: Double

    init(_ values: [Double]) {
        count = values.count
        let n = Double(values.count)
        let first = values.reduce(0, +) / n
        var sum = 0.0
        var sumSquares = 0.0
        for value in values {
            let deviation = value - first
            sum += deviation
            sumSquares += deviation * deviation
        }
        mean = first + sum / n
        variance = values.count > 1 ? max(0, (sumSquares - sum * sum / n) / (n - 1)) : 0
    }

    var standardDeviation: Double { variance.squareRoot() }
}
