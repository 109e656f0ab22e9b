/// The plain values of a ``TrialRecord``: everything but the participant's label and the
/// factor levels, so that copying one retains and releases nothing. The writer keeps rows
/// in this form until they are bound to an insert.
struct TrialValues: Sendable {
    // Stored without optionals: a missing number is NaN (imported numbers are finite, and
    // SQLite stores NaN as NULL anyway), a missing integer Int.min (no log numbers a block
    // or trial so), a missing hit -1. A row is 128 bytes instead of 248; the reader and the
    // writer copy every row a few times.
    private var storedTargetX: Double
    private var storedTargetY: Double
    private var storedTargetWidth: Double
    private var storedTargetHeight: Double
    private var storedStartX: Double
    private var storedStartY: Double
    private var storedTouchX: Double
    private var storedTouchY: Double
    private var storedTimeMS: Double
    private var storedEffectiveAmplitude: Double
    private var storedDeviation: Double
    private var storedBlock: Int
    private var storedTrial: Int
    private var storedErrors: Int
    private var storedHit: Int8
    var line: Int

    var block: Int? {
        get { Self.integer(storedBlock) }
        set { storedBlock = newValue ?? .min }
    }
    var trial: Int? {
        get { Self.integer(storedTrial) }
        set { storedTrial = newValue ?? .min }
    }
    var targetX: Double? {
        get { Self.number(storedTargetX) }
        set { storedTargetX = newValue ?? .nan }
    }
    var targetY: Double? {
        get { Self.number(storedTargetY) }
        set { storedTargetY = newValue ?? .nan }
    }
    var targetWidth: Double? {
        get { Self.number(storedTargetWidth) }
        set { storedTargetWidth = newValue ?? .nan }
    }
    var targetHeight: Double? {
        get { Self.number(storedTargetHeight) }
        set { storedTargetHeight = newValue ?? .nan }
    }
    var startX: Double? {
        get { Self.number(storedStartX) }
        set { storedStartX = newValue ?? .nan }
    }
    var startY: Double? {
        get { Self.number(storedStartY) }
        set { storedStartY = newValue ?? .nan }
    }
    var touchX: Double? {
        get { Self.number(storedTouchX) }
        set { storedTouchX = newValue ?? .nan }
    }
    var touchY: Double? {
        get { Self.number(storedTouchY) }
        set { storedTouchY = newValue ?? .nan }
    }
    var timeMS: Double? {
        get { Self.number(storedTimeMS) }
        set { storedTimeMS = newValue ?? .nan }
    }
    var hit: Bool? {
        get { storedHit < 0 ? nil : storedHit == 1 }
        set { storedHit = newValue.map { $0 ? 1 : 0 } ?? -1 }
    }
    var errors: Int? {
        get { Self.integer(storedErrors) }
        set { storedErrors = newValue ?? .min }
    }
    var effectiveAmplitude: Double? {
        get { Self.number(storedEffectiveAmplitude) }
        set { storedEffectiveAmplitude = newValue ?? .nan }
    }
    var deviation: Double? {
        get { Self.number(storedDeviation) }
        set { storedDeviation = newValue ?? .nan }
    }

    init(_ record: TrialRecord) {
        storedTargetX = record.targetX ?? .nan
        storedTargetY = record.targetY ?? .nan
        storedTargetWidth = record.targetWidth ?? .nan
        storedTargetHeight = record.targetHeight ?? .nan
        storedStartX = record.startX ?? .nan
        storedStartY = record.startY ?? .nan
        storedTouchX = record.touchX ?? .nan
        storedTouchY = record.touchY ?? .nan
        storedTimeMS = record.timeMS ?? .nan
        storedEffectiveAmplitude = record.effectiveAmplitude ?? .nan
        storedDeviation = record.deviation ?? .nan
        storedBlock = record.block ?? .min
        storedTrial = record.trial ?? .min
        storedErrors = record.errors ?? .min
        storedHit = record.hit.map { $0 ? 1 : 0 } ?? -1
        line = record.line
    }

    @inline(__always) private static func number(_ stored: Double) -> Double? { stored.isNaN ? nil : stored }
    @inline(__always) private static func integer(_ stored: Int) -> Int? { stored == .min ? nil : stored }

    /// The record again, with its participant and levels.
    func record(participant: String, levels: [String?]) -> TrialRecord {
        var record = TrialRecord(
            participant: participant, levels: levels, block: block, trial: trial, targetX: targetX,
            targetY: targetY, targetWidth: targetWidth, targetHeight: targetHeight, startX: startX,
            startY: startY, touchX: touchX, touchY: touchY, timeMS: timeMS, hit: hit, errors: errors, line: line)
        record.effectiveAmplitude = effectiveAmplitude
        record.deviation = deviation
        return record
    }
}

/// A trial on its way from the reading thread to the writer: its participant and its
/// levels are numbers the reader gave them in order of first appearance (``ReaderNames``),
/// so a batch of them is one block of plain memory.
struct IndexedTrial: Sendable {
    var participant: Int32
    var condition: Int32
    var values: TrialValues
}

/// The participants' labels and the level combinations the reading thread has numbered,
/// in the order it numbered them: index *i* of ``IndexedTrial/participant`` is
/// `participants[i]`.
struct ReaderNames: Sendable {
    var participants: [String] = []
    var levelSets: [[String?]] = []

    /// The full record of an indexed trial.
    func record(_ trial: IndexedTrial) -> TrialRecord {
        trial.values.record(
            participant: participants[Int(trial.participant)], levels: levelSets[Int(trial.condition)])
    }
}
