/// Each participant's order of one factor's levels, from a saved plan or from the data.
struct ObservedOrders {
    var orders: [ObservedOrder] = []
    var unordered: [UnorderedParticipant] = []

    /// The orders of the participants of `values` (whose scheme is the one factor): from
    /// `plan` for the participants it lists, else from `firstTrials`, each level's first
    /// (block, trial) per participant. A plan's orders keep the selection's levels only.
    init(
        participants: [String], levels: [String], plan: CounterbalancingPlan?,
        firstTrials: [String: [String: FirstTrial]]
    ) {
        let planned = Dictionary(
            (plan?.participants ?? []).map { ($0.participant, $0.order) }, uniquingKeysWith: { first, _ in first })
        let known = Set(levels)
        for participant in participants {
            if let order = planned[participant] {
                orders.append(
                    ObservedOrder(participant: participant, order: order.filter(known.contains), source: .plan))
                continue
            }
            let firsts = (firstTrials[participant] ?? [:]).sorted { a, b in
                a.value == b.value ? levels.firstIndex(of: a.key)! < levels.firstIndex(of: b.key)! : a.value < b.value
            }
            if let tie = zip(firsts, firsts.dropFirst()).first(where: { $0.0.value == $0.1.value }) {
                unordered.append(
                    UnorderedParticipant(
                        participant: participant,
                        reason: "\(tie.0.key) and \(tie.1.key) both first appear at \(tie.0.value)"))
            } else {
                orders.append(ObservedOrder(participant: participant, order: firsts.map(\.key), source: .data))
            }
        }
    }
}

/// Where a level first appears for a participant: the smallest block, then the smallest
/// trial number in it; a missing number counts as after every number.
struct FirstTrial: Comparable, Hashable, CustomStringConvertible {
    var block: Int?
    var trial: Int?

    static func < (a: FirstTrial, b: FirstTrial) -> Bool {
        (a.block ?? .max, a.trial ?? .max) < (b.block ?? .max, b.trial ?? .max)
    }

    static func == (a: FirstTrial, b: FirstTrial) -> Bool {
        (a.block ?? .max, a.trial ?? .max) == (b.block ?? .max, b.trial ?? .max)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(block ?? .max)
        hasher.combine(trial ?? .max)
    }

    /// `block 1, trial 1`, `no block or trial number`.
    var description: String {
        switch (block, trial) {
        case (let block?, let trial?): "block \(block), trial \(trial)"
        case (let block?, nil): "block \(block) (no trial number)"
        case (nil, let trial?): "trial \(trial) (no block number)"
        case (nil, nil): "no block or trial number"
        }
    }
}

extension Study {
    /// Per factor of `schemes` (each of one factor), per participant label and level, the
    /// first (block, trial) at which the level appears among the selected trials: one read
    /// of the trials' numbers for every scheme, in two halves on two threads from
    /// ``twoReadersFrom`` trials on.
    func firstTrials(_ resolved: ResolvedSelection, schemes: [CellScheme]) throws -> [[String: [String: FirstTrial]]] {
        let collector = try database.readSplit(
            resolved.trialQuery, minimumTrials: twoReadersFrom, start: FirstTrialCollector(schemes: schemes),
            read: { query, database, collector in
                try database.forEachTrial(query, fields: FirstTrialCollector.fields) { collector.add($0) }
            },
            merge: { $0.merge($1) })
        return collector.firstTrials(labels: resolved.layout.participants)
    }
}
