/// What `thumblab scores` asks for: the instrument to score and the cells to score it in.
///
/// ``Study/scores(_:selection:)`` takes `Selection()` by default (first attempts). Answers
/// are given per participant and condition, not per attempt, so only the selection's study
/// and filters choose the sheets; the report's ``ScoresReport/selection`` states the
/// policy all the same.
public struct ScoresRequest: Sendable, Equatable {
    /// The instrument to score (`SUS`, `NASA-TLX`, ... as ``Instrument`` recognises it);
    /// every instrument present when `nil`.
    public var instrument: String?
    /// The factors whose levels form the cells; every factor the answers record when empty.
    public var by: [String]

    /// A scores request; by default every instrument, by every factor the answers record.
    public init(instrument: String? = nil, by: [String] = []) {
        self.instrument = instrument
        self.by = by
    }
}
