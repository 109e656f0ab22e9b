/// Derives one trial from the touch events of each (participant, condition, block, trial)
/// in a touch log, as the events stream past.
///
/// - Selection point: the last `up` of the trial; where there is no `up`, the last `down`
///   that was not cancelled. A `cancel` ends the touch in progress without a selection.
/// - Time: from the first `down` of the trial to the selection (nil when there is no
///   `down`, when the clock runs backwards, or when the difference of two huge
///   timestamps is too large for a number).
/// - Hit: the selection point lies inside the target rectangle centred on (target x,
///   target y) with the target width and height (height = width when only a width is
///   given); points on the edge count as inside. Unknown (nil) without target geometry.
/// - Events of a trial are expected to be contiguous per participant: a participant's
///   trial is closed when that participant's next event belongs to another key, so only
///   one open trial per participant is kept in memory. A key that comes back later is a
///   new attempt of the same trial, as with repeated trial numbers in trial logs.
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
    }

    private struct Key: Hashable {
        var participant: String
        var levels: [String]
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
        var firstDown: Double?
        var pendingDown: Point?
        var lastDown: Point?
        var lastUp: Point?
        var target = Target()
    }

    /// Whether the log numbers its trials.
    let hasTrialColumn: Bool
    private var open: [String: OpenTrial] = [:]
    private var sequenceNumbers: [Key: Int] = [:]
    /// Trials whose events held no selection (no up, and no down that was not cancelled),
    /// so no trial was made.
    private(set) var withoutSelection = 0

    init(hasTrialColumn: Bool) { self.hasTrialColumn = hasTrialColumn }

    /// Adds one event; returns the participant's previous trial when this event closes it.
    mutating func add(_ touch: TouchRecord, phase: EventPhase, target: Target) -> TrialRecord? {
        var key = Key(participant: touch.participant, levels: touch.levels, block: touch.block, trial: touch.trial)
        var closed: TrialRecord?
        if var current = open[touch.participant] {
            let sameTrial: Bool
            if hasTrialColumn {
                sameTrial = current.key == key
            } else {
                var unnumbered = current.key
                unnumbered.trial = nil
                sameTrial = unnumbered == key && !(phase == .down && current.lastUp != nil)
            }
            if sameTrial {
                Self.apply(touch, phase: phase, target: target, to: &current)
                open[touch.participant] = current
                return nil
            }
            closed = finish(current)
        }
        if !hasTrialColumn {
            let number = (sequenceNumbers[key] ?? 0) + 1
            sequenceNumbers[key] = number
            key.trial = number
        }
        var trial = OpenTrial(key: key, line: touch.line)
        Self.apply(touch, phase: phase, target: target, to: &trial)
        open[touch.participant] = trial
        return closed
    }

    /// Closes every open trial at the end of the file, in the order they started.
    mutating func finishAll() -> [TrialRecord] {
        let remaining = open.values.sorted { $0.line < $1.line }
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
