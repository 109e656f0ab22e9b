/// What `thumblab order-effects` is asked: whether the order in which participants met a
/// within factor's levels affected a measure.
public struct OrderEffectsRequest: Sendable, Equatable {
    /// The within factor whose levels were met in turn, such as `technique`.
    public var factor: String
    /// ``Measure/time`` (on ln time, geometric means) or ``Measure/error`` (the proportion
    /// of missed trials).
    public var measure: Measure
    /// The significance level of the sentences (.05).
    public var alpha: Double
    /// Whether each participant's order comes from the study's saved counterbalancing plan
    /// when it has one for the factor (the default); otherwise from the data alone.
    public var usePlan: Bool

    /// A request; time, α = .05 and the saved plan by default.
    public init(factor: String, measure: Measure = .time, alpha: Double = 0.05, usePlan: Bool = true) {
        self.factor = factor
        self.measure = measure
        self.alpha = alpha
        self.usePlan = usePlan
    }
}

/// Where a participant's order of the levels was read.
public enum OrderSource: String, Sendable, Equatable {
    /// The saved counterbalancing plan (``Study/saveCounterbalancing(_:study:)``).
    case plan
    /// The data: the first block, then the first trial, at which each level appears.
    case data
}

/// One participant's order of the factor's levels.
public struct ObservedOrder: Sendable, Equatable {
    /// The participant's label.
    public var participant: String
    /// The levels in the order met (the selection's levels only).
    public var order: [String]
    /// Where the order was read.
    public var source: OrderSource
}

/// A participant whose order is unknown, so the order analyses leave them out.
public struct UnorderedParticipant: Sendable, Equatable {
    /// The participant's label.
    public var participant: String
    /// Why, such as `Direct and Shift both first appear at block 1, trial 1`.
    public var reason: String
}

/// One order of the levels and how many participants met it.
public struct SequenceCount: Sendable, Equatable {
    /// The order joined by `>`: `Direct>Shift>ThumbSpace`, the sequence's level in the tests.
    public var sequence: String
    /// The levels in order.
    public var order: [String]
    /// Participants with this order.
    public var participants: Int
}
