/// Which trials a typed read returns: conditions, blocks and attempts. Every value is
/// bound as a statement parameter, never spliced into SQL.
public struct TrialQuery: Sendable, Equatable {
    /// The conditions to read (ids from ``StudyLayout/conditions``).
    public var conditionIDs: [Int64]
    /// When set, only trials in these blocks (a trial without a block is then left out).
    public var includedBlocks: [Int]?
    /// Trials in these blocks are left out.
    public var excludedBlocks: [Int]
    /// Which attempts of each trial to read: first, last or all.
    public var attempts: AttemptPolicy
    /// When set, only trials whose id lies in the range: one part of a read split across
    /// threads (``StudyDatabase/trialHalves(_:minimumTrials:)``).
    var idRange: ClosedRange<Int64>?
    /// When set, the trials whose time it removes arrive with `timeMS` `nil` (their other
    /// values unchanged): the time measures' hits-only and outlier steps.
    public var timeFilter: TimeFilter?
    /// The name of a `trial_value` column (a number a log kept per trial) that a read whose
    /// fields ask for it returns as ``StoredTrial/loggedValue``.
    public var loggedValue: String?
    /// A measure of the `phrase` table that such a read returns as
    /// ``StoredTrial/loggedValue`` instead; `nil` for none.
    public var phraseColumn: PhraseColumn?
    /// Filters by the trial number or a number the log kept per trial, all of which a trial must pass.
    public var valueFilters: [ValueFilter] = []

    /// Creates a query; all blocks and first attempts by default.
    public init(
        conditionIDs: [Int64], includedBlocks: [Int]? = nil, excludedBlocks: [Int] = [],
        attempts: AttemptPolicy = .first, timeFilter: TimeFilter? = nil
    ) {
        self.timeFilter = timeFilter
        self.conditionIDs = conditionIDs
        self.includedBlocks = includedBlocks
        self.excludedBlocks = excludedBlocks
        self.attempts = attempts
    }
}

/// One trial (or attempt) as a typed read returns it. Coordinates are in px; `timeMS`
/// in milliseconds. The start point is where the movement began (a thumb's rest point),
/// when the log records one.
public struct StoredTrial: Sendable, Equatable {
    /// The participant's row id (``StudyLayout/participants`` gives the label).
    public var participantID: Int64
    /// The condition's row id (``StudyLayout/conditions`` gives its levels).
    public var conditionID: Int64
    /// The import batch the trial came from.
    public var batchID: Int64
    /// The block number; `nil` when the log has none.
    public var block: Int?
    /// The trial number; `nil` when the log has none.
    public var trial: Int?
    /// The attempt, 1 for the first.
    public var attempt: Int
    /// Horizontal centre of the target, in px.
    public var targetX: Double?
    /// Vertical centre of the target, in px.
    public var targetY: Double?
    /// Target width, in px.
    public var targetWidth: Double?
    /// Target height, in px.
    public var targetHeight: Double?
    /// Horizontal selection point, in px.
    public var touchX: Double?
    /// Vertical selection point, in px.
    public var touchY: Double?
    /// Movement or task time, in ms.
    public var timeMS: Double?
    /// Whether the selection hit the target.
    public var hit: Bool?
    /// Errors made in the trial, as the logger counts them.
    public var errors: Int?
    /// Horizontal start point of the movement, in px.
    public var startX: Double?
    /// Vertical start point of the movement, in px.
    public var startY: Double?
    /// The logger's effective amplitude of the movement (GoFitts' Ae), in px.
    public var effectiveAmplitude: Double?
    /// The logger's signed deviation from the target centre along the task axis (GoFitts' dx:
    /// positive past the target), in px.
    public var deviation: Double?
    /// The trial's number in the `trial_value` column ``TrialQuery/loggedValue`` names;
    /// `nil` without one.
    public var loggedValue: Double?

    /// Creates a stored trial; everything but the ids is optional.
    package init(
        participantID: Int64, conditionID: Int64, batchID: Int64, block: Int? = nil,
        trial: Int? = nil, attempt: Int = 1, targetX: Double? = nil, targetY: Double? = nil,
        targetWidth: Double? = nil, targetHeight: Double? = nil, touchX: Double? = nil,
        touchY: Double? = nil, timeMS: Double? = nil, hit: Bool? = nil, errors: Int? = nil,
        startX: Double? = nil, startY: Double? = nil, effectiveAmplitude: Double? = nil, deviation: Double? = nil,
        loggedValue: Double? = nil
    ) {
        self.loggedValue = loggedValue
        self.participantID = participantID
        self.conditionID = conditionID
        self.batchID = batchID
        self.block = block
        self.trial = trial
        self.attempt = attempt
        self.targetX = targetX
        self.targetY = targetY
        self.targetWidth = targetWidth
        self.targetHeight = targetHeight
        self.touchX = touchX
        self.touchY = touchY
        self.timeMS = timeMS
        self.hit = hit
        self.errors = errors
        self.startX = startX
        self.startY = startY
        self.effectiveAmplitude = effectiveAmplitude
        self.deviation = deviation
    }

    /// Touch minus target centre on x, when both are known.
    public var offsetX: Double? {
        guard let touchX, let targetX else { return nil }
        return touchX - targetX
    }

    /// Touch minus target centre on y, when both are known.
    public var offsetY: Double? {
        guard let touchY, let targetY else { return nil }
        return touchY - targetY
    }
}

/// One questionnaire answer as a typed read returns it.
public struct ResponseRow: Sendable, Equatable {
    /// The participant's row id.
    public var participantID: Int64
    /// The condition's row id.
    public var conditionID: Int64
    /// The instrument name as imported, such as `SUS`.
    public var instrument: String
    /// The item's name or number, as imported.
    public var item: String
    /// The answer, on the item's own scale.
    public var value: Double
    /// The line of the source file the answer came from.
    public var line: Int

    /// Creates an answer row.
    package init(
        participantID: Int64, conditionID: Int64, instrument: String, item: String, value: Double,
        line: Int
    ) {
        self.participantID = participantID
        self.conditionID = conditionID
        self.instrument = instrument
        self.item = item
        self.value = value
        self.line = line
    }
}
