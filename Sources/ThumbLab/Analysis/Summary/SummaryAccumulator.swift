import Foundation
import ThumbLabStats

/// The running figures of one summary row, fed one trial at a time: the shared
/// ``TrialCounts`` of trials, hits and misses, and what only a summary row keeps, the
/// moments of times, ln times and offsets (their SDs) and the times for the median.
struct SummaryAccumulator {
    /// Trials, hits and misses; the row's ln times are in ``logTimes``, whose SD it reports.
    var counts = TrialCounts()
    var times = RunningMoments()
    var logTimes = RunningMoments()
    /// Times kept for the exact median, in compact form.
    var timeValues = TimeSample()
    /// Whether every figure of a row is collected. An accumulator whose row is never made
    /// (a participant's share of an across-participant row, of which only the trial count
    /// and the mean ln time are used) counts trials and ln times alone.
    var collectsRow = true
    var dx = RunningMoments()
    var dy = RunningMoments()
    var dxMM = RunningMoments()
    var dyMM = RunningMoments()
    /// Offsets on a screen of unknown density: the mm figures are then withheld.
    var offsetsWithoutDevice = 0
    /// The values of a summary's further measure (``SummaryRequest/measure``).
    var measureValues = RunningMoments()

    /// Trials counted.
    var trials: Int { counts.trials }

    mutating func add(_ trial: StoredTrial, device: Device?) {
        guard collectsRow else {
            counts.add(hit: nil, logTime: nil)
            if let time = trial.timeMS, time.isFinite, time > 0 { logTimes.add(Foundation.log(time)) }
            return
        }
        if let time = trial.timeMS, time.isFinite {
            times.add(time)
            timeValues.append(time)
            if time > 0 { logTimes.add(Foundation.log(time)) }
        }
        counts.add(hit: trial.hit, logTime: nil)
        if let offsetX = trial.offsetX, let offsetY = trial.offsetY {
            dx.add(offsetX)
            dy.add(offsetY)
            if let device {
                dxMM.add(device.millimetres(offsetX))
                dyMM.add(device.millimetres(offsetY))
            } else {
                offsetsWithoutDevice += 1
            }
        }
    }

    /// Adds the trials `other` was fed, as if they followed this one's.
    mutating func merge(_ other: SummaryAccumulator) {
        counts.merge(other.counts)
        measureValues.merge(other.measureValues)
        times.merge(other.times)
        logTimes.merge(other.logTimes)
        timeValues.merge(other.timeValues)
        dx.merge(other.dx)
        dy.merge(other.dy)
        dxMM.merge(other.dxMM)
        dyMM.merge(other.dyMM)
        offsetsWithoutDevice += other.offsetsWithoutDevice
    }

    /// The row's figures; `logMeans` are the participants' mean ln times in the cell
    /// (across-participant rows), `nil` for a participant's own row (the interval then
    /// comes from the trials' ln times).
    func row(levels: [String], participant: String?, participants: Int, logMeans: [Double]?) -> SummaryRow {
        var row = SummaryRow(levels: levels, participant: participant, participants: participants, trials: trials)
        if let logMeans, !logMeans.isEmpty {
            let summary = SampleSummary(logMeans).exponentiated
            row.timeGeomean = summary.mean
            row.timeCILow = summary.ciLow.isNaN ? nil : summary.ciLow
            row.timeCIHigh = summary.ciHigh.isNaN ? nil : summary.ciHigh
        } else if logMeans == nil, let mean = logTimes.mean {
            row.timeGeomean = Foundation.exp(mean)
            if let sd = logTimes.sd {
                let n = Double(logTimes.count)
                let half = StudentT(df: n - 1).quantile(0.975) * sd / n.squareRoot()
                row.timeCILow = Foundation.exp(mean - half)
                row.timeCIHigh = Foundation.exp(mean + half)
            }
        }
        row.timeTrials = times.count
        row.timeMean = times.mean
        row.timeSD = times.sd
        row.timeMedian = timeValues.median()
        if let interval = counts.errorInterval {
            row.errorRate = interval.proportion
            row.errorCILow = interval.lower
            row.errorCIHigh = interval.upper
        }
        row.offsetDxPx = dx.mean
        row.offsetDyPx = dy.mean
        row.offsetSDxPx = dx.sd
        row.offsetSDyPx = dy.sd
        if offsetsWithoutDevice == 0 {
            row.offsetDxMM = dxMM.mean
            row.offsetDyMM = dyMM.mean
            row.offsetSDxMM = dxMM.sd
            row.offsetSDyMM = dyMM.sd
        }
        return row
    }
}
