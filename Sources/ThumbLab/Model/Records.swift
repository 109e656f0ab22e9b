/// The kind of rows a log file holds.
public enum RowKind: String, CaseIterable, Sendable {
    /// One row per selection task: `TrialRecord`.
    case trials
    /// One row per raw touch event: `TouchRecord`.
    case touches
    /// One row per questionnaire answer: `ResponseRecord`.
    case responses
    /// One row per participant, every other column an attribute (age, gender, hand):
    /// `ParticipantRecord`.
    case participants
    /// One row per text-entry phrase: the presented and transcribed text, the time and,
    /// where logged, the input stream. Each phrase is stored as a trial (its number, time
    /// and line) with its texts and measures beside it: `PhraseRecord`.
    case phrases
    /// Factors derived from the study's factors and participant attributes by a mapping
    /// table (`thumblab factor add`): a batch without rows of its own, never a file's kind.
    case factors

    /// The kinds of rows a file can hold, in the order an import tries them.
    public static let fileKinds: [RowKind] = [.trials, .touches, .responses, .participants, .phrases]

    /// The kind the `batch` table records: a phrase log's rows are trials.
    package var storedKind: RowKind { self == .phrases ? .trials : self }
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
///
/// The numbers are kept in a ``TrialValues`` (missing ones as NaN or a sentinel, not as
/// optionals), so that a record is small to copy on its way from a reader to the writer.
package struct TrialRecord: Equatable, Sendable {
    /// The participant's label, as in the log.
    package var participant: String
    /// Factor levels, in the order of the factor names the import declared; `nil` where
    /// the row has no value for the factor (stored as a missing level).
    package var levels: [String?]
    /// Everything else: block, trial, geometry, measures and the source line.
    package var values: TrialValues

    /// The block number; `nil` when the log has none (all rows count as one block).
    package var block: Int? {
        get { values.block }
        set { values.block = newValue }
    }
    /// The trial number; rows repeating a number are successive attempts; `nil` when the log has none.
    package var trial: Int? {
        get { values.trial }
        set { values.trial = newValue }
    }
    /// Horizontal centre of the target, in px from the left edge of the screen.
    package var targetX: Double? {
        get { values.targetX }
        set { values.targetX = newValue }
    }
    /// Vertical centre of the target, in px from the top edge of the screen.
    package var targetY: Double? {
        get { values.targetY }
        set { values.targetY = newValue }
    }
    /// Target width, in px.
    package var targetWidth: Double? {
        get { values.targetWidth }
        set { values.targetWidth = newValue }
    }
    /// Target height, in px.
    package var targetHeight: Double? {
        get { values.targetHeight }
        set { values.targetHeight = newValue }
    }
    /// Horizontal start point of the movement, in px.
    package var startX: Double? {
        get { values.startX }
        set { values.startX = newValue }
    }
    /// Vertical start point of the movement, in px.
    package var startY: Double? {
        get { values.startY }
        set { values.startY = newValue }
    }
    /// Horizontal point of the selection, in px.
    package var touchX: Double? {
        get { values.touchX }
        set { values.touchX = newValue }
    }
    /// Vertical point of the selection, in px.
    package var touchY: Double? {
        get { values.touchY }
        set { values.touchY = newValue }
    }
    /// Movement or task time in milliseconds.
    package var timeMS: Double? {
        get { values.timeMS }
        set { values.timeMS = newValue }
    }
    /// Whether the selection hit the target.
    package var hit: Bool? {
        get { values.hit }
        set { values.hit = newValue }
    }
    /// Errors made in the trial, as the logger counts them.
    package var errors: Int? {
        get { values.errors }
        set { values.errors = newValue }
    }
    /// 1-based line of the source file where the row starts.
    package var line: Int {
        get { values.line }
        set { values.line = newValue }
    }
    /// Fitts' law loggers' effective amplitude of the movement (GoFitts' `Ae`), in px.
    package var effectiveAmplitude: Double? {
        get { values.effectiveAmplitude }
        set { values.effectiveAmplitude = newValue }
    }
    /// The selection's signed deviation from the target centre along the task axis
    /// (GoFitts' `dx`: positive past the target), in px.
    package var deviation: Double? {
        get { values.deviation }
        set { values.deviation = newValue }
    }

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
        values = TrialValues(line: line)
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
    }

    /// A record of these values, with its participant and levels.
    package init(participant: String, levels: [String?], values: TrialValues) {
        self.participant = participant
        self.levels = levels
        self.values = values
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

/// One participant as a demographics file describes them: the label and the attributes the
/// row gives (an empty field is no attribute).
package struct ParticipantRecord: Equatable, Sendable {
    /// The participant's label, as in the logs.
    package var participant: String
    /// The attributes' names (the columns' names) and values, in file order.
    package var attributes: [(name: String, value: String)]
    /// 1-based line of the source file where the row starts.
    package var line: Int

    /// Creates a participant record.
    package init(participant: String, attributes: [(name: String, value: String)], line: Int = 0) {
        self.participant = participant
        self.attributes = attributes
        self.line = line
    }

    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.participant == rhs.participant && lhs.line == rhs.line
            && lhs.attributes.map(\.name) == rhs.attributes.map(\.name)
            && lhs.attributes.map(\.value) == rhs.attributes.map(\.value)
    }
}

/// What a text-entry phrase adds to the trial it is stored as: its texts, its input
/// stream as logged, and the measures computed from them.
package struct PhraseRecord: Equatable, Sendable {
    /// The presented phrase.
    package var presented: String
    /// The transcribed phrase.
    package var transcribed: String
    /// The input stream as the log wrote it; `nil` where it logged none.
    package var inputStream: String?
    /// The key presses whose touch points the input stream logs, in order.
    package var taps: [KeyTap]
    /// The measures of the phrase.
    package var measures: PhraseMeasures

    /// A phrase and its measures.
    package init(
        presented: String, transcribed: String, inputStream: String?, taps: [KeyTap] = [], measures: PhraseMeasures
    ) {
        self.presented = presented
        self.transcribed = transcribed
        self.inputStream = inputStream
        self.taps = taps
        self.measures = measures
    }
}
