import Foundation

/// One trial whose time (or cleaned measure) the cleaning steps removed.
public struct ExcludedTrial: Sendable, Equatable {
    /// The participant's label.
    public var participant: String
    /// The trial's level of each factor of ``ExcludedTrialsReport/factors``; `nil` where
    /// the value is missing.
    public var levels: [String?]
    /// The block number, where the log has one.
    public var block: Int?
    /// The trial number, where the log has one.
    public var trial: Int?
    /// The attempt, 1 for the first.
    public var attempt: Int
    /// The value removed: the time in ms, or the cleaned measure's value
    /// (``ExcludedTrialsReport/measure``).
    public var value: Double
    /// What removed it: `miss` or `no hit recorded` (hits only), or the outlier rule as
    /// written (`sd:3`).
    public var reason: String
}

/// The trials a selection's cleaning steps removed from the time measures (or from one
/// measure's), in storage order, so that a researcher can check a rule before trusting it.
public struct ExcludedTrialsReport: Sendable, Equatable {
    /// The measure cleaned: `time`, a trial column or `log:NAME`.
    public var measure: Measure = .time
    /// The selection, with what each step removed.
    public var selection: SelectionSummary
    /// The study's factors, in the order of ``ExcludedTrial/levels``.
    public var factors: [String]
    /// The removed trials.
    public var trials: [ExcludedTrial]
    /// What was done, in words.
    public var methods: String
}

extension Study {
    /// What removed a trial, in the words of ``ExcludedTrial/reason``.
    static func reason(_ removal: TimeFilter.Removal, rule: String) -> String {
        switch removal {
        case .miss: "miss"
        case .unknownHit: "no hit recorded"
        case .outlier: rule
        }
    }

    /// The trials whose time hits only and the outlier rule of `selection` remove from
    /// the time measures (none when the selection asks for neither), each with the step
    /// that removed it. With `measure` a trial column or `log:NAME`, the steps judge that
    /// measure's values instead, as an analysis comparing it does.
    /// - Throws: ``ThumbLabError/study(_:)`` or ``ThumbLabError/selection(_:)`` for an unknown
    ///   study, factor, level or block; ``ThumbLabError/parameter(_:)`` for a measure the
    ///   steps do not clean (error, scores, items, throughput) or a number no log kept.
    public func excludedTrials(selection: Selection = Selection(), measure: Measure = .time) throws
        -> ExcludedTrialsReport
    {
        if measure.cleanedValue == .time, measure != .time {
            throw ThumbLabError.parameter(.measureNotCleaned(measure: measure.description))
        }
        let resolved = try resolve(selection, measuring: measure)
        var found: [ExcludedTrial] = []
        var participants: Set<Int64> = []
        var trials = 0
        if let filter = resolved.timeFilter {
            var query = resolved.trialQuery
            query.timeFilter = nil
            let rule = selection.outliers?.description ?? ""
            try database.forEachTrial(query, fields: filter.value.fields.union([.numbers, .hit, .errors])) { trial in
                trials += 1
                participants.insert(trial.participantID)
                guard let removal = filter.removal(trial), let value = filter.value.value(of: trial) else { return }
                found.append(
                    ExcludedTrial(
                        participant: resolved.layout.participants[trial.participantID] ?? "",
                        levels: resolved.layout.conditions[trial.conditionID] ?? [], block: trial.block,
                        trial: trial.trial, attempt: trial.attempt, value: value,
                        reason: Self.reason(removal, rule: rule)))
            }
        }
        let summary = SelectionSummary(resolved, trials: trials, participants: participants.count)
        let methods =
            summary.cleaningMethods.isEmpty
            ? "The selection (\(summary.sentence)) asks for no cleaning step, so no trial's \(measure) was removed."
            : "Trials removed from the \(measure == .time ? "time measures" : "\(measure) analyses") of "
                + "\(summary.sentence). \(summary.cleaningMethods)"
        var report = ExcludedTrialsReport(
            selection: summary, factors: resolved.layout.factors.map(\.name), trials: found, methods: methods)
        report.measure = measure
        return report
    }
}
