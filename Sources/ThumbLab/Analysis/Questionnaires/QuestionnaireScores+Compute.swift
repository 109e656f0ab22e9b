import Foundation

extension QuestionnaireScores {
    /// Scores questionnaire answers: each sheet (one participant's answers in one
    /// condition to one instrument) by its instrument's rule, then one score per
    /// participant and cell, then each cell's descriptives.
    ///
    /// Rules: ``SUSScoring``, ``TLXScoring``, ``UMUXLiteScoring``, ``SEQScoring``; any
    /// other instrument is a Likert item set (``LikertItemSummary``). A sheet with an
    /// answer out of range, a missing or repeated item, or a fraction where a whole number
    /// is required is not scored: it is listed in ``excluded`` with the item, value and
    /// line. When a cell pools several conditions of one participant (because `by` leaves
    /// a factor out), the participant's sheet scores in it are averaged first.
    ///
    /// - Parameters:
    ///   - responses: the answers, as ``StudyDatabase/forEachResponse(conditionIDs:_:)``
    ///     reads them.
    ///   - layout: the study's factors, conditions and participant labels.
    ///   - instrument: score only this instrument (recognised as ``Instrument`` does);
    ///     `nil` scores every instrument present.
    ///   - by: the factors that define a cell; empty means every factor the instrument's
    ///     responses record a level of.
    /// - Returns: one result per instrument, in the order the instruments first appear.
    /// - Throws: ``ThumbLabError`` when there are no responses, when the named
    ///   instrument is absent (listing those present), or when a `by` factor is unknown,
    ///   named twice or not recorded by the responses (listing the factors).
    public static func compute(
        responses: [ResponseRow], layout: StudyLayout, instrument: String?, by: [String]
    ) throws -> [QuestionnaireScores] {
        var instruments: [Instrument] = []
        var rows: [[ResponseRow]] = []
        var position: [String: Int] = [:]
        for response in responses {
            let found = Instrument(recognizing: response.instrument)
            if let index = position[found.key] {
                rows[index].append(response)
            } else {
                position[found.key] = instruments.count
                instruments.append(found)
                rows.append([response])
            }
        }
        guard !instruments.isEmpty else {
            throw ThumbLabError.analysis(.noQuestionnaireAnswers)
        }
        var chosen = Array(instruments.indices)
        if let instrument {
            let wanted = Instrument(recognizing: instrument)
            guard let index = position[wanted.key] else {
                throw ThumbLabError.analysis(.unknownInstrument(name: instrument, known: instruments.map(\.name)))
            }
            chosen = [index]
        }
        let byIndices = try factorIndices(by, layout: layout)
        return try chosen.map { index in
            let named = namedFactors(rows[index], layout: layout)
            var indices = byIndices
            if by.isEmpty {
                indices = named
            } else if let missing = byIndices.first(where: { !named.contains($0) }) {
                let recorded = named.map { layout.factors[$0].name }
                throw ThumbLabError.analysis(
                    .instrumentLacksFactor(
                        instrument: instruments[index].name, factor: layout.factors[missing].name, recorded: recorded))
            }
            return score(instruments[index], responses: rows[index], layout: layout, factorIndices: indices)
        }
    }

    /// The indices of the `by` factors in the layout.
    private static func factorIndices(_ names: [String], layout: StudyLayout) throws -> [Int] {
        if let repeated = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
            throw ThumbLabError.selection(.repeatedFactor(name: repeated))
        }
        return try names.map { name in
            if let index = layout.factorIndex(name) { return index }
            throw ThumbLabError.selection(
                .unknownFactor(name: name, study: layout.study, known: layout.factors.map(\.name), blockAllowed: false))
        }
    }

    /// The factors (layout indices, in layout order) that some response's condition
    /// records a level of.
    private static func namedFactors(_ responses: [ResponseRow], layout: StudyLayout) -> [Int] {
        let conditions = Set(responses.map(\.conditionID))
        return layout.factors.indices.filter { index in
            conditions.contains { layout.conditions[$0]?[index] != nil }
        }
    }

    /// Scores one instrument's responses with cells defined by the given factors.
    static func score(
        _ instrument: Instrument, responses: [ResponseRow], layout: StudyLayout, factorIndices: [Int]
    ) -> QuestionnaireScores {
        let factors = factorIndices.map { layout.factors[$0].name }
        var sheets: [QuestionnaireSheet] = []
        var sheetIndex: [[Int64]: Int] = [:]
        for response in responses {
            let key = [response.participantID, response.conditionID]
            if let index = sheetIndex[key] {
                sheets[index].answers.append(response)
            } else {
                sheetIndex[key] = sheets.count
                sheets.append(
                    QuestionnaireSheet(
                        participantID: response.participantID, conditionID: response.conditionID,
                        answers: [response]))
            }
        }
        let likertItems = instrument.kind == .likert ? LikertScoring.items(responses) : []
        func label(_ id: Int64) -> String { layout.participants[id] ?? String(id) }

        var scored: [(sheet: QuestionnaireSheet, cell: [String], score: SheetScore)] = []
        var placed: [(sheet: QuestionnaireSheet, cell: [String])] = []
        var excluded: [(line: Int, exclusion: ScoreExclusion)] = []
        for sheet in sheets {
            let condition = layout.conditions[sheet.conditionID] ?? []
            let levels = factorIndices.map { $0 < condition.count ? condition[$0] : nil }
            let named = zip(factors, levels).compactMap { factor, level in
                level.map { CellLevel(factor: factor, level: $0) }
            }
            var reasons: [String] = []
            if named.count < factors.count {
                let unnamed = zip(factors, levels).filter { $0.1 == nil }.map { "'\($0.0)'" }
                reasons.append(
                    "the condition of the \(instrument.name) answers at \(sheet.lineSpan) records no level of "
                        + "\(WordList.listed(unnamed)), so they belong to no cell")
            } else {
                placed.append((sheet, levels.compactMap { $0 }))
            }
            switch scoreSheet(sheet, instrument: instrument, likertItems: likertItems) {
            case .success(let score) where reasons.isEmpty: scored.append((sheet, levels.compactMap { $0 }, score))
            case .success: break
            case .failure(let problems): reasons += problems.reasons
            }
            if !reasons.isEmpty {
                excluded.append(
                    (
                        sheet.answers.map(\.line).min() ?? 0,
                        ScoreExclusion(
                            participant: label(sheet.participantID), participantID: sheet.participantID,
                            conditionID: sheet.conditionID, levels: named, reason: reasons.joined(separator: "; "))
                    ))
            }
        }

        let cellKeys = orderedCells(Set(placed.map(\.cell)), factorIndices: factorIndices, layout: layout)
        let cellLevels = cellKeys.map { key in zip(factors, key).map { CellLevel(factor: $0, level: $1) } }
        let cellOf = Dictionary(uniqueKeysWithValues: cellKeys.enumerated().map { ($1, $0) })
        let participants = participantScores(
            scored.compactMap { entry in cellOf[entry.cell].map { (entry.sheet, $0, entry.score) } },
            cells: cellLevels, kind: instrument.kind, label: label)
        let cells = scoreCells(participants, cells: cellLevels, kind: instrument.kind)
        let items =
            instrument.kind == .likert
            ? LikertScoring.summaries(
                sheets: placed.compactMap { entry in cellOf[entry.cell].map { (entry.sheet, $0) } }, cells: cellLevels,
                items: likertItems) : []
        let exclusions =
            excluded
            .sorted { ($0.line, $0.exclusion.participantID) < ($1.line, $1.exclusion.participantID) }
            .map(\.exclusion)
        return QuestionnaireScores(
            instrument: instrument, factors: factors, participants: participants, cells: cells, excluded: exclusions,
            items: items,
            methodFacts: methodFacts(
                instrument, factors: factors, participants: participants, excluded: exclusions.count,
                likertItems: likertItems.count),
            sheets: sheets.count)
    }

    /// One sheet scored by its instrument's rule.
    private static func scoreSheet(
        _ sheet: QuestionnaireSheet, instrument: Instrument, likertItems: [LikertScoring.Item]
    ) -> Result<SheetScore, SheetProblems> {
        switch instrument.kind {
        case .sus: SUSScoring.score(sheet)
        case .nasaTLX: TLXScoring.score(sheet)
        case .umuxLite: UMUXLiteScoring.score(sheet)
        case .seq: SEQScoring.score(sheet)
        case .likert: LikertScoring.score(sheet, instrument: instrument.name, items: likertItems)
        }
    }

    /// The cells in the order of the study's levels, factor by factor.
    private static func orderedCells(_ keys: Set<[String]>, factorIndices: [Int], layout: StudyLayout) -> [[String]] {
        let rank = factorIndices.map { index in
            Dictionary(layout.factors[index].levels.enumerated().map { ($1, $0) }) { first, _ in first }
        }
        return keys.sorted { a, b in
            for (position, order) in rank.enumerated() where a[position] != b[position] {
                let left = order[a[position], default: .max]
                let right = order[b[position], default: .max]
                return left != right ? left < right : a[position] < b[position]
            }
            return false
        }
    }
}
