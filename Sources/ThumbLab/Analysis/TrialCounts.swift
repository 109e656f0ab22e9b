import Foundation
import ThumbLabStats

/// The counts every tally of trials keeps, fed one trial at a time: the trials, those with
/// a recorded hit or miss and the misses among them, and the trials with a positive time
/// with the sum of their ln times. Screen cells, participants' cells, compass sectors,
/// target sizes and summary rows count through it; what only one of them keeps (times for
/// a median, offsets, moments) stays in its own type.
///
/// A value type of plain stored numbers, cheap to add to once per trial over millions of
/// trials and to merge across readers.
struct TrialCounts: Sendable, Equatable {
    /// Trials counted.
    var trials = 0
    /// Trials with a recorded hit or miss.
    var recorded = 0
    /// Misses among the ``recorded`` trials.
    var misses = 0
    /// Trials with a finite time above 0 ms, whose ln time is in ``logTimeSum``.
    var logTimes = 0
    /// Σ ln(time in ms) over the ``logTimes`` trials.
    var logTimeSum = 0.0

    /// Counts one trial: its hit (`nil` when none was recorded) and its ln time (`nil`
    /// without a positive finite time).
    @inline(__always)
    mutating func add(hit: Bool?, logTime: Double?) {
        trials += 1
        if let hit {
            recorded += 1
            if !hit { misses += 1 }
        }
        if let logTime {
            logTimes += 1
            logTimeSum += logTime
        }
    }

    /// Counts one trial from its time in ms, whose ln is taken when it is finite and above 0.
    @inline(__always)
    mutating func add(timeMS: Double?, hit: Bool?) {
        if let timeMS, timeMS > 0, timeMS.isFinite {
            add(hit: hit, logTime: Foundation.log(timeMS))
        } else {
            add(hit: hit, logTime: nil)
        }
    }

    /// Adds the trials `other` counted.
    mutating func merge(_ other: TrialCounts) {
        trials += other.trials
        recorded += other.recorded
        misses += other.misses
        logTimes += other.logTimes
        logTimeSum += other.logTimeSum
    }

    /// Mean ln time, `nil` without a positive time.
    var meanLogTime: Double? { logTimes > 0 ? logTimeSum / Double(logTimes) : nil }

    /// Misses over recorded trials, `nil` without one.
    var errorRate: Double? { recorded > 0 ? Double(misses) / Double(recorded) : nil }

    /// The adjusted-Wald 95% interval of the error rate (Agresti & Coull 1998), `nil`
    /// without a recorded trial.
    var errorInterval: ProportionInterval? {
        recorded > 0 ? try? ProportionInterval(successes: misses, trials: recorded) : nil
    }
}
