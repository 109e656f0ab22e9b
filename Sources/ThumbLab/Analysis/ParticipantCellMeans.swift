extension ParticipantCellValues {
    /// One value per participant and cell from values already computed elsewhere (sequence
    /// throughputs, questionnaire scores): the mean of a participant's values in each cell
    /// of `scheme`, with the trials they rest on summed. A value whose levels name no cell
    /// of the scheme is left out.
    /// - Parameters:
    ///   - samples: each value with its participant, its levels in the scheme's factor
    ///     order, and the trials it rests on.
    ///   - unusable: the selected values that could not enter, as the caller counted them.
    init(
        meansOf samples: [(participant: String, levels: [String], value: Double, trials: Int)], scheme: CellScheme,
        unusable: Int
    ) {
        let cellIndex = Dictionary(uniqueKeysWithValues: scheme.cells.enumerated().map { ($1, $0) })
        var byParticipant: [String: [Int: [Double]]] = [:]
        var trials: [String: [Int: Int]] = [:]
        for sample in samples {
            guard let cell = cellIndex[sample.levels] else { continue }
            byParticipant[sample.participant, default: [:]][cell, default: []].append(sample.value)
            trials[sample.participant, default: [:]][cell, default: 0] += sample.trials
        }
        let participants = byParticipant.keys.sorted(by: naturalOrder)
        self.init(
            scheme: scheme, participants: participants,
            values: participants.map { label in
                scheme.cells.indices.map { cell in
                    byParticipant[label]?[cell].map { $0.reduce(0, +) / Double($0.count) }
                }
            },
            trials: participants.map { label in scheme.cells.indices.map { trials[label]?[$0] ?? 0 } },
            unusable: unusable)
    }
}
