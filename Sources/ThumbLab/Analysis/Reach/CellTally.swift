import Foundation

/// The running figures of one screen cell, fed one trial at a time.
struct CellTally {
    var trials = 0
    /// Trials with a recorded hit or miss, and the misses among them.
    var recorded = 0
    var misses = 0
    var logTimeSum = 0.0
    var logTimes = 0
    /// Finite times, kept for the median.
    var times: [Double] = []
    var offsetXSum = 0.0
    var offsetYSum = 0.0
    var offsets = 0

    mutating func add(_ trial: StoredTrial) {
        trials += 1
        if let hit = trial.hit {
            recorded += 1
            if !hit { misses += 1 }
        }
        if let time = trial.timeMS, time.isFinite {
            times.append(time)
            if time > 0 {
                logTimeSum += Foundation.log(time)
                logTimes += 1
            }
        }
        if let dx = trial.offsetX, let dy = trial.offsetY, dx.isFinite, dy.isFinite {
            offsetXSum += dx
            offsetYSum += dy
            offsets += 1
        }
    }
}

/// One participant's trials in one screen cell: what difference maps test and what the
/// participant count of a cell counts.
struct ParticipantTally: Sendable {
    var trials = 0
    var recorded = 0
    var misses = 0
    var logTimeSum = 0.0
    var logTimes = 0

    mutating func add(_ trial: StoredTrial) {
        trials += 1
        if let hit = trial.hit {
            recorded += 1
            if !hit { misses += 1 }
        }
        if let time = trial.timeMS, time.isFinite, time > 0 {
            logTimeSum += Foundation.log(time)
            logTimes += 1
        }
    }

    /// Mean ln time, `nil` without a positive time.
    var meanLogTime: Double? { logTimes > 0 ? logTimeSum / Double(logTimes) : nil }
    /// Misses over recorded trials, `nil` without one.
    var errorRate: Double? { recorded > 0 ? Double(misses) / Double(recorded) : nil }
}
