/// The kind of rows a log file holds.
public enum RowKind: String, CaseIterable, Sendable {
    /// One row per selection task: `TrialRecord`.
    case trials
    /// One row per raw touch event: `TouchRecord`.
    case touches
    /// One row per questionnaire answer: `ResponseRecord`.
    case responses
}

/// The phase of a raw touch event.
package enum TouchPhase: String, CaseIterable, Sendable {
    /// The finger touched the screen.
    case down
    /// The finger moved while touching.
    case move
    /// The finger lifted off.
    case up
}

/// One selection task as a log records it. Only the participant and at least one
/// measure (time, hit or error count) are required; geometry is optional.
package struct TrialRecord: Equatable, Sendable {
    /// The participant's label, as in the log.
    package var participant: String
    /// Factor levels, in the order of the factor names the import declared; `nil` where
    /// the row has no value for the factor (stored as a missing level).
    package var levels: [String?]
    /// The block number; `nil` when the log has none (all rows count as one block).
    package var block: Int?
    /// The trial number; rows repeating a number are successive attempts; `nil` when the log has none.
    package var trial: Int?
    /// Horizontal centre of the target, in px from the left edge of the screen.
    package var targetX: Double?
    /// Vertical centre of the target, in px from the top edge of the screen.
    package var targetY: Double?
    /// Target width, in px.
    package var targetWidth: Double?
    /// Target height, in px.
    package var targetHeight: Double?
    /// Horizontal start point of the movement, in px.
    package var startX: Double?
    /// Vertical start point of the movement, in px.
    package var startY: Double?
    /// Horizontal point of the selection, in px.
    package var touchX: Double?
    /// Vertical point of the selection, in px.
    package var touchY: Double?
    /// Movement or task time in milliseconds.
    package var timeMS: Double?
    /// Whether the selection hit the target.
    package var hit: Bool?
    /// Errors made in the trial, as the logger counts them.
    package var errors: Int?
    /// 1-based line of the source file where the row starts.
    package var line: Int
    /// Fitts' law loggers' effective amplitude of the movement (GoFitts' `Ae`), in px.
    package var effectiveAmplitude: Double?
    /// The selection's signed deviation from the target centre along the task axis
    /// (GoFitts' `dx`: positive past the target), in px.
    package var deviation: Double?

    /// Creates a trial record; only the participant is required here, and the importer requires a
    /// measure. The effective amplitude and deviation are set afterwards where the log has them.
    package init(
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
package struct TouchRecord: Equatable, Sendable {
    /// The participant's label, as in the log.
    package var participant: String
    /// Factor levels, in the order of the factor names the import declared; `nil` where the row has
    /// no value for the factor.
    package var levels: [String?]
    /// The block number, where the log says.
    package var block: Int?
    /// The trial number the event belongs to, where the log says.
    package var trial: Int?
    /// Timestamp in milliseconds (any origin, monotonic within a trial).
    package var timeMS: Double
    /// Horizontal position, in px from the left edge of the screen.
    package var x: Double
    /// Vertical position, in px from the top edge of the screen.
    package var y: Double
    /// Whether the finger went down, moved or lifted.
    package var phase: TouchPhase
    /// 1-based line of the source file where the row starts.
    package var line: Int

    /// Creates a touch event record.
    package init(
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
package struct ResponseRecord: Equatable, Sendable {
    /// The participant's label, as in the log.
    package var participant: String
    /// Factor levels, in the order of the factor names the import declared; `nil` where the row has
    /// no value for the factor.
    package var levels: [String?]
    /// Instrument name as given (SUS, NASA-TLX, UMUX-Lite, SEQ, or any Likert item set).
    package var instrument: String
    /// The item's name or number, as in the log (`1`...`10` for SUS).
    package var item: String
    /// The answer, on the item's own scale.
    package var value: Double
    /// 1-based line of the source file where the row starts.
    package var line: Int

    /// Creates an answer record.
    package init(
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
