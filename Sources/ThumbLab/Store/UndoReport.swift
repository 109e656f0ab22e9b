/// What undoing one import removed, as ``StudyDatabase/undoBatch(_:)`` counted it.
public struct UndoReport: Equatable, Sendable {
    /// The batch as it was before removal.
    public var batch: BatchSummary
    /// Rows removed from `trial`: the logged trials of a trial log, or the derived trials
    /// of a touch log that no logged trial covered.
    public var trials: Int
    /// Trials derived from a touch log's events, covered by logged trials or not (0 for
    /// other batches).
    public var derivedTrials: Int
    /// Touch events removed.
    public var touches: Int
    /// The batch's touches that were attached to a trial.
    public var attachedTouches: Int
    /// Questionnaire answers removed.
    public var responses: Int
    /// Rows that an import skipping invalid rows had left out and recorded.
    public var rejectedRows: Int
    /// Participant attributes (one value of one participant) a demographics file stored.
    public var attributes = 0
    /// Text-entry phrases removed with their trials.
    public var phrases = 0
    /// Key taps removed with their phrases.
    public var keyTaps = 0
    /// Touches of other imports that were attached to the batch's trials: they go back to
    /// the trials derived from them, or stay without a trial.
    public var detachedTouches: Int
    /// Derived trials that the batch's logged trials covered and that are back in `trial`.
    public var restoredTrials: Int

    /// Creates a report; every count is 0 unless given.
    package init(
        batch: BatchSummary, trials: Int = 0, derivedTrials: Int = 0, touches: Int = 0, attachedTouches: Int = 0,
        responses: Int = 0, rejectedRows: Int = 0, detachedTouches: Int = 0, restoredTrials: Int = 0
    ) {
        self.batch = batch
        self.trials = trials
        self.derivedTrials = derivedTrials
        self.touches = touches
        self.attachedTouches = attachedTouches
        self.responses = responses
        self.rejectedRows = rejectedRows
        self.detachedTouches = detachedTouches
        self.restoredTrials = restoredTrials
    }
}
