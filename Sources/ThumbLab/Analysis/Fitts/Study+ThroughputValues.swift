extension Study {
    /// One throughput per participant and cell, for comparisons of throughput: the mean of
    /// the participant's sequence throughputs in the cell (the first two steps of the
    /// mean of means; the comparison's descriptives take the third). Every attempt counts,
    /// whatever the selection's attempt policy, since misses are part of a sequence's
    /// effective width.
    /// - Throws: what ``fitts(_:selection:)`` throws.
    func throughputValues(resolved: ResolvedSelection, scheme: CellScheme) throws -> ParticipantCellValues {
        var selection = resolved.selection
        selection.attempts = .all
        let report = try fitts(FittsRequest(by: scheme.factors), selection: selection)
        let cellIndex = Dictionary(uniqueKeysWithValues: scheme.cells.enumerated().map { ($1, $0) })
        let positions = scheme.factors.compactMap { report.factors.firstIndex(of: $0) }
        var byParticipant: [String: [Int: [Double]]] = [:]
        var sequences: [String: [Int: Int]] = [:]
        for row in report.sequences {
            guard let cell = cellIndex[positions.map { row.levels[$0] }] else { continue }
            byParticipant[row.participant, default: [:]][cell, default: []].append(row.measures.throughput)
            sequences[row.participant, default: [:]][cell, default: 0] += row.measures.trials
        }
        let participants = byParticipant.keys.sorted(by: naturalOrder)
        return ParticipantCellValues(
            scheme: scheme, participants: participants,
            values: participants.map { label in
                scheme.cells.indices.map { cell in
                    byParticipant[label]?[cell].map { $0.reduce(0, +) / Double($0.count) }
                }
            },
            trials: participants.map { label in scheme.cells.indices.map { sequences[label]?[$0] ?? 0 } },
            unusable: 0)
    }
}
