/// Which trials an analysis uses and which of them its time measures count, in the
/// order every analysis applies them: a study and level filters (`block` works as a filter
/// like any factor, so excluding block 0 leaves practice out), an attempt policy, hits only
/// or every trial for time, and an outlier rule for time (see the article "Cleaning").
public struct Selection: Sendable, Equatable {
    /// The study; `nil` means the database's only study.
    public var study: String?
    /// Keep only trials at one of these levels of each named factor.
    public var keep: [LevelFilter]
    /// Leave out trials at these levels.
    public var exclude: [LevelFilter]
    /// Which attempts of a repeated trial count.
    public var attempts: AttemptPolicy
    /// Whether time measures use every trial or the hits alone; error rates always count
    /// every trial.
    public var timeTrials: TimeTrials
    /// The rule that removes outlying times from the time measures, if any.
    public var outliers: OutlierRule?
    /// The scale ``outliers`` judges on (a range rule is always in ms).
    public var outlierScale: OutlierScale
    /// The study's analysis plan this selection was built from, if any, so that outputs
    /// can say so (``SelectionSettings/selection(defaultAttempts:)``).
    public var plan: SelectionSettings?

    /// A selection; by default every trial of the only study, first attempts, every trial
    /// for time, no outlier rule.
    public init(
        study: String? = nil, keep: [LevelFilter] = [], exclude: [LevelFilter] = [],
        attempts: AttemptPolicy = .first, timeTrials: TimeTrials = .all, outliers: OutlierRule? = nil,
        outlierScale: OutlierScale = .log
    ) {
        self.study = study
        self.keep = keep
        self.exclude = exclude
        self.attempts = attempts
        self.timeTrials = timeTrials
        self.outliers = outliers
        self.outlierScale = outlierScale
    }
}

/// `FACTOR=LEVEL[,LEVEL...]`: some levels of one factor (or of `block`).
public struct LevelFilter: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The factor's name, or `block`.
    public var factor: String
    /// The levels, as the data spell them.
    public var levels: [String]

    /// The levels `levels` of `factor`.
    public init(factor: String, levels: [String]) {
        self.factor = factor
        self.levels = levels
    }

    /// Reads `FACTOR=LEVEL[,LEVEL...]`.
    /// - Throws: ``ThumbLabError/selection(_:)`` when the text has no `=`, no factor or no level.
    public init(parsing text: String) throws {
        guard let equals = text.firstIndex(of: "=") else {
            throw ThumbLabError.selection(.malformedFilter(text: text))
        }
        factor = String(text[..<equals]).trimmingWhitespace
        levels = text[text.index(after: equals)...].split(separator: ",").map { String($0).trimmingWhitespace }
            .filter { !$0.isEmpty }
        if factor.isEmpty || levels.isEmpty {
            throw ThumbLabError.selection(.malformedFilter(text: text))
        }
    }

    public var description: String { "\(factor)=\(levels.joined(separator: ","))" }
}

extension String {
    var trimmingWhitespace: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}

/// A ``Selection`` checked against a study's layout: the conditions and blocks it keeps,
/// ready to become a ``TrialQuery``.
public struct ResolvedSelection: Sendable, Equatable {
    /// The selection as asked.
    public var selection: Selection
    /// The study's participants, factors, levels and conditions.
    public var layout: StudyLayout
    /// The conditions whose levels pass every filter, ascending.
    public var conditionIDs: [Int64]
    /// The blocks kept by a `block` filter of ``Selection/keep``; `nil` keeps every block.
    public var includedBlocks: [Int]?
    /// The blocks left out by a `block` filter of ``Selection/exclude``.
    public var excludedBlocks: [Int]
    /// Filters on the trial number (`trial`) and on numbers the logs kept per trial: a
    /// filter naming no factor of the study. ``Study/resolve(_:)`` checks that the logs kept them.
    public var valueFilters: [ValueFilter] = []
    /// What hits only and the outlier rule removed from the time measures; `nil` when the
    /// selection asks for neither, or before ``Study/resolve(_:)`` computed it.
    public var cleaning: CleaningSummary?
    /// The trials whose times the cleaning steps remove.
    public var timeFilter: TimeFilter?
    /// How the study's factors and levels are shown in sentences, as ``Study/resolve(_:)``
    /// read them from the study database.
    public var names = DisplayNames()
    /// The number kept per trial (`trial_value`) that a `log:NAME` measure reads; set by
    /// the analysis that measures it.
    public var loggedValue: String?
    /// The phrase measure a text-entry measure reads; set by the analysis that measures it.
    public var phraseColumn: PhraseColumn?

    /// Resolves `selection` against `layout`.
    /// - Throws: ``ThumbLabError/selection(_:)`` for an unknown factor or level, listing the
    ///   known ones.
    package init(_ selection: Selection, layout: StudyLayout) throws {
        self.selection = selection
        self.layout = layout
        var included: Set<Int>?
        var excluded: Set<Int> = []
        var kept = layout.conditions
        for (filter, keeping) in selection.keep.map({ ($0, true) }) + selection.exclude.map({ ($0, false) }) {
            if filter.factor == "block" {
                let blocks = try Self.blocks(filter, layout: layout)
                if keeping {
                    included = included.map { $0.intersection(blocks) } ?? blocks
                } else {
                    excluded.formUnion(blocks)
                }
                continue
            }
            // A name that is no factor filters by the trial number, or by a number the logs
            // kept when its values are numbers (a word is taken for a misspelt factor's level).
            if layout.factorIndex(filter.factor) == nil,
                filter.factor == "trial" || (try? filter.numberRanges()) != nil
            {
                valueFilters.append(
                    ValueFilter(
                        column: filter.factor == "trial" ? .trialNumber : .logged(filter.factor),
                        ranges: try filter.numberRanges(), keep: keeping))
                continue
            }
            let index = try Self.factorIndex(filter.factor, layout: layout)
            let levels = Set(try filter.expanded(known: layout.factors[index].levels))
            kept = kept.filter { _, condition in
                guard let level = condition[index] else { return !keeping }
                return levels.contains(level) == keeping
            }
        }
        conditionIDs = kept.keys.sorted()
        includedBlocks = included.map { $0.sorted() }
        excludedBlocks = excluded.sorted()
    }

    /// The query that reads the selected trials.
    public var trialQuery: TrialQuery {
        var query = TrialQuery(
            conditionIDs: conditionIDs, includedBlocks: includedBlocks, excludedBlocks: excludedBlocks,
            attempts: selection.attempts, timeFilter: timeFilter)
        query.loggedValue = loggedValue
        query.phraseColumn = phraseColumn
        query.valueFilters = valueFilters
        return query
    }

    /// The index of a factor of the study, or an error listing the factors there are.
    static func factorIndex(_ name: String, layout: StudyLayout) throws -> Int {
        if let index = layout.factorIndex(name) { return index }
        throw ThumbLabError.selection(
            .unknownFactor(name: name, study: layout.study, known: layout.factors.map(\.name), blockAllowed: true))
    }

    private static func blocks(_ filter: LevelFilter, layout: StudyLayout) throws -> Set<Int> {
        let known = layout.blocks.map(String.init)
        var blocks: Set<Int> = []
        for text in filter.levels {
            if let range = try LevelRange(text, known: known, filter: filter) {
                let inside = layout.blocks.filter { range.contains(String($0)) }
                guard !inside.isEmpty else {
                    throw ThumbLabError.selection(.emptyRange(factor: "block", range: text, known: known))
                }
                blocks.formUnion(inside)
            } else {
                guard let block = Int(text), layout.blocks.contains(block) else {
                    throw ThumbLabError.selection(.unknownBlock(text: text, known: layout.blocks))
                }
                blocks.insert(block)
            }
        }
        return blocks
    }
}
