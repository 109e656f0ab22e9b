import Foundation

/// Count, mean and SD of a stream of values in one pass, from sums shifted by the first
/// value so that large values (times in ms) lose no precision to cancellation.
struct RunningMoments: Sendable, Equatable {
    private(set) var count = 0
    private var shift = 0.0
    private var sum = 0.0
    private var sumOfSquares = 0.0

    mutating func add(_ value: Double) {
        if count == 0 { shift = value }
        let centred = value - shift
        count += 1
        sum += centred
        sumOfSquares += centred * centred
    }

    /// Adds the values `other` was fed, as if they followed this one's: its sums are moved
    /// from its shift to this one's.
    mutating func merge(_ other: RunningMoments) {
        guard count > 0 else {
            self = other
            return
        }
        guard other.count > 0 else { return }
        let offset = other.shift - shift
        let n = Double(other.count)
        sumOfSquares += other.sumOfSquares + 2 * offset * other.sum + n * offset * offset
        sum += other.sum + n * offset
        count += other.count
    }

    /// The mean, `nil` for no values.
    var mean: Double? { count == 0 ? nil : shift + sum / Double(count) }

    /// The SD with n − 1 in the denominator, `nil` for fewer than two values.
    var sd: Double? {
        guard count > 1 else { return nil }
        let n = Double(count)
        return Swift.max(0, (sumOfSquares - sum * sum / n) / (n - 1)).squareRoot()
    }
}
