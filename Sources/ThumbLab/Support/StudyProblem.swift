/// What is wrong with the study a call names, or with what the database keeps for it.
public enum StudyProblem: Equatable, Sendable, CustomStringConvertible {
    /// No study is named `name`; `known` lists the studies the database holds, `nil` where
    /// they were not looked up.
    case unknown(name: String, known: [String]?)
    /// The database holds no study yet.
    case noStudy
    /// The database holds several studies, `known`, and the call named none of them.
    case notChosen(known: [String])
    /// `study` has no participant labelled `participant`.
    case unknownParticipant(study: String, participant: String)
    /// `study` has no analysis plan to undo.
    case noPlanToUndo(study: String)
    /// The stored analysis plan holds `value` for its `setting`, a value this build does not know.
    case unknownPlanSetting(setting: String, value: String)
    /// The stored analysis plan's filters, `json`, are not a JSON list of filters.
    case malformedPlanFilters(json: String)
    /// A display label for `factor` (or its `level`) that is empty or only white space.
    case emptyLabel(factor: String, level: String?)

    /// The problem in plain words.
    public var description: String {
        switch self {
        case .unknown(let name, nil):
            return "there is no study '\(name)' in this database"
        case .unknown(let name, let known?):
            let list =
                known.isEmpty ? "the database holds no study yet" : "known studies: \(known.joined(separator: ", "))"
            return "no study named '\(name)'; \(list)"
        case .noStudy:
            return "the database holds no study yet; import a log first"
        case .notChosen(let known):
            return "the database holds \(known.count) studies (\(known.joined(separator: ", "))); name the one to use"
        case .unknownParticipant(let study, let participant):
            return "study \(study) has no participant \(participant); import their data first"
        case .noPlanToUndo(let study):
            return "study '\(study)' has no analysis plan to undo"
        case .unknownPlanSetting(let setting, let value):
            return "the stored analysis plan has an unknown \(setting) '\(value)'"
        case .malformedPlanFilters(let json):
            return "the stored analysis plan has filters that are not a JSON list: \(json)"
        case .emptyLabel(let factor, nil):
            return "the label of factor '\(factor)' is empty; give it some text, or clear it"
        case .emptyLabel(let factor, let level?):
            return "the label of level '\(level)' of factor '\(factor)' is empty; give it some text, or clear it"
        }
    }
}
