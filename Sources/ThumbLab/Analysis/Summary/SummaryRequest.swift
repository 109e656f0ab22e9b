/// What `thumblab summary` asks for: the cells to summarise and whether per participant.
///
/// ``Study/summary(_:selection:)`` reads first attempts by default (`Selection()`): a
/// repeated trial's time and hit are its first attempt's. Pass a selection with
/// ``AttemptPolicy/all`` or ``AttemptPolicy/last`` for another policy; the report's
/// ``SummaryReport/selection`` states the one used.
public struct SummaryRequest: Sendable, Equatable {
    /// The factors whose levels form the cells; every trial factor of the study when empty.
    public var by: [String]
    /// One row per participant and cell instead of one per cell.
    public var perParticipant: Bool
    /// A further measure summarised per cell beside time and errors: a trial column or a
    /// number a log kept per trial (`log:NAME`).
    public var measure: Measure?

    /// A summary request; by default one row per cell of every trial factor.
    public init(by: [String] = [], perParticipant: Bool = false, measure: Measure? = nil) {
        self.by = by
        self.perParticipant = perParticipant
        self.measure = measure
    }
}
