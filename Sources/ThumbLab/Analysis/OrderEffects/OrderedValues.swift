/// One factor's values per participant and level, rearranged by each participant's
/// order: per position (position 1 to k as a within factor), and per sequence and level
/// (sequence as a between factor).
struct OrderedValues {
    var values: ParticipantCellValues
    var orders: [String: [String]]
    var factor: String
    /// The orders met, most frequent first, then in the order of their levels.
    var sequenceCounts: [SequenceCount]

    init(values: ParticipantCellValues, orders: [ObservedOrder], factor: String) {
        self.values = values
        self.factor = factor
        self.orders = Dictionary(orders.map { ($0.participant, $0.order) }, uniquingKeysWith: { first, _ in first })
        let levels = values.scheme.cells.map { $0[0] }
        var counts: [[String]: Int] = [:]
        for order in orders { counts[order.order, default: 0] += 1 }
        func rank(_ order: [String]) -> [Int] { order.map { levels.firstIndex(of: $0) ?? levels.count } }
        sequenceCounts = counts.map {
            SequenceCount(sequence: $0.key.joined(separator: ">"), order: $0.key, participants: $0.value)
        }
        .sorted { a, b in
            a.participants != b.participants
                ? a.participants > b.participants : rank(a.order).lexicographicallyPrecedes(rank(b.order))
        }
    }

    /// The position (from 1) at which `participant` met `level`, as text.
    func position(of level: String, for participant: String) -> String? {
        orders[participant]?.firstIndex(of: level).map { String($0 + 1) }
    }

    /// The participant's sequence, as ``SequenceCount/sequence`` names it.
    func sequence(of participant: String) -> String? {
        orders[participant].map { $0.joined(separator: ">") }
    }

    /// `counts[level][position]`.
    func positionCounts(levels: [String]) -> [[Int]] {
        var counts = Array(repeating: Array(repeating: 0, count: levels.count), count: levels.count)
        for order in orders.values {
            for (position, level) in order.enumerated() {
                if let row = levels.firstIndex(of: level), position < levels.count { counts[row][position] += 1 }
            }
        }
        return counts
    }

    /// Whether every ordered participant has a value at every level.
    var everyoneComplete: Bool {
        ordered.allSatisfy { index in values.values[index].allSatisfy { $0 != nil } }
    }

    /// The participants with an order, in the values' order.
    private var ordered: [Int] { values.participants.indices.filter { orders[values.participants[$0]] != nil } }

    /// One value per ordered participant and position 1 to k.
    var positionValues: ParticipantCellValues {
        let count = values.scheme.cells.count
        let cellOf = Dictionary(uniqueKeysWithValues: values.scheme.cells.enumerated().map { ($1[0], $0) })
        let scheme = CellScheme(factors: ["position"], cells: (1...count).map { ["\($0)"] })
        var result = ParticipantCellValues(scheme: scheme, participants: [], values: [], trials: [], unusable: 0)
        var present: [[Bool]] = []
        for index in ordered {
            let order = orders[values.participants[index]]!
            let cells = (0..<count).map { position in position < order.count ? cellOf[order[position]] : nil }
            result.participants.append(values.participants[index])
            result.values.append(cells.map { $0.flatMap { values.values[index][$0] } })
            result.trials.append(cells.map { $0.map { values.trials[index][$0] } ?? 0 })
            present.append(cells.map { cell in cell.map { values.present?[index][$0] ?? true } ?? false })
        }
        result.present = present
        return result
    }

    /// One value per ordered participant and level, in the cells of their sequence.
    var sequenceValues: ParticipantCellValues {
        let levels = values.scheme.cells.map { $0[0] }
        let cells = sequenceCounts.flatMap { sequence in levels.map { [sequence.sequence, $0] } }
        let scheme = CellScheme(factors: ["sequence", factor], cells: cells)
        var result = ParticipantCellValues(scheme: scheme, participants: [], values: [], trials: [], unusable: 0)
        var present: [[Bool]] = []
        for index in ordered {
            let own = sequence(of: values.participants[index])!
            result.participants.append(values.participants[index])
            result.values.append(
                cells.map { cell in cell[0] == own ? values.values[index][levels.firstIndex(of: cell[1])!] : nil })
            result.trials.append(
                cells.map { cell in cell[0] == own ? values.trials[index][levels.firstIndex(of: cell[1])!] : 0 })
            present.append(
                cells.map { cell in
                    cell[0] == own && (values.present?[index][levels.firstIndex(of: cell[1])!] ?? true)
                })
        }
        result.present = present
        return result
    }

    /// Why sequence cannot be tested as a between factor, or `nil` when it can.
    var sequenceUntestable: String? {
        let participants = sequenceCounts.reduce(0) { $0 + $1.participants }
        if sequenceCounts.count < 2 {
            return "every participant met the levels in the same order, so there is no sequence to compare"
        }
        if participants - sequenceCounts.count < 1 {
            return "each of the \(sequenceCounts.count) sequences has a single participant, so no participant "
                + "within a sequence is left to estimate the error sequence is tested against"
        }
        return nil
    }
}
