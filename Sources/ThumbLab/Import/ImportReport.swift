/// What importing one file did.
public struct ImportReport: Equatable, Sendable {
    /// The file path as given.
    public var file: String
    /// Whether the file held trials, touch events or questionnaire answers.
    public var kind: RowKind
    /// `csv`, `json` (an array), `jsonl` or `sd3`.
    public var format: String
    /// Valid rows of the file's kind, as written to the database (or, on a dry run, as
    /// they would be). Cancel events of a touch log are not among them: see
    /// ``cancelledTouches``.
    public var rows: Int
    /// Invalid rows: recorded as rejected with `skipInvalid`, otherwise the import stopped.
    public var rejected: Int
    /// The factor names: every column that matched no field and was not ignored (none for
    /// a demographics file, whose columns are ``attributes``).
    public var factors: [String]
    /// The attributes a demographics file gives its participants (age, gender, hand...):
    /// every column but the participant's; empty for other kinds.
    public var attributes: [String] = []
    /// The columns of a trials file kept as numbers per trial (`trial_value`), not as
    /// factors; empty for other kinds.
    public var numbers: [String] = []
    /// Set when the same content was imported into the study before; nothing was done.
    public var alreadyImported: BatchSummary?
    /// The committed batch; nil on a dry run or when the content was imported before.
    public var batch: BatchSummary?
    /// How the committed batch's transaction reached the disk; nil when nothing was written.
    public var journal: ImportJournal?
    /// Trials derived from a touch log, one per attempt (participant, condition, block,
    /// trial number and attempt). On a committed import, those stored as trials: a trial
    /// log of the study covers the others (``links``).
    public var derivedTrials: Int
    /// Touch events with a cancel phase: they shape the derived trials but are not stored,
    /// since the database keeps down, move and up events.
    public var cancelledTouches: Int
    /// Trials of a touch log whose events held no selection (no up, and no down that was
    /// not cancelled), so no trial could be derived; their touches are stored.
    public var touchTrialsWithoutSelection: Int
    /// SHA-256 of the file content, lowercase hex; for an import with ``constants``, the
    /// SHA-256 of that hash followed by the constants, so the same content imported with
    /// other values is another import.
    public var sha256: String
    /// The columns that fed fields, in file order (empty when nothing was read).
    public var columns: [ColumnMatch] = []
    /// How the committed batch's touches and trials joined the study's other logs; nil on
    /// a dry run or a no-op.
    public var links: TrialLinks?
    /// Touches whose row puts them outside every trial (a negative trial number, or a role
    /// such as `start`); they are stored without a trial.
    public var touchesOutsideTrials = 0
    /// The length fields converted to px, in file order (``ImportOptions/units``).
    public var conversions: [ColumnConversion] = []
    /// What the import found doubtful without stopping: target widths that look like they
    /// are not in px, for one.
    public var warnings: [ImportWarning] = []
    /// The values every row got that the file holds in no column: given with the import,
    /// or read from the file's name (``ImportOptions/constants``, ``ImportOptions/namePattern``).
    public var constants: [ImportConstant] = []
    /// How the derived trials were timed; nil when the import derived none.
    public var trialTime: TrialTimeModel?
    /// Derived trials the timing model found no start for, stored without a time: with
    /// ``TrialTimeModel/previous``, a block's first trials that no start tap preceded;
    /// with ``TrialTimeModel/onset``, trials without an onset value; with
    /// ``TrialTimeModel/contact``, trials without a `down`.
    public var trialsWithoutTime = 0
    /// How the derived trials were made beyond their clock; nil when the import derived none.
    public var derivation: TouchDerivation?
    /// Derived trials selected before their target appeared: their time less the feedback
    /// interval (``TouchDerivation/feedbackMS``) came out negative, so they have no time.
    public var selectedBeforeTarget = 0
    /// What the import decided about the file beyond its header (row numbers left out,
    /// comment lines skipped, outcome words read...), in the order it decided them.
    public var decisions: [ImportDecision] = []

    /// Creates a report; the counts start at 0.
    package init(
        file: String, kind: RowKind, format: String, rows: Int = 0, rejected: Int = 0, factors: [String] = [],
        alreadyImported: BatchSummary? = nil, batch: BatchSummary? = nil, derivedTrials: Int = 0,
        cancelledTouches: Int = 0, touchTrialsWithoutSelection: Int = 0, sha256: String = ""
    ) {
        self.file = file
        self.kind = kind
        self.format = format
        self.rows = rows
        self.rejected = rejected
        self.factors = factors
        self.alreadyImported = alreadyImported
        self.batch = batch
        self.derivedTrials = derivedTrials
        self.cancelledTouches = cancelledTouches
        self.touchTrialsWithoutSelection = touchTrialsWithoutSelection
        self.sha256 = sha256
    }

    /// True when nothing was written because the content was imported before.
    public var isNoOp: Bool { alreadyImported != nil }
}

/// One column of a file and the field it was matched to, by name, alias or ``ImportOptions/map``.
public struct ColumnMatch: Equatable, Sendable {
    /// The column's header as written in the file.
    public var column: String
    /// The field (``ImportField`` raw value) it feeds.
    public var field: String

    /// Creates a match of `column` to `field`.
    package init(column: String, field: String) {
        self.column = column
        self.field = field
    }
}
