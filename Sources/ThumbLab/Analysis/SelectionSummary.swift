/// The selection an analysis used, as every output states it: the study, the filters,
/// the attempt policy, and the trials and participants kept.
public struct SelectionSummary: Sendable, Equatable {
    /// The study's name.
    public var study: String
    /// The filters that keep levels (``Selection/keep``).
    public var keep: [LevelFilter]
    /// The filters that leave levels out (``Selection/exclude``).
    public var exclude: [LevelFilter]
    /// Which attempts of a repeated trial counted.
    public var attempts: AttemptPolicy
    /// Trials the analysis used (questionnaire sheets for scores).
    public var trials: Int
    /// Participants the analysis used.
    public var participants: Int
    /// What hits only and the outlier rule removed from the time measures; `nil` when
    /// neither was asked for.
    public var cleaning: CleaningSummary?
    /// The study's analysis plan the selection was built from, if any.
    public var plan: SelectionSettings?
    /// The plan's settings an option overrode, in words (``SelectionSettings/overrides(in:)``).
    public var planOverrides: [String] = []
    /// The factors that make a condition, within which an outlier rule judges.
    public var conditionFactors: [String] = []
    /// How the selected trials derived from touch events were timed (the models of the
    /// ``StudyLayout/derivedTrialCells`` whose condition and block the selection keeps);
    /// empty when none of the selected trials was derived, or a trial log covers them.
    public var trialTiming: [TrialTimeModel] = []
    /// How those trials were made beyond their clock, where an import set it otherwise than
    /// by default (a feedback interval, the sequence, the hit region); empty otherwise.
    public var trialDerivations: [TouchDerivation] = []
    /// How factors and levels are shown in ``sentence`` and the cleaning methods.
    public var names = DisplayNames()

    /// A summary of figures counted already.
    package init(
        study: String, keep: [LevelFilter], exclude: [LevelFilter], attempts: AttemptPolicy, trials: Int,
        participants: Int
    ) {
        self.study = study
        self.keep = keep
        self.exclude = exclude
        self.attempts = attempts
        self.trials = trials
        self.participants = participants
    }

    init(_ resolved: ResolvedSelection, trials: Int, participants: Int) {
        self.init(
            study: resolved.layout.study, keep: resolved.selection.keep, exclude: resolved.selection.exclude,
            attempts: resolved.selection.attempts, trials: trials, participants: participants)
        cleaning = resolved.cleaning
        plan = resolved.selection.plan
        planOverrides = plan?.overrides(in: resolved.selection) ?? []
        conditionFactors = resolved.layout.factors.map(\.name)
        (trialTiming, trialDerivations) = Self.trialTiming(resolved)
        names = resolved.names
    }

    /// A filter as sentences show it: `target size (mm)=3.6,9.6`, factor and levels by
    /// their display names.
    func shown(_ filter: LevelFilter) -> String {
        names.factor(filter.factor) + "="
            + filter.levels.map { names.level($0, of: filter.factor) }.joined(separator: ",")
    }

    /// The models of the derived trials whose condition and block `resolved` keeps.
    private static func trialTiming(_ resolved: ResolvedSelection) -> ([TrialTimeModel], [TouchDerivation]) {
        let cells = resolved.layout.derivedTrialCells
        guard !cells.isEmpty else { return ([], []) }
        let conditions = Set(resolved.conditionIDs)
        let kept = cells.filter { cell in
            guard conditions.contains(cell.conditionID) else { return false }
            guard let block = cell.block else { return resolved.includedBlocks == nil }
            return (resolved.includedBlocks?.contains(block) ?? true) && !resolved.excludedBlocks.contains(block)
        }
        let derivations = kept.map(\.derivation).filter { !$0.phrases.isEmpty }
        return (
            Set(kept.map(\.model)).sorted(),
            derivations.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
        )
    }

    /// The timing models in words, each derivation's settings after them:
    /// `from the previous successful selection (less a 200 ms feedback interval)`.
    private var timingPhrase: String {
        trialTiming.map(\.phrase).joined(separator: " or ")
            + trialDerivations.map { " (" + $0.phrases.joined(separator: "; ") + ")" }.joined()
    }

    /// One line for people: `study default; where technique=Direct,Shift; exclude block=0;
    /// first attempts; time on hits only (120 misses left out); outliers sd:3 on ln time
    /// (41 removed); 3,456 trials of 16 participants`, with the plan it applied first and,
    /// when some trials were derived from touch events, how they were timed (`trials
    /// derived from touch events timed from the previous selection`).
    public var sentence: String {
        var parts = ["study \(study)"]
        if !keep.isEmpty { parts.append("where " + keep.map(shown).joined(separator: " and ")) }
        if !exclude.isEmpty { parts.append("excluding " + exclude.map(shown).joined(separator: " and ")) }
        let attemptText =
            switch attempts {
            case .first: "first attempts (a trial's time and hit are its first attempt's)"
            case .last: "last attempts"
            case .all: "every attempt as a trial"
            }
        parts.append(attemptText)
        parts += cleaningParts
        parts.append("\(Self.grouped(trials)) trials of \(participants) participants")
        if let plan, !plan.isEmpty {
            let overridden = planOverrides.isEmpty ? "" : " (overridden: \(planOverrides.joined(separator: ", ")))"
            parts.insert("plan: \(plan.description)\(overridden)", at: 1)
        }
        if !trialTiming.isEmpty {
            parts.append(
                "trials derived from touch events timed " + timingPhrase)
        }
        return parts.joined(separator: "; ")
    }

    /// An integer with thousands separators: 12,345.
    static func grouped(_ value: Int) -> String { NumberText.grouped(value) }
}

extension SelectionSummary {
    /// The selection as a Methods sentence: "The analyses used 5,184 trials of 16
    /// participants, leaving out block 0; each trial's time and hit are its first attempt's."
    /// Factors are named through `names`.
    public func methodsSentence(names: DisplayNames = DisplayNames()) -> String {
        func filter(_ filter: LevelFilter) -> String {
            let levels = filter.levels.map { names.level($0, of: filter.factor) }
            return "\(names.factor(filter.factor)) \(WordList.listed(levels))"
        }
        var out = "The analyses used \(Self.grouped(trials)) trials of \(participants) participants"
        if study != "default" { out += " of study \(study)" }
        if !keep.isEmpty { out += " with " + keep.map(filter).joined(separator: " and ") }
        if !exclude.isEmpty { out += ", leaving out " + exclude.map(filter).joined(separator: " and ") }
        if let plan, !plan.isEmpty {
            out += ", as the study's analysis plan sets out (\(plan.description))"
        }
        let attemptText =
            switch attempts {
            case .first: "; a trial repeated after a miss counts once, with the time and hit of its first attempt."
            case .last: "; a trial repeated after a miss counts once, with the time and hit of its last attempt."
            case .all: "; every attempt of a repeated trial counts as a trial."
            }
        out += attemptText
        if !trialTiming.isEmpty {
            out +=
                " Trials derived from touch events were timed " + timingPhrase + "."
        }
        return out
    }
}
