import Foundation
import ThumbLabStats

/// The running figures of a group of trials that spatial analyses report: the number of
/// trials, the sum of ln time over trials with a positive time, and misses over trials
/// with a recorded hit.
struct TimeErrorTally: Sendable, Equatable {
    var trials = 0
    var timedTrials = 0
    var logTimeSum = 0.0
    var scoredTrials = 0
    var misses = 0

    mutating func add(timeMS: Double?, hit: Bool?) {
        trials += 1
        if let timeMS, timeMS > 0, timeMS.isFinite {
            timedTrials += 1
            logTimeSum += log(timeMS)
        }
        if let hit {
            scoredTrials += 1
            if !hit { misses += 1 }
        }
    }

    mutating func merge(_ other: TimeErrorTally) {
        trials += other.trials
        timedTrials += other.timedTrials
        logTimeSum += other.logTimeSum
        scoredTrials += other.scoredTrials
        misses += other.misses
    }

    /// The mean ln time of the trials with a time.
    var logMean: Double? { timedTrials > 0 ? logTimeSum / Double(timedTrials) : nil }

    /// Misses over scored trials.
    var errorRate: Double? { scoredTrials > 0 ? Double(misses) / Double(scoredTrials) : nil }

    /// The adjusted-Wald 95% interval of the error rate (Agresti & Coull 1998).
    var errorInterval: ProportionInterval? {
        scoredTrials > 0 ? try? ProportionInterval(successes: misses, trials: scoredTrials) : nil
    }

    /// The geometric mean across participants of their mean ln times, with its
    /// back-transformed 95% t interval (none for one participant).
    static func geomean(ofLogMeans logMeans: [Double]) -> (value: Double?, low: Double?, high: Double?) {
        guard !logMeans.isEmpty else { return (nil, nil, nil) }
        if logMeans.count >= 2, let mean = try? GeometricMean(logMeans.map { exp($0) }) {
            return (mean.value, mean.interval.lower, mean.interval.upper)
        }
        return (exp(logMeans.reduce(0, +) / Double(logMeans.count)), nil, nil)
    }
}
