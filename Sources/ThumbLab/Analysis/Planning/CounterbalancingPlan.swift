/// The orders a participant is to meet: the sequence dealt, the first factor's levels in
/// turn, and the second factor's order within each of them.
public struct ParticipantOrder: Sendable, Equatable {
    /// The participant's label (`P1`, or `P01` when there are 10 to 99 participants).
    public var participant: String
    /// The sequence dealt, numbered from 1 in ``CounterbalancingPlan/sequences``.
    public var sequence: Int
    /// The first factor's levels, in the order met.
    public var order: [String]
    /// For each entry of ``order``, the second factor's levels in the order met there;
    /// empty without a second factor.
    public var secondOrders: [[String]]
}

/// A counterbalancing plan: the scheme's sequences and the order of each participant.
///
/// ```swift
/// import ThumbLab
///
/// let request = CounterbalancingRequest(
///     factor: CounterbalancedFactor(name: "technique", levels: ["Direct", "Shift", "ThumbSpace"]),
///     participants: 12)
/// let plan = try CounterbalancingPlan(request)
/// print(plan.sequences.count, plan.isMultiple)  // 6 true
/// ```
public struct CounterbalancingPlan: Sendable, Equatable {
    /// The scheme of the sequences.
    public var scheme: CounterbalancingScheme
    /// The seed of a random plan; `nil` for the other schemes.
    public var seed: UInt64?
    /// The factor ordered across participants.
    public var factor: CounterbalancedFactor
    /// The scheme's sequences of the factor's levels; for a random plan, one per participant.
    public var sequences: [[String]]
    /// The factor ordered within each level of ``factor``, if any.
    public var second: CounterbalancedFactor?
    /// The second factor's sequences by the same scheme; empty without one, or for a random
    /// plan (each participant and position draws its own).
    public var secondSequences: [[String]]
    /// Each participant's orders, in turn.
    public var participants: [ParticipantOrder]

    /// The plan of a request: sequences dealt to participants in turn (participant i gets
    /// sequence i modulo their number), and with a second factor, at the j-th position of
    /// participant i that factor's sequence (i + j) modulo their number: its rows rotated by
    /// participant.
    /// - Throws: ``ThumbLabError/parameter(_:)`` as ``CounterbalancingRequest`` checks.
    public init(_ request: CounterbalancingRequest) throws {
        try request.validate()
        let seed = request.scheme == .random ? request.seed ?? UInt64.random(in: 0..<(1 << 53)) : nil
        var generator = SeededGenerator(seed: seed ?? 0)
        let first = request.factor
        let indices = Counterbalancing.sequences(
            request.scheme, levels: first.levels.count, count: request.participants, generator: &generator)
        let sequences = indices.map { $0.map { first.levels[$0] } }
        var secondSequences: [[String]] = []
        if let second = request.second, request.scheme != .random {
            secondSequences = Counterbalancing.sequences(
                request.scheme, levels: second.levels.count, count: 0, generator: &generator
            ).map { $0.map { second.levels[$0] } }
        }
        let width = String(request.participants).count
        participants = (0..<request.participants).map { index in
            let number = String(index + 1)
            let label = "P" + String(repeating: "0", count: max(0, width - number.count)) + number
            let order = sequences[index % sequences.count]
            let secondOrders: [[String]] = order.indices.map { position in
                guard let second = request.second else { return [] }
                if request.scheme == .random { return generator.shuffled(second.levels) }
                return secondSequences[(index + position) % secondSequences.count]
            }
            return ParticipantOrder(
                participant: label, sequence: index % sequences.count + 1, order: order,
                secondOrders: request.second == nil ? [] : secondOrders)
        }
        scheme = request.scheme
        self.seed = seed
        factor = first
        second = request.second
        self.sequences = sequences
        self.secondSequences = secondSequences
    }

    /// A plan as stored.
    init(
        scheme: CounterbalancingScheme, seed: UInt64?, factor: CounterbalancedFactor, sequences: [[String]],
        second: CounterbalancedFactor?, secondSequences: [[String]], participants: [ParticipantOrder]
    ) {
        self.scheme = scheme
        self.seed = seed
        self.factor = factor
        self.sequences = sequences
        self.second = second
        self.secondSequences = secondSequences
        self.participants = participants
    }

    /// Whether every sequence is dealt equally often: the participants are a multiple of
    /// the sequences.
    public var isMultiple: Bool { participants.count % sequences.count == 0 }

    /// The sequences (numbered from 1) dealt once more than the others when the
    /// participants are not a multiple of the sequences; empty when they are.
    public var sequencesUsedOnceMore: [Int] {
        isMultiple ? [] : Array(1...(participants.count % sequences.count))
    }

    /// The plan in words, for a Methods section.
    public var methods: String {
        var text =
            "The order of \(factor.name) (\(factor.levels.count) levels) was counterbalanced with \(scheme.phrase)"
        switch scheme {
        case .balanced where factor.levels.count % 2 == 1:
            text +=
                ", the square and its mirror: \(sequences.count) sequences in which every ordered pair of levels "
                + "is adjacent exactly twice (Williams 1949)"
        case .balanced:
            text +=
                ": \(sequences.count) sequences in which every level immediately precedes every other exactly "
                + "once (Williams 1949)"
        case .latin, .full:
            text += ": \(sequences.count) sequences"
        case .random:
            text += ", drawn with SplitMix64 from seed \(seed ?? 0)"
        }
        text += ", dealt to \(participants.count) participants in turn"
        if scheme != .random {
            text +=
                isMultiple
                ? " (\(participants.count / sequences.count) per sequence)."
                : "; \(participants.count) is not a multiple of \(sequences.count), so sequence"
                    + (sequencesUsedOnceMore.count == 1 ? " " : "s ")
                    + sequencesUsedOnceMore.map(String.init).joined(separator: ", ") + " "
                    + (sequencesUsedOnceMore.count == 1 ? "is" : "are") + " used once more than the others."
        } else {
            text += "."
        }
        if let second {
            text +=
                " Within each level, the order of \(second.name) (\(second.levels.count) levels) follows "
                + (scheme == .random
                    ? "its own random order per participant and level."
                    : "its own \(secondSequences.count) sequences by the same scheme, rotated by participant.")
        }
        return text
    }
}
