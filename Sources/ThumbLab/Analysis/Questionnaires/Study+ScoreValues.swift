extension Study {
    /// One questionnaire score per participant and cell, for comparisons of scores: the
    /// participant's sheet scores in the cell (averaged when the cell pools conditions).
    /// `INSTRUMENT.PART` measures one part of the score: a NASA-TLX subscale
    /// (`tlx.physical`), SUS learnability or usability (`sus.learnability`).
    /// - Throws: ``ThumbLabError/analysis(_:)`` for a part the scores do not have.
    func scoreValues(instrument: String, resolved: ResolvedSelection, scheme: CellScheme) throws
        -> ParticipantCellValues
    {
        let (name, part) = Self.scorePart(instrument)
        let scores = try questionnaireScores(instrument: name, by: scheme.factors, resolved: resolved)
        guard let result = scores.first else {
            return ParticipantCellValues(scheme: scheme, participants: [], values: [], trials: [], unusable: 0)
        }
        var values: [(String, [String], Double, Int)] = []
        for score in result.participants {
            guard let part else {
                values.append((score.participant, score.levels.map(\.level), score.score, 1))
                continue
            }
            let key = Instrument.key(part)
            guard let subscore = score.subscores.first(where: { Instrument.key($0.name) == key }) else {
                let known = Set(result.participants.flatMap { $0.subscores.map(\.name) }).sorted()
                throw ThumbLabError.analysis(
                    .unknownSubscale(instrument: result.instrument.name, name: part, known: known))
            }
            values.append((score.participant, score.levels.map(\.level), subscore.value, 1))
        }
        return ParticipantCellValues(meansOf: values, scheme: scheme, unusable: result.excluded.count)
    }

    /// The answers to the item named `item` (case, spaces, `-` and `_` aside), of any
    /// instrument, per participant and cell: the mean where a participant answered it more
    /// than once in a cell.
    /// - Throws: ``ThumbLabError/parameter(_:)`` when no selected answer is to that item,
    ///   listing the items there are.
    func itemValues(item: String, resolved: ResolvedSelection, scheme: CellScheme) throws -> ParticipantCellValues {
        let key = Instrument.key(item)
        let labels = resolved.layout.participants
        var values: [(String, [String], Double, Int)] = []
        var items: Set<String> = []
        try database.forEachResponse(conditionIDs: resolved.conditionIDs) { row in
            items.insert(row.item)
            guard Instrument.key(row.item) == key, let cell = scheme.cell(ofCondition: row.conditionID) else { return }
            values.append((labels[row.participantID] ?? String(row.participantID), scheme.cells[cell], row.value, 1))
        }
        guard !values.isEmpty else {
            throw ThumbLabError.parameter(.unknownItem(name: item, known: items.sorted(by: naturalOrder)))
        }
        return ParticipantCellValues(meansOf: values, scheme: scheme, unusable: 0)
    }

    /// `tlx.physical` as the instrument `tlx` and its part `physical`; a name without a
    /// dot is the whole score.
    static func scorePart(_ text: String) -> (instrument: String, part: String?) {
        guard let dot = text.firstIndex(of: "."), dot != text.startIndex, text.index(after: dot) != text.endIndex
        else { return (text, nil) }
        return (String(text[..<dot]), String(text[text.index(after: dot)...]))
    }
}
