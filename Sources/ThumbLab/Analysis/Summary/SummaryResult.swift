/// One row of a summary: a cell of the summarised factors (and, per participant, one
/// participant in it). Figures a cell cannot give (no times, no geometry) are `nil`.
public struct SummaryRow: Sendable, Equatable {
    /// The cell's level of each factor of ``SummaryReport/factors``.
    public var levels: [String]
    /// The participant, in a per-participant summary.
    public var participant: String?
    public var participants: Int
    public var trials: Int
    /// Geometric mean time (ms): across participants, exp of the mean of their per-cell
    /// mean ln time; per participant, exp of the mean ln time of their trials.
    public var timeGeomean: Double?
    /// The 95% t interval of that mean of logs, back-transformed.
    public var timeCILow: Double?
    public var timeCIHigh: Double?
    /// Arithmetic mean, SD and median of the trials' times (ms), pooled.
    public var timeMean: Double?
    public var timeSD: Double?
    public var timeMedian: Double?
    /// Misses over trials with a recorded hit, pooled; adjusted-Wald 95% interval.
    public var errorRate: Double?
    public var errorCILow: Double?
    public var errorCIHigh: Double?
    /// Mean and SD of touch minus target centre, px.
    public var offsetDxPx: Double?
    public var offsetDyPx: Double?
    public var offsetSDxPx: Double?
    public var offsetSDyPx: Double?
    /// The same in mm, when every trial of the row was recorded on a known device.
    public var offsetDxMM: Double?
    public var offsetDyMM: Double?
    public var offsetSDxMM: Double?
    public var offsetSDyMM: Double?
}

/// What `thumblab summary` reports: per cell (or per participant and cell) time, errors
/// and touch offsets, with the selection it used.
public struct SummaryReport: Sendable, Equatable {
    public var selection: SelectionSummary
    /// The factors that define a cell.
    public var factors: [String]
    public var perParticipant: Bool
    public var rows: [SummaryRow]
    /// How each figure was computed, in words.
    public var methods: String
}
