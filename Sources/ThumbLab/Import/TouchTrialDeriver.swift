/// Derives one trial from the touch events of each (participant, condition, block, trial)
/// in a touch log, as the events stream past.
///
/// - Selection point: the last `up` of the trial; where there is no `up`, the last `down`
///   that was not cancelled. A `cancel` ends the touch in progress without a selection.
/// - Time: from the first `down` of the trial to the selection (nil when there is no
///   `down`, when the clock runs backwards, or when the difference of two huge
///   timestamps is too large for a number). A start tap (a row whose role is `start`,
///   see ``ImportField/noTrialRoles``) with the trial's number starts the clock instead:
///   the time of the attempt that follows it runs from the start tap's `down`.
/// - Start point: the start x and y the rows give (the trial's start target centre), if any.
/// - Hit: the selection point lies inside the target rectangle centred on (target x,
///   target y) with the target width and height (height = width when only a width is
///   given); points on the edge count as inside. Unknown (nil) without target geometry.
/// - Events of a trial are expected to be contiguous per participant: a participant's
///   trial is closed when that participant's next event belongs to another key, so only
///   one open trial per participant is kept in memory. A key that comes back later is a
///   new attempt of the same trial, as with repeated trial numbers in trial logs.
/// - Attempts: each selection is one attempt, as a trial log has one row per selection
///   and repeats a missed trial under its number. A `down` that follows an `up` of the
///   same key starts the next attempt, so a retried trial whose taps share one trial
///   number gives one trial row per down ... up sequence, never one merged row. Moves
///   and cancelled touches between them belong to the attempt in progress. An attempt
///   keeps the target geometry of the attempt before it where its own rows give none.
/// - Logs without a trial column: each touch sequence from a `down` up to the next
///   `down` after an `up` is one trial, numbered 1, 2, ... per participant, condition
///   and block in file order.
struct TouchTrialDeriver {
    /// Trial geometry that a touch row may carry.
    struct Target {
        var x: Double?
        var y: Double?
        var width: Double?
        var height: Double?
        /// Where the movement starts: in a serial task, the centre of the target selected before.
        var startX: Double? = nil
        var startY: Double? = nil
    }

    private struct Key: Hashable {
        var participant: String
        var levels: [String?]
        var block: Int?
        var trial: Int?
    }

    private struct Point {
        var time: Double
        var x: Double
        var y: Double
    }

    private struct OpenTrial {
        var key: Key
        var line: Int
        /// How many trials opened before this one: the order of trials on one line.
        var opened = 0
        var firstDown: Double?
        var pendingDown: Point?
        var lastDown: Point?
        var lastUp: Point?
        var target = Target()
    }

    /// Whether the log numbers its trials.
    let hasTrialColumn: Bool
    private var open: [String: OpenTrial] = [:]
    private var openedCount = 0
    private var sequenceNumbers: [Key: Int] = [:]
    /// Per participant, the key and time of the latest start tap's `down`, until the
    /// attempt it starts opens.
    private var startTaps: [String: (key: Key, time: Double)] = [:]
    /// Trials whose events held no selection (no up, and no down that was not cancelled),
    /// so no trial was made.
    private(set) var withoutSelection = 0

    init(hasTrialColumn: Bool) { self.hasTrialColumn = hasTrialColumn }

    /// Adds one event; returns the participant's previous trial when this event closes it.
    mutating func add(_ touch: TouchRecord, phase: EventPhase, target: Target) -> TrialRecord? {
        var key = Key(participant: touch.participant, levels: touch.levels, block: touch.block, trial: touch.trial)
        var closed: TrialRecord?
        var carriedTarget = Target()
        if var current = open[touch.participant] {
            var currentKey = current.key
            if !hasTrialColumn { currentKey.trial = nil }
            let sameTrial = currentKey == key && !(phase == .down && current.lastUp != nil)
            if sameTrial {
                Self.apply(touch, phase: phase, target: target, to: &current)
                open[touch.participant] = current
                return nil
            }
            // The next attempt of the same trial keeps the target its first rows gave.
            if hasTrialColumn, currentKey == key { carriedTarget = current.target }
            closed = finish(current)
        }
        if !hasTrialColumn {
            let number = (sequenceNumbers[key] ?? 0) + 1
            sequenceNumbers[key] = number
            key.trial = number
        }
        var trial = OpenTrial(key: key, line: touch.line, opened: openedCount, target: carriedTarget)
        openedCount += 1
        if let start = startTaps.removeValue(forKey: touch.participant), start.key == key {
            trial.firstDown = start.time
        }
        Self.apply(touch, phase: phase, target: target, to: &trial)
        open[touch.participant] = trial
        return closed
    }

    /// Notes the `down` of a start tap, a touch outside every trial that names the trial
    /// it starts: that trial's next attempt times from it.
    mutating func noteStartTap(_ touch: TouchRecord) {
        guard hasTrialColumn, let number = touch.trial, number >= 0 else { return }
        startTaps[touch.participant] = (
            Key(participant: touch.participant, levels: touch.levels, block: touch.block, trial: number), touch.timeMS
        )
    }

    /// Closes every open trial at the end of the file, in the order they started.
    mutating func finishAll() -> [TrialRecord] {
        let remaining = open.values.sorted { ($0.line, $0.opened) < ($1.line, $1.opened) }
        open.removeAll()
        return remaining.compactMap { finish($0) }
    }

    private static func apply(_ touch: TouchRecord, phase: EventPhase, target: Target, to trial: inout OpenTrial) {
        let point = Point(time: touch.timeMS, x: touch.x, y: touch.y)
        switch phase {
        case .down:
            if trial.firstDown == nil { trial.firstDown = touch.timeMS }
            trial.pendingDown = point
            trial.lastDown = point
        case .move:
            break
        case .up:
            trial.lastUp = point
            trial.pendingDown = nil
        case .cancel:
            if trial.pendingDown != nil { trial.lastDown = nil }
            trial.pendingDown = nil
        }
        trial.target.x = trial.target.x ?? target.x
        trial.target.y = trial.target.y ?? target.y
        trial.target.width = trial.target.width ?? target.width
        trial.target.height = trial.target.height ?? target.height
        trial.target.startX = trial.target.startX ?? target.startX
        trial.target.startY = trial.target.startY ?? target.startY
    }

    private mutating func finish(_ trial: OpenTrial) -> TrialRecord? {
        guard let selection = trial.lastUp ?? trial.lastDown else {
            withoutSelection += 1
            return nil
        }
        var record = TrialRecord(
            participant: trial.key.participant, levels: trial.key.levels, block: trial.key.block,
            trial: trial.key.trial, line: trial.line)
        record.touchX = selection.x
        record.touchY = selection.y
        record.targetX = trial.target.x
        record.targetY = trial.target.y
        record.targetWidth = trial.target.width
        record.targetHeight = trial.target.height ?? trial.target.width
        record.startX = trial.target.startX
        record.startY = trial.target.startY
        if let start = trial.firstDown, selection.time >= start, (selection.time - start).isFinite {
            record.timeMS = selection.time - start
        }
        if let x = trial.target.x, let y = trial.target.y, let width = trial.target.width {
            let height = trial.target.height ?? width
            record.hit = abs(selection.x - x) <= width / 2 && abs(selection.y - y) <= height / 2
        }
        return record
    }
}
