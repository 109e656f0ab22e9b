import ThumbLabStats

/// Time and errors of the movements in one compass sector: across participants, or of
/// one participant. Figures without data are `nil`.
public struct DirectionRow: Sendable, Equatable {
    /// The sector the movements fall in.
    public var sector: CompassSector
    /// The participant, in a per-participant row.
    public var participant: String?
    /// Movements in the sector.
    public var trials: Int
    /// Participants with a movement in the sector (1 in a per-participant row).
    public var participants: Int
    /// Geometric mean time (ms): across participants, exp of the mean of their mean ln
    /// times; per participant, exp of the mean ln time of their trials.
    public var timeGeomean: Double?
    /// Lower limit of the 95% t interval across participants of that mean of logs,
    /// back-transformed, ms (`nil` per participant and with one participant).
    public var timeCILow: Double?
    /// Upper limit of that interval, ms.
    public var timeCIHigh: Double?
    /// Misses among the movements with a recorded hit.
    public var misses: Int
    /// Misses over movements with a recorded hit, pooled, 0 to 1.
    public var errorRate: Double?
    /// Lower limit of the adjusted-Wald 95% interval of the error rate.
    public var errorCILow: Double?
    /// Upper limit of the adjusted-Wald 95% interval of the error rate.
    public var errorCIHigh: Double?
}

/// The NW-SE against NE-SW contrast Karlson et al. (2006) reported (right-handed users
/// slowest along NW-SE): per participant the mean ln time and the error proportion of
/// their movements in the NW and SE sectors against the NE and SW ones, compared paired.
public struct DiagonalContrast: Sendable, Equatable {
    /// Participants with timed movements on both diagonals, in natural order.
    public var timeParticipants: [String]
    /// Their mean ln time (ms) on the NW-SE diagonal, in ``timeParticipants`` order.
    public var logTimeNWSE: [Double]
    /// Their mean ln time (ms) on the NE-SW diagonal, in ``timeParticipants`` order.
    public var logTimeNESW: [Double]
    /// The paired t-test of the ln means (NW-SE minus NE-SW), when it can be computed.
    public var timeTest: TTestResult?
    /// exp of the mean difference of ln means: the ratio of geometric means NW-SE / NE-SW,
    /// with the back-transformed 95% interval.
    public var timeRatio: Double?
    /// Lower limit of the 95% interval of ``timeRatio``.
    public var timeRatioCILow: Double?
    /// Upper limit of the 95% interval of ``timeRatio``.
    public var timeRatioCIHigh: Double?
    /// Participants with recorded hits on both diagonals.
    public var errorParticipants: [String]
    /// Their proportion of misses on the NW-SE diagonal, in ``errorParticipants`` order.
    public var errorNWSE: [Double]
    /// Their proportion of misses on the NE-SW diagonal, in ``errorParticipants`` order.
    public var errorNESW: [Double]
    /// The Wilcoxon signed-rank test of the proportions (R's default policy).
    public var errorTest: WilcoxonSignedRankResult?
    /// Why a test is missing, when one is.
    public var notes: [String]
}

/// What `thumblab direction` reports: time and errors per compass sector of the
/// movement from the start point to the target, and the diagonal contrast.
public struct DirectionReport: Sendable, Equatable {
    /// The movements and participants analysed.
    public var selection: SelectionSummary
    /// The device whose trials were read; `nil` when the imports named none.
    public var device: Device?
    /// One row per sector with movements, in compass order.
    public var sectors: [DirectionRow]
    /// One row per participant and sector with movements.
    public var perParticipant: [DirectionRow]
    /// The NW-SE against NE-SW contrast.
    public var contrast: DiagonalContrast
    /// Selected trials left out: without a start point or target, or not moving.
    public var withoutDirection: Int
    /// The tests' results as APA sentences.
    public var sentences: [String]
    /// How each figure was computed, in words.
    public var methods: String
}
