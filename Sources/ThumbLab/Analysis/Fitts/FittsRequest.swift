/// What `thumblab fitts` asks for of a study: the cells whose throughput and fits it gives.
///
/// ``Study/fitts(_:selection:)`` reads every attempt by default (``Selection/everyAttempt``),
/// as a miss widens the effective width; the report's ``FittsReport/selection`` states the
/// policy used.
public struct FittsRequest: Sendable, Equatable {
    /// The factors whose levels form the cells; one cell of every sequence when empty.
    public var by: [String]

    /// A Fitts' law request; by default one cell.
    public init(by: [String] = []) {
        self.by = by
    }
}
