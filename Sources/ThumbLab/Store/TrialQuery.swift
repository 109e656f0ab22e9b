/// Which trials a typed read returns: conditions, blocks and attempts. Every value is
/// bound as a statement parameter, never spliced into SQL.
public struct TrialQuery: Sendable, Equatable {
    /// The conditions to read (ids from ``StudyLayout/conditions``).
    public var conditionIDs: [Int64]
    /// When set, only trials in these blocks (a trial without a block is then left out).
    public var includedBlocks: [Int]?
    /// Trials in these blocks are left out.
    public var excludedBlocks: [Int]
    public var attempts: AttemptPolicy

    public init(
        conditionIDs: [Int64], includedBlocks: [Int]? = nil, excludedBlocks: [Int] = [],
        attempts: AttemptPolicy = .first
    ) {
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
    public var participantID: Int64
    public var conditionID: Int64
    public var batchID: Int64
    public var block: Int?
    public var trial: Int?
    public var attempt: Int
    public var targetX: Double?
    public var targetY: Double?
    public var targetWidth: Double?
    public var targetHeight: Double?
    public var touchX: Double?
    public var touchY: Double?
    public var timeMS: Double?
    public var hit: Bool?
    public var errors: Int?
    public var startX: Double?
    public var startY: Double?
    /// The logger's effective amplitude and deviation along the task axis (GoFitts' Ae, dx).
    public var effectiveAmplitude: Double?
    public var deviation: Double?

    public init(
        participantID: Int64, conditionID: Int64, batchID: Int64, block: Int? = nil,
        trial: Int? = nil, attempt: Int = 1, targetX: Double? = nil, targetY: Double? = nil,
        targetWidth: Double? = nil, targetHeight: Double? = nil, touchX: Double? = nil,
        touchY: Double? = nil, timeMS: Double? = nil, hit: Bool? = nil, errors: Int? = nil,
        startX: Double? = nil, startY: Double? = nil, effectiveAmplitude: Double? = nil, deviation: Double? = nil
    ) {
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
    public var participantID: Int64
    public var conditionID: Int64
    public var instrument: String
    public var item: String
    public var value: Double
    /// The line of the source file the answer came from.
    public var line: Int

    public init(
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
