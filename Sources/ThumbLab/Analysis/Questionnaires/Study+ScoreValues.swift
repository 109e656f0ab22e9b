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
        return ParticipantCellValues(
            meansOf: result.participants.map { ($0.participant, $0.levels.map(\.level), $0.score, 1) },
            scheme: scheme, unusable: result.excluded.count)
    }
}
