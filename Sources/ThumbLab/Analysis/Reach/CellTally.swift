import Foundation

/// What a tally counts of one trial, worked out once per trial: its hit, its time when
/// finite and the log of that time when positive, and its offset when both coordinates
/// are finite.
struct TalliedTrial {
    var hit: Bool?
    var time: Double?
    var logTime: Double?
    var offset: (dx: Double, dy: Double)?

    init(_ trial: StoredTrial) {
        hit = trial.hit
        if let time = trial.timeMS, time.isFinite {
            self.time = time
            if time > 0 { logTime = Foundation.log(time) }
        }
        if let dx = trial.offsetX, let dy = trial.offsetY, dx.isFinite, dy.isFinite { offset = (dx, dy) }
    }
}

/// The running figures of one screen cell, fed one trial at a time.
struct CellTally {
    var trials = 0
    /// Trials with a recorded hit or miss, and the misses among them.
    var recorded = 0
    var misses = 0
    var logTimeSum = 0.0
    var logTimes = 0
    /// Finite times, kept for the median.
    var times = TimeSample()
    var offsetXSum = 0.0
    var offsetYSum = 0.0
    var offsets = 0

    mutating func add(_ trial: TalliedTrial) {
        trials += 1
        if let hit = trial.hit {
            recorded += 1
            if !hit { misses += 1 }
        }
        if let time = trial.time {
            times.append(time)
            if let logTime = trial.logTime {
                logTimeSum += logTime
                logTimes += 1
            }
        }
        if let offset = trial.offset {
            offsetXSum += offset.dx
            offsetYSum += offset.dy
            offsets += 1
        }
    }

    /// Adds the trials `other` counted.
    mutating func merge(_ other: CellTally) {
        trials += other.trials
        recorded += other.recorded
        misses += other.misses
        logTimeSum += other.logTimeSum
        logTimes += other.logTimes
        times.merge(other.times)
        offsetXSum += other.offsetXSum
        offsetYSum += other.offsetYSum
        offsets += other.offsets
    }

    /// The median of the finite times (R's type 7 quantile at 0.5, as
    /// `ThumbLabStats.quantile`), `nil` without one.
    var medianTime: Double? { times.median() }
}

/// One participant's trials in one screen cell: what difference maps test and what the
/// participant count of a cell counts.
struct ParticipantTally: Sendable {
    var trials = 0
    var recorded = 0
    var misses = 0
    var logTimeSum = 0.0
    var logTimes = 0

    mutating func add(_ trial: TalliedTrial) {
        trials += 1
        if let hit = trial.hit {
            recorded += 1
            if !hit { misses += 1 }
        }
        if let logTime = trial.logTime {
            logTimeSum += logTime
            logTimes += 1
        }
    }

    /// Adds the trials `other` counted.
    mutating func merge(_ other: ParticipantTally) {
        trials += other.trials
        recorded += other.recorded
        misses += other.misses
        logTimeSum += other.logTimeSum
        logTimes += other.logTimes
    }

    /// Mean ln time, `nil` without a positive time.
    var meanLogTime: Double? { logTimes > 0 ? logTimeSum / Double(logTimes) : nil }
    /// Misses over recorded trials, `nil` without one.
    var errorRate: Double? { recorded > 0 ? Double(misses) / Double(recorded) : nil }
}
