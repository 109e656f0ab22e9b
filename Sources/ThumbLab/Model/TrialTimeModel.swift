/// How the time of a trial derived from touch events was measured: the event the clock
/// starts at. The clock always stops at the trial's selection (its last `up`, or its last
/// `down` that was not cancelled).
///
/// A touch log records when the finger met and left the glass, not when the task began;
/// timed from contact alone, a tap lasts 35-50 ms, the time the finger rests on the screen.
/// The serial-task convention of ISO 9241-411 (and of GoFitts and FittsStudy) times each
/// selection from the one before it; a log that records when the stimulus appeared can be
/// timed from that. The study database keeps the model of each import in `batch.trial_time`.
public enum TrialTimeModel: String, CaseIterable, Sendable, Comparable {
    /// From the previous selection: the last `up` of the previous attempt or trial of the
    /// same participant in the same block (whatever its condition), or of the block's
    /// start tap. A block's first trial without a start tap before it has no time. ISO
    /// 9241-411's serial task (reciprocal tapping), as GoFitts computes it.
    case previous
    /// From the previous selection that was a hit (or the start tap), as a study whose
    /// next target appears only after a successful selection times it; otherwise as
    /// ``previous``.
    case previousHit = "previous-hit"
    /// From the stimulus onset the log gives on the trial's events (an `onset` column, on
    /// the same clock and in the same unit as the touch timestamps).
    case onset
    /// From the trial's first `down` (or a start tap's `down` with the trial's number): the
    /// time the finger touched the screen for this selection, not a task time.
    case contact

    /// The model in a few words, to follow "timed": `from the previous selection`.
    public var phrase: String {
        switch self {
        case .previous: "from the previous selection"
        case .previousHit: "from the previous successful selection"
        case .onset: "from the stimulus onset"
        case .contact: "from touch contact (first touch-down)"
        }
    }

    /// Orders the models as `allCases` lists them.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// Where a study holds trials derived from touch events that are still its trials (not
/// covered by a trial log): one timing model, condition and block of them.
public struct DerivedTrialCell: Sendable, Hashable {
    /// How those trials were timed.
    public var model: TrialTimeModel
    /// Their condition (`condition.id`).
    public var conditionID: Int64
    /// Their block; nil where the log had none.
    public var block: Int?
    /// How they were made beyond their clock.
    public var derivation: TouchDerivation

    /// Creates a cell.
    package init(
        model: TrialTimeModel, conditionID: Int64, block: Int?, derivation: TouchDerivation = TouchDerivation()
    ) {
        self.derivation = derivation
        self.model = model
        self.conditionID = conditionID
        self.block = block
    }
}
