/// The plain values of a ``TrialRecord``: everything but the participant's label and the
/// factor levels, so that copying one retains and releases nothing. The writer keeps rows
/// in this form until they are bound to an insert.
struct TrialValues: Sendable {
    var block: Int?
    var trial: Int?
    var targetX: Double?
    var targetY: Double?
    var targetWidth: Double?
    var targetHeight: Double?
    var startX: Double?
    var startY: Double?
    var touchX: Double?
    var touchY: Double?
    var timeMS: Double?
    var hit: Bool?
    var errors: Int?
    var line: Int
    var effectiveAmplitude: Double?
    var deviation: Double?

    init(_ record: TrialRecord) {
        block = record.block
        trial = record.trial
        targetX = record.targetX
        targetY = record.targetY
        targetWidth = record.targetWidth
        targetHeight = record.targetHeight
        startX = record.startX
        startY = record.startY
        touchX = record.touchX
        touchY = record.touchY
        timeMS = record.timeMS
        hit = record.hit
        errors = record.errors
        line = record.line
        effectiveAmplitude = record.effectiveAmplitude
        deviation = record.deviation
    }

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
