/// Derives one trial from the touch events of each (participant, condition, block, trial)
/// in a touch log, as the events stream past.
///
/// - Selection point: the last `up` of the trial; where there is no `up`, the last `down`
///   that was not cancelled. A `cancel` ends the touch in progress without a selection.
/// - Time: from the start that the ``TrialTimeModel`` names to the selection.
///   ``TrialTimeModel/previous`` starts at the previous selection: the selection of the
///   participant's previous attempt or trial in the same block (in the file, without
///   blocks), whatever its condition, or the last `up` of a start tap (a row whose role is
///   `start`, see ``ImportField/noTrialRoles``, or whose trial number is negative) in that
///   block, whichever came later; a block's first trial without a start tap has no time.
///   ``TrialTimeModel/onset`` starts at the first onset value of the attempt's events; an
///   onset later than the selection is a problem of the file (``problems``).
///   ``TrialTimeModel/contact`` starts at the first `down` of the attempt, or at the `down`
///   of a start tap that carries the trial's number. Trials whose model has no start
///   are counted (``withoutTime``); the time is also nil when the clock runs backwards
///   (previous and contact) or when the difference of two huge timestamps is too large
///   for a number.
///   ``TrialTimeModel/previousHit`` starts at the latest selection that was a hit, or the
///   latest start tap. With ``TouchDerivation/Sequence/participant`` the previous selection
///   may lie in an earlier block of the participant's; a feedback interval
///   (``TouchDerivation/feedbackMS``) is taken off times from a previous selection, and a
///   time that becomes negative (the selection came before the target appeared) is
///   counted (``selectedBeforeTarget``) and left out.
/// - Start point: the start x and y the rows give (the trial's start target centre), if
///   any; otherwise the previous selection's point, when there is one.
/// - Hit: the selection point lies inside the target rectangle centred on (target x,
///   target y) with the target width and height (height = width when only a width is
///   given), or the circle ``TouchDerivation/hitArea`` names, scaled by
///   ``TouchDerivation/hitScale``; points on the edge count as inside. Unknown (nil)
///   without target geometry.
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
        /// When the stimulus of the trial appeared, on the timestamps' clock.
        var onset: Double? = nil
    }

    /// An onset later than the selection it times: where the onset value is, and what is wrong.
    struct OnsetProblem {
        var line: Int
        var column: Int
        var message: String
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
        /// The event's position among all events the deriver saw.
        var order = 0
    }

    /// A participant's latest selection, with the block it was made in.
    private struct Selection {
        var block: Int?
        var point: Point
        /// Whether it was a hit (a start tap counts as one; so does a selection whose hit is
        /// unknown).
        var hit = true
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
        /// The participant's selection before this attempt, in the same block (or sequence).
        var previous: Point?
        /// The participant's latest hit before this attempt, in the same block (or sequence).
        var previousHit: Point?
        /// Where the attempt's onset value was read.
        var onsetPlace: (line: Int, column: Int)?
        /// The onset of the attempt before, for an attempt whose rows give none.
        var carriedOnset: (time: Double, place: (line: Int, column: Int))?
    }

    /// Whether the log numbers its trials.
    let hasTrialColumn: Bool
    /// Where the time of a trial starts.
    let model: TrialTimeModel
    /// Whether each trial's first `down` is the previous selection, as in a GoFitts trace
    /// (sd3), whose samples run from the trial's start to its selection on a clock of
    /// their own: the previous-selection model then starts there.
    let firstDownIsPreviousSelection: Bool
    /// Feedback interval, sequence and hit region.
    let derivation: TouchDerivation
    private var open: [String: OpenTrial] = [:]
    private var openedCount = 0
    private var sequenceNumbers: [Key: Int] = [:]
    /// Per participant, the key and time of the latest start tap's `down`, until the
    /// attempt it starts opens.
    private var startTaps: [String: (key: Key, time: Double)] = [:]
    /// Trials whose events held no selection (no up, and no down that was not cancelled),
    /// so no trial was made.
    private(set) var withoutSelection = 0
    /// Per participant, the latest selection of a trial or start tap.
    private var selections: [String: Selection] = [:]
    /// Per participant, the latest selection that was a hit, or start tap.
    private var hitSelections: [String: Selection] = [:]
    private var events = 0
    /// Derived trials whose model found no start: no previous selection in the block, no
    /// onset value, or no `down`.
    private(set) var withoutTime = 0
    /// Derived trials whose time, less the feedback interval, came out negative: selected
    /// before the target appeared; they have no time.
    private(set) var selectedBeforeTarget = 0
    /// Onsets later than their selection, in the order found; the caller takes them away.
    var problems: [OnsetProblem] = []

    init(
        hasTrialColumn: Bool, model: TrialTimeModel = .contact, firstDownIsPreviousSelection: Bool = false,
        derivation: TouchDerivation = TouchDerivation()
    ) {
        self.hasTrialColumn = hasTrialColumn
        self.model = model
        self.firstDownIsPreviousSelection = firstDownIsPreviousSelection
        self.derivation = derivation
    }

    /// Adds one event; returns the participant's previous trial when this event closes it.
    /// `onsetPlace` gives the line and column of the row's onset value, asked for only when
    /// it becomes the attempt's onset.
    mutating func add(
        _ touch: TouchRecord, phase: EventPhase, target: Target,
        onsetPlace: () -> (line: Int, column: Int) = { (0, 0) }
    ) -> TrialRecord? {
        events += 1
        var key = Key(participant: touch.participant, levels: touch.levels, block: touch.block, trial: touch.trial)
        var closed: TrialRecord?
        var carriedTarget = Target()
        var carriedOnset: (time: Double, place: (line: Int, column: Int))?
        if var current = open[touch.participant] {
            var currentKey = current.key
            if !hasTrialColumn { currentKey.trial = nil }
            let sameTrial = currentKey == key && !(phase == .down && current.lastUp != nil)
            if sameTrial {
                Self.apply(touch, phase: phase, target: target, order: events, to: &current, onsetPlace: onsetPlace)
                open[touch.participant] = current
                return nil
            }
            // The next attempt of the same trial keeps the target its first rows gave, and
            // the onset unless its own rows give one.
            if hasTrialColumn, currentKey == key {
                carriedTarget = current.target
                carriedTarget.onset = nil
                carriedOnset = current.target.onset.map { ($0, current.onsetPlace ?? (0, 0)) } ?? current.carriedOnset
            }
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
        trial.carriedOnset = carriedOnset
        if let selection = selections[touch.participant], reaches(selection, key) { trial.previous = selection.point }
        if let selection = hitSelections[touch.participant], reaches(selection, key) {
            trial.previousHit = selection.point
        }
        Self.apply(touch, phase: phase, target: target, order: events, to: &trial, onsetPlace: onsetPlace)
        open[touch.participant] = trial
        return closed
    }

    /// Notes an event of a start tap, a touch outside every trial: its `up` (or a `down`
    /// not followed by one) is the block's latest selection, from which the next trial is
    /// timed in the previous-selection model; the `down` of one that names the trial it
    /// starts times that trial's next attempt in the contact model.
    mutating func noteStartTap(_ touch: TouchRecord, phase: EventPhase) {
        events += 1
        guard phase == .down || phase == .up else { return }
        let point = Point(time: touch.timeMS, x: touch.x, y: touch.y, order: events)
        note(Selection(block: touch.block, point: point), of: touch.participant)
        guard phase == .down, hasTrialColumn, let number = touch.trial, number >= 0 else { return }
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

    /// Whether a trial of `key` may be timed from `selection`: one of its block, or of any
    /// block of the participant's when the sequence runs across blocks.
    private func reaches(_ selection: Selection, _ key: Key) -> Bool {
        derivation.sequence == .participant || selection.block == key.block
    }

    /// Keeps `selection` as the participant's latest (and, for a hit, latest hit) unless a
    /// later event made one already (a trial closes only when the participant's next trial
    /// begins, after a start tap).
    private mutating func note(_ selection: Selection, of participant: String) {
        if selection.hit, (hitSelections[participant]?.point.order ?? -1) < selection.point.order {
            hitSelections[participant] = selection
        }
        if let known = selections[participant], known.point.order > selection.point.order { return }
        selections[participant] = selection
    }

    private static func apply(
        _ touch: TouchRecord, phase: EventPhase, target: Target, order: Int, to trial: inout OpenTrial,
        onsetPlace: () -> (line: Int, column: Int)
    ) {
        let point = Point(time: touch.timeMS, x: touch.x, y: touch.y, order: order)
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
        if trial.target.onset == nil, let onset = target.onset {
            trial.target.onset = onset
            trial.onsetPlace = onsetPlace()
        }
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
        if trial.target.startX != nil || trial.target.startY != nil {
            record.startX = trial.target.startX
            record.startY = trial.target.startY
        } else if let previous = trial.previous {
            record.startX = previous.x
            record.startY = previous.y
        }
        if let x = trial.target.x, let y = trial.target.y, let width = trial.target.width {
            record.hit = derivation.isHit(
                x: selection.x, y: selection.y, centerX: x, centerY: y, width: width,
                height: trial.target.height ?? width)
        }
        note(
            Selection(block: trial.key.block, point: selection, hit: record.hit != false), of: trial.key.participant)
        record.timeMS = time(of: trial, selection: selection)
        return record
    }

    /// The time from the model's start to `selection`; nil without a start (counted), when
    /// the clock runs backwards, or when the difference is too large for a number.
    private mutating func time(of trial: OpenTrial, selection: Point) -> Double? {
        let start: Double? =
            switch model {
            case .previous: firstDownIsPreviousSelection ? trial.firstDown : trial.previous?.time
            case .previousHit: trial.previousHit?.time
            case .onset: trial.target.onset ?? trial.carriedOnset?.time
            case .contact: trial.firstDown
            }
        guard let start else {
            withoutTime += 1
            return nil
        }
        if model == .onset, start > selection.time, let place = trial.onsetPlace ?? trial.carriedOnset?.place {
            problems.append(
                OnsetProblem(
                    line: place.line, column: place.column,
                    message:
                        "expected a stimulus onset at or before the selection of the trial that begins on line \(trial.line) (at \(NumberText.shortest(selection.time))), found \(NumberText.shortest(start)), later; the onset and the touch timestamps must share one clock and unit"
                ))
            return nil
        }
        guard selection.time >= start, (selection.time - start).isFinite else { return nil }
        guard model == .previous || model == .previousHit, derivation.feedbackMS != 0 else {
            return selection.time - start
        }
        let time = selection.time - start - derivation.feedbackMS
        if time < 0 {
            selectedBeforeTarget += 1
            return nil
        }
        return time
    }
}
