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

/// The running figures of one screen cell, fed one trial at a time: the shared
/// ``TrialCounts``, and what only a cell keeps, its times for the median and its offsets.
struct CellTally {
    /// Trials, hits and misses, and ln times.
    var counts = TrialCounts()
    /// Finite times, kept for the median.
    var times = TimeSample()
    var offsetXSum = 0.0
    var offsetYSum = 0.0
    var offsets = 0

    /// Trials counted.
    var trials: Int { counts.trials }
    /// Trials with a recorded hit or miss.
    var recorded: Int { counts.recorded }
    /// Misses among the recorded trials.
    var misses: Int { counts.misses }
    /// Σ ln time over the trials with a positive time.
    var logTimeSum: Double { counts.logTimeSum }
    /// Trials with a positive time.
    var logTimes: Int { counts.logTimes }

    mutating func add(_ trial: TalliedTrial) {
        counts.add(trial)
        if let time = trial.time { times.append(time) }
        if let offset = trial.offset {
            offsetXSum += offset.dx
            offsetYSum += offset.dy
            offsets += 1
        }
    }

    /// Adds the trials `other` counted.
    mutating func merge(_ other: CellTally) {
        counts.merge(other.counts)
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
/// participant count of a cell counts. A participant's cell keeps nothing beyond the
/// shared counts.
typealias ParticipantTally = TrialCounts

extension TrialCounts {
    /// Counts a trial of a screen cell from what ``TalliedTrial`` worked out once for it.
    @inline(__always)
    mutating func add(_ trial: TalliedTrial) {
        add(hit: trial.hit, logTime: trial.logTime)
    }
}
