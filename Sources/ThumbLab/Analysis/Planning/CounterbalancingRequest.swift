/// A within factor whose levels are put in order: its name and its levels, in the order
/// the sequences' indices refer to.
public struct CounterbalancedFactor: Sendable, Equatable {
    /// The factor's name, as the study's data name it.
    public var name: String
    /// Its levels, each once.
    public var levels: [String]

    /// The factor `name` with `levels`.
    public init(name: String, levels: [String]) {
        self.name = name
        self.levels = levels
    }
}

/// What `thumblab counterbalance` is asked: the orders of one within factor's levels for
/// a number of participants, and optionally of a second factor within each of its levels.
public struct CounterbalancingRequest: Sendable, Equatable {
    /// The factor whose levels participants meet in turn.
    public var factor: CounterbalancedFactor
    /// A second factor, ordered within each level of ``factor`` by the same scheme.
    public var second: CounterbalancedFactor?
    /// How many participants are dealt a sequence.
    public var participants: Int
    /// The scheme of the sequences.
    public var scheme: CounterbalancingScheme
    /// The seed of ``CounterbalancingScheme/random``; `nil` draws one below 2⁵³ (so that
    /// any JSON reader keeps it exact), which the plan states so that it can be remade.
    public var seed: UInt64?

    /// A request; the balanced scheme (Williams 1949) by default.
    public init(
        factor: CounterbalancedFactor, second: CounterbalancedFactor? = nil, participants: Int,
        scheme: CounterbalancingScheme = .balanced, seed: UInt64? = nil
    ) {
        self.factor = factor
        self.second = second
        self.participants = participants
        self.scheme = scheme
        self.seed = seed
    }

    /// Checks the factors and the number of participants.
    /// - Throws: ``ThumbLabError/parameter(_:)`` for fewer than 2 levels, a level named
    ///   twice, more than ``Counterbalancing/fullLimit`` levels under the full scheme, or
    ///   fewer than one participant.
    func validate() throws {
        for factor in [factor] + (second.map { [$0] } ?? []) {
            if factor.levels.count < 2 {
                throw ThumbLabError.parameter(
                    .tooFewLevelsToOrder(factor: factor.name, levels: factor.levels.count))
            }
            var seen: Set<String> = []
            for level in factor.levels where !seen.insert(level).inserted {
                throw ThumbLabError.parameter(.levelNamedTwice(factor: factor.name, level: level))
            }
            if scheme == .full, factor.levels.count > Counterbalancing.fullLimit {
                throw ThumbLabError.parameter(
                    .tooManyLevelsForFullOrders(
                        factor: factor.name, levels: factor.levels.count, limit: Counterbalancing.fullLimit))
            }
        }
        if let second, second.name == factor.name {
            throw ThumbLabError.parameter(.factorOrderedTwice(factor: factor.name))
        }
        if participants < 1 {
            throw ThumbLabError.parameter(.tooFewParticipantsToOrder(participants: participants))
        }
    }
}
