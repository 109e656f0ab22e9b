/// The kind of rows a log file holds.
public enum RowKind: String, CaseIterable, Sendable {
    case trials, touches, responses
}

/// The phase of a raw touch event.
public enum TouchPhase: String, CaseIterable, Sendable {
    case down, move, up
}

/// One selection task as a log records it. Only the participant and at least one
/// measure (time, hit or error count) are required; geometry is optional.
public struct TrialRecord: Equatable, Sendable {
    public var participant: String
    /// Factor levels, in the order of the factor names the import declared; `nil` where
    /// the row has no value for the factor (stored as a missing level).
    public var levels: [String?]
    public var block: Int?
    public var trial: Int?
    public var targetX: Double?
    public var targetY: Double?
    public var targetWidth: Double?
    public var targetHeight: Double?
    public var startX: Double?
    public var startY: Double?
    public var touchX: Double?
    public var touchY: Double?
    /// Movement or task time in milliseconds.
    public var timeMS: Double?
    public var hit: Bool?
    public var errors: Int?
    /// 1-based line of the source file where the row starts.
    public var line: Int
    /// Fitts' law loggers' effective amplitude of the movement (GoFitts' `Ae`), in px.
    public var effectiveAmplitude: Double?
    /// The selection's signed deviation from the target centre along the task axis
    /// (GoFitts' `dx`: positive past the target), in px.
    public var deviation: Double?

    public init(
        participant: String, levels: [String?] = [], block: Int? = nil, trial: Int? = nil,
        targetX: Double? = nil, targetY: Double? = nil, targetWidth: Double? = nil,
        targetHeight: Double? = nil, startX: Double? = nil, startY: Double? = nil,
        touchX: Double? = nil, touchY: Double? = nil, timeMS: Double? = nil, hit: Bool? = nil,
        errors: Int? = nil, line: Int = 0
    ) {
        self.participant = participant
        self.levels = levels
        self.block = block
        self.trial = trial
        self.targetX = targetX
        self.targetY = targetY
        self.targetWidth = targetWidth
        self.targetHeight = targetHeight
        self.startX = startX
        self.startY = startY
        self.touchX = touchX
        self.touchY = touchY
        self.timeMS = timeMS
        self.hit = hit
        self.errors = errors
        self.line = line
    }
}

/// One raw touch event.
public struct TouchRecord: Equatable, Sendable {
    public var participant: String
    public var levels: [String?]
    public var block: Int?
    /// The trial number the event belongs to, where the log says.
    public var trial: Int?
    /// Timestamp in milliseconds (any origin, monotonic within a trial).
    public var timeMS: Double
    public var x: Double
    public var y: Double
    public var phase: TouchPhase
    public var line: Int

    public init(
        participant: String, levels: [String?] = [], block: Int? = nil, trial: Int? = nil,
        timeMS: Double, x: Double, y: Double, phase: TouchPhase, line: Int = 0
    ) {
        self.participant = participant
        self.levels = levels
        self.block = block
        self.trial = trial
        self.timeMS = timeMS
        self.x = x
        self.y = y
        self.phase = phase
        self.line = line
    }
}

/// One questionnaire answer.
public struct ResponseRecord: Equatable, Sendable {
    public var participant: String
    public var levels: [String?]
    /// Instrument name as given (SUS, NASA-TLX, UMUX-Lite, SEQ, or any Likert item set).
    public var instrument: String
    public var item: String
    public var value: Double
    public var line: Int

    public init(
        participant: String, levels: [String?] = [], instrument: String, item: String,
        value: Double, line: Int = 0
    ) {
        self.participant = participant
        self.levels = levels
        self.instrument = instrument
        self.item = item
        self.value = value
        self.line = line
    }
}
