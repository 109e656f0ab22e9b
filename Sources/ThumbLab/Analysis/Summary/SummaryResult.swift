import ThumbLabStats

/// One row of a summary: a cell of the summarised factors (and, per participant, one
/// participant in it). Figures a cell cannot give (no times, no geometry) are `nil`.
public struct SummaryRow: Sendable, Equatable {
    /// The cell's level of each factor of ``SummaryReport/factors``.
    public var levels: [String]
    /// The participant, in a per-participant summary.
    public var participant: String?
    /// Participants with at least one trial in the row.
    public var participants: Int
    /// Trials in the row under the selection's attempt policy.
    public var trials: Int
    /// The trials the time figures use: those with a time that hits only and the outlier
    /// rule left.
    public var timeTrials = 0
    /// Geometric mean time (ms): across participants, exp of the mean of their per-cell
    /// mean ln time; per participant, exp of the mean ln time of their trials.
    public var timeGeomean: Double?
    /// The 95% t interval of that mean of logs, back-transformed.
    public var timeCILow: Double?
    /// Upper limit of the 95% interval of the geometric-mean time, in ms.
    public var timeCIHigh: Double?
    /// Arithmetic mean, SD and median of the trials' times (ms), pooled.
    public var timeMean: Double?
    /// Standard deviation (n − 1) of the trials' times, in ms.
    public var timeSD: Double?
    /// Median of the trials' times, in ms.
    public var timeMedian: Double?
    /// Misses over trials with a recorded hit, pooled; adjusted-Wald 95% interval.
    public var errorRate: Double?
    /// Lower limit of the adjusted-Wald 95% interval of the error rate.
    public var errorCILow: Double?
    /// Upper limit of the adjusted-Wald 95% interval of the error rate.
    public var errorCIHigh: Double?
    /// Mean and SD of touch minus target centre, px.
    public var offsetDxPx: Double?
    /// Mean vertical offset, touch minus target centre, in px (positive: below).
    public var offsetDyPx: Double?
    /// Standard deviation of the horizontal offset, in px.
    public var offsetSDxPx: Double?
    /// Standard deviation of the vertical offset, in px.
    public var offsetSDyPx: Double?
    /// The same in mm, when every trial of the row was recorded on a known device.
    public var offsetDxMM: Double?
    /// Mean vertical offset, in mm.
    public var offsetDyMM: Double?
    /// Standard deviation of the horizontal offset, in mm.
    public var offsetSDxMM: Double?
    /// Standard deviation of the vertical offset, in mm.
    public var offsetSDyMM: Double?
    /// The figures of ``SummaryReport/measure``; `nil` without one.
    public var measure: MeasureFigures?
}

/// A further measure's figures in a summary row. Across participants: the mean of the
/// participants' means in the cell, their SD (n − 1) and the 95% t interval of that mean;
/// per participant: the mean of their trials' values, its SD and 95% t interval.
public struct MeasureFigures: Sendable, Equatable {
    /// Trials with a value.
    public var trials: Int
    /// The mean, as above; `nil` without values.
    public var mean: Double?
    /// The SD (n − 1); `nil` for fewer than two values.
    public var sd: Double?
    /// Lower limit of the 95% t interval of the mean.
    public var ciLow: Double?
    /// Upper limit of the 95% t interval of the mean.
    public var ciHigh: Double?

    /// The figures of values: their count of trials, mean, SD and t interval.
    init(trials: Int, values moments: RunningMoments) {
        self.trials = trials
        mean = moments.mean
        sd = moments.sd
        if let mean, let sd {
            let n = Double(moments.count)
            let half = StudentT(df: n - 1).quantile(0.975) * sd / n.squareRoot()
            (ciLow, ciHigh) = (mean - half, mean + half)
        }
    }
}

/// What `thumblab summary` reports: per cell (or per participant and cell) time, errors
/// and touch offsets, with the selection it used.
public struct SummaryReport: Sendable, Equatable {
    /// The selection the summary read, with its trial and participant counts.
    public var selection: SelectionSummary
    /// The factors that define a cell.
    public var factors: [String]
    /// Whether each row is one participant in one cell rather than one cell.
    public var perParticipant: Bool
    /// One row per cell (per participant and cell), in the order of the study's levels.
    public var rows: [SummaryRow]
    /// The further measure of ``SummaryRequest/measure``, whose figures each row holds.
    public var measure: Measure? = nil
    /// How each figure was computed, in words: the selection, the figures, the cleaning.
    public var methods: String
    /// How each figure was computed, without the selection and its cleaning, for a Methods
    /// section that states them once.
    public var figureMethods = ""
    /// How factors and levels are shown in its tables.
    public var names = DisplayNames()
}
