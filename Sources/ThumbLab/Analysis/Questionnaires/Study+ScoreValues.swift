extension Study {
    /// One questionnaire score per participant and cell, for comparisons of scores: the
    /// participant's sheet scores in the cell (averaged when the cell pools conditions).
    func scoreValues(instrument: String, resolved: ResolvedSelection, scheme: CellScheme) throws
        -> ParticipantCellValues
    {
        let scores = try questionnaireScores(instrument: instrument, by: scheme.factors, resolved: resolved)
        guard let result = scores.first else {
            return ParticipantCellValues(scheme: scheme, participants: [], values: [], trials: [], unusable: 0)
        }
        let cellIndex = Dictionary(uniqueKeysWithValues: scheme.cells.enumerated().map { ($1, $0) })
        var byParticipant: [String: [Int: [Double]]] = [:]
        for score in result.participants {
            guard let cell = cellIndex[score.levels.map(\.level)] else { continue }
            byParticipant[score.participant, default: [:]][cell, default: []].append(score.score)
        }
        let participants = byParticipant.keys.sorted(by: naturalOrder)
        return ParticipantCellValues(
            scheme: scheme, participants: participants,
            values: participants.map { label in
                scheme.cells.indices.map { cell in
                    byParticipant[label]?[cell].map { $0.reduce(0, +) / Double($0.count) }
                }
            },
            trials: participants.map { label in scheme.cells.indices.map { byParticipant[label]?[$0]?.count ?? 0 } },
            unusable: result.excluded.count)
    }
}
