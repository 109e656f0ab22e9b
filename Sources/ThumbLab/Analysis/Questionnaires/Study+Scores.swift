extension Study {
    /// Scores of the answers in the selected conditions.
    func questionnaireScores(instrument: String?, by: [String], resolved: ResolvedSelection) throws
        -> [QuestionnaireScores]
    {
        var responses: [ResponseRow] = []
        try database.forEachResponse(conditionIDs: resolved.conditionIDs) { responses.append($0) }
        let names = try displayNames(study: resolved.layout.study)
        return try QuestionnaireScores.compute(
            responses: responses, layout: resolved.layout, instrument: instrument, by: by
        ).map { scores in
            var scores = scores
            scores.names = names
            return scores
        }
    }

    /// Questionnaire scores under `selection` (`Selection()`, first attempts, by default;
    /// sheets have no attempts, so only its study and filters choose them), per participant
    /// and cell of ``ScoresRequest/by`` (every factor the answers
    /// record when empty), for one instrument or every one present.
    /// - Throws: ``ThumbLabError/analysis(_:)`` for an instrument the data lack (listing
    ///   those present) or no answers at all; ``ThumbLabError/selection(_:)`` for unknown factors.
    public func scores(_ request: ScoresRequest = ScoresRequest(), selection: Selection = Selection()) throws
        -> ScoresReport
    {
        let resolved = try resolve(selection)
        let scores = try questionnaireScores(instrument: request.instrument, by: request.by, resolved: resolved)
        let participants = Set(scores.flatMap { $0.participants.map(\.participant) }).count
        let sheets = scores.reduce(0) { $0 + $1.sheets }
        return ScoresReport(
            selection: SelectionSummary(resolved, trials: sheets, participants: participants), sheets: sheets,
            scores: scores)
    }
}

/// What `thumblab scores` reports: each instrument's scores under the selection (whose
/// `trials` counts the questionnaire sheets read).
public struct ScoresReport: Sendable, Equatable {
    /// The selection the scores read; its `trials` counts the questionnaire sheets.
    public var selection: SelectionSummary
    /// Questionnaire sheets read (one participant's answers in one condition).
    public var sheets: Int
    /// One entry per instrument scored, in the order the data name them.
    public var scores: [QuestionnaireScores]
}
