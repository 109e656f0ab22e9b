import ThumbLabStats

/// Everything a study report holds about one study: design, summaries, comparisons
/// of time and errors over all trial factors (main effects and interactions, post-hoc
/// tables), questionnaire scores and their comparisons, a Results section of APA
/// sentences, a Methods paragraph and the provenance of every imported file.
public struct StudyReport: Sendable, Equatable {
    /// The ThumbLab version that wrote the report, stated in the Methods.
    public var version: String
    /// The selection the report read, with its trial and participant counts.
    public var selection: SelectionSummary
    /// Participants, factors, cells, blocks and rejected rows.
    public var design: DesignOverview
    /// Who took part, from the demographics imported: the Participants paragraph.
    public var participantsDescription = ParticipantsDescription(participants: [], attributes: [:])
    /// The summary by every trial factor.
    public var summary: SummaryReport
    /// Time and error, each over all trial factors.
    public var comparisons: [ComparisonReport]
    /// Each questionnaire's scores by the factors its answers record.
    public var scores: [QuestionnaireScores]
    /// Each instrument's scores compared over the factors its answers record.
    public var scoreComparisons: [ComparisonReport]
    /// Order effects of each within factor whose order is known (from a saved
    /// counterbalancing plan or from the data), on time; empty when none is.
    public var counterbalancing: [OrderEffectsReport] = []
    /// Heatmaps, reach zone, target size and direction, for the report's figures.
    public var spatial: StudyReportSpatial
    /// Analyses that could not be computed on these data, each with the reason.
    public var notComputed: [String]
    /// Every import of the study.
    public var provenance: [BatchSummary]
    /// The factors `thumblab factor add` derived, which the Methods name.
    public var derivedFactors: [DerivedFactor] = []
    /// The learning curves of a text-entry study (one whose trials are phrases); `nil`
    /// for other studies.
    public var learningCurves: LearningCurveReport?
    /// The key-press offsets of a text-entry study whose logs give key taps with their key
    /// centres; `nil` otherwise.
    public var keyOffsets: KeyOffsetReport?
    /// How factors and levels are shown in tables, figures and sentences.
    public var names = DisplayNames()
    /// The follow-up tests every comparison ran (``ReportRequest/posthoc``).
    public var posthoc: PostHocScope = .main

    /// The Results section: one paragraph per measure (time, error rate, each
    /// questionnaire), factors and levels named through ``names``.
    public var resultParagraphs: [ProseParagraph] {
        var paragraphs = (comparisons + scoreComparisons).map { $0.results(names: names) }
        if let learning = learningCurves, !learning.sentences.isEmpty {
            paragraphs.append(
                ProseParagraph([.emphasis("Learning.")] + [.text(" " + learning.sentences.joined(separator: " "))]))
        }
        if let offsets = keyOffsets {
            paragraphs.append(
                ProseParagraph([.emphasis("Key presses.")] + [.text(" " + offsets.sentences.joined(separator: " "))]))
        }
        return paragraphs
    }

    /// The Results paragraphs as plain text.
    public var results: [String] { resultParagraphs.map(\.plainText) }

    /// The Methods section, as a paper's Analysis paragraphs: the data and their cleaning
    /// once; each measure's aggregation, test and why (with the lme4 formula of a mixed
    /// model) and each questionnaire's scoring; then the follow-up tests, corrections,
    /// descriptives and software. Each fact is stated once (``MethodsFact/once(_:)``).
    public var methodParagraphs: [ProseParagraph] {
        let all = comparisons + scoreComparisons
        var measures = all.flatMap { $0.measureFacts(names: names) } + scores.flatMap(\.methodFacts)
        if let learning = learningCurves {
            measures.insert(
                MethodsFact(
                    .measure, "text entry", text: TextEntryMethods.sentence(keystrokes: learning.hasKeystrokes)),
                at: 0)
            measures.append(MethodsFact(.test, "learning curves", text: learning.curveMethods))
        }
        if let offsets = keyOffsets {
            measures.append(MethodsFact(.measure, "key-press offsets", text: offsets.methods))
        }
        let selectionFact = MethodsFact(
            .selection, "report",
            text: selection.withCleaningMethods(selection.methodsSentence(names: names) + derivedFactorsSentences))
        var closing = all.isEmpty ? [] : ComparisonReport.followUpFacts(all, names: names)
        // The summary's figures, without the selection the first paragraph gave.
        closing.append(
            MethodsFact(.descriptives, "summary", text: summary.selection.withCleaningMethods(summary.figureMethods)))
        closing.append(
            MethodsFact(
                .software, "ThumbLab",
                text: "All statistics were computed with ThumbLab \(version), whose tests are checked against R (afex, "
                    + "emmeans, lme4, lmerTest, ARTool) and scipy/pingouin."))
        let groups =
            [[selectionFact], measures]
            + counterbalancing.map {
                [MethodsFact(.test, "order effects of \($0.request.factor) on \($0.request.measure)", text: $0.methods)]
            } + [closing]
        var stated: [MethodsFact] = []
        return groups.compactMap { group in
            let facts = MethodsFact.once(group).filter { fact in !stated.contains { $0.isSame(as: fact) } }
            stated += facts
            return facts.isEmpty ? nil : MethodsFact.paragraph(facts)
        }
    }

    /// The Methods paragraphs as plain text.
    public var methods: [String] { methodParagraphs.map(\.plainText) }

    /// ` The factors column and row were derived from location and handedness (mapping.csv).`,
    /// one sentence per mapping table; empty without derived factors.
    var derivedFactorsSentences: String {
        var groups: [(keys: [String], source: String, factors: [String])] = []
        for derived in derivedFactors {
            if let index = groups.firstIndex(where: { $0.keys == derived.keys && $0.source == derived.source }) {
                groups[index].factors.append(derived.factor)
            } else {
                groups.append((derived.keys, derived.source, [derived.factor]))
            }
        }
        return groups.map { group in
            if group.keys == group.factors {
                return " The \(names.factor(group.factors[0])) of each participant, from the demographics, "
                    + "was a between-subjects factor."
            }
            let factors = group.factors.map(names.factor)
            let keys = group.keys.map { $0 == "participant" ? "the participant" : names.factor($0) }
            return " The \(factors.count == 1 ? "factor" : "factors") \(WordList.listed(factors)) "
                + "\(factors.count == 1 ? "was" : "were") derived from \(WordList.listed(keys)) by a mapping table "
                + "(\(group.source))."
        }.joined()
    }
}

extension Study {
    /// The report of one study under a selection.
    /// - Parameters:
    ///   - request: the adjustment of post-hoc p-values in every comparison and the
    ///     ThumbLab version to state in the Methods.
    ///   - selection: the trials; first attempts of every trial by default (`Selection()`).
    ///     The spatial analyses count every attempt of the same filters
    ///     (``StudyReportSpatial/selection``).
    /// - Throws: ``ThumbLabError`` for an unknown study or filter, or a
    ///   selection without trials.
    public func report(_ request: ReportRequest = ReportRequest(), selection: Selection = Selection()) throws
        -> StudyReport
    {
        let (adjust, version) = (request.adjust, request.version)
        let resolved = try resolve(selection)
        let batches = try database.batches().filter { $0.study == resolved.layout.study }
        let factors = resolved.layout.trialFactors
        let names = try displayNames(study: resolved.layout.study)
        // A text-entry study is compared on its phrase measures; its phrases have no hits.
        let phrases = try database.phraseCounts(.wpm, study: resolved.layout.study).phrases
        let keystrokes = try phrases > 0 && database.phraseCounts(.kspc, study: resolved.layout.study).withValue > 0
        let requests = (phrases > 0 ? [Measure.time] : [.time, .error]).map {
            ComparisonRequest(measure: $0, factors: factors, adjust: adjust, posthoc: request.posthoc)
        }
        let phraseMeasures: [Measure] =
            phrases == 0
            ? []
            : [.phrase(.wpm), .phrase(.msdErrorRate)]
                + (keystrokes
                    ? [
                        .phrase(.totalErrorRate), .phrase(.correctedErrorRate), .phrase(.uncorrectedErrorRate),
                        .phrase(.kspc),
                    ] : [])
        // The design, the summary, both measures' values per participant and cell, each
        // factor's first trials and the screen tallies come from one read of the trials.
        // Should the values' cells or the screen tallies not be made, each comparison or
        // spatial analysis reads its own and says why it cannot be made; so do the spatial
        // analyses under an outlier rule, whose fences over every attempt are not the report's.
        let valueScheme = factors.isEmpty ? nil : try? CellScheme(factors: factors, selection: resolved)
        var everyAttempt = resolved.trialQuery
        everyAttempt.attempts = .all
        let screen = selection.outliers == nil ? try? reportScreen(selection: selection, factor: factors.first) : nil
        let sharedScreen = screen?.resolved.trialQuery == everyAttempt ? screen : nil
        let orderSchemes = try factors.map { try CellScheme(factors: [$0], selection: resolved) }
        let gathered = try gather(
            ReportTrialPass(
                design: try DesignTally(resolved), screen: sharedScreen?.binner,
                summary: try SummaryCollector(resolved, by: factors, perParticipant: false),
                values: valueScheme.map { scheme in
                    ParticipantCellCollector(scheme: scheme, measures: requests.map { ($0.measure, $0.cellAggregate) })
                },
                firsts: FirstTrialCollector(schemes: orderSchemes),
                firstAttemptsOnly: resolved.trialQuery.attempts == .first),
            resolved: resolved)
        let design = designOverview(
            resolved, tally: gathered.design!, rejectedRows: batches.reduce(0) { $0 + $1.rejected })
        let summary = gathered.summary!.report()
        if summary.selection.trials == 0 {
            throw resolved.empty(.trials)
        }
        let values = gathered.values?.values(labels: resolved.layout.participants)
        var notComputed: [String] = []
        var comparisons: [ComparisonReport] = []
        for name in request.measures.compactMap(\.loggedName) {
            try requireLoggedValue(name, study: resolved.layout.study)
        }
        var furtherMeasures = phraseMeasures
        for measure in request.measures where !furtherMeasures.contains(measure) { furtherMeasures.append(measure) }
        let further = furtherMeasures.filter { ![.time, .error].contains($0) }.map {
            ComparisonRequest(measure: $0, factors: factors, adjust: adjust, posthoc: request.posthoc)
        }
        for (index, request) in (requests + further).enumerated() where !factors.isEmpty {
            let measure = request.measure
            do {
                let prefetched = index < requests.count ? values?[index] : nil
                comparisons.append(try compare(request, selection: selection, values: prefetched))
            } catch let error as ThumbLabError where error.refusesAnalysis {
                notComputed.append("\(measure) over \(factors.map(names.factor).joined(separator: " x ")): \(error)")
            }
        }
        var scores: [QuestionnaireScores] = []
        var scoreComparisons: [ComparisonReport] = []
        if (try? database.hasResponses(study: resolved.layout.study)) == true {
            scores = try questionnaireScores(instrument: nil, by: [], resolved: resolved)
            for instrument in scores where instrument.cells.count > 1 {
                let request = ComparisonRequest(
                    measure: .score(instrument.instrument.name), factors: instrument.factors, adjust: adjust,
                    posthoc: request.posthoc)
                do {
                    scoreComparisons.append(try compare(request, selection: selection))
                } catch let error as ThumbLabError where error.refusesAnalysis {
                    notComputed.append(
                        "\(instrument.instrument.name) scores over "
                            + "\(instrument.factors.map(names.factor).joined(separator: " x ")): \(error)"
                    )
                }
            }
        }
        let firsts = gathered.firsts!.firstTrials(labels: resolved.layout.participants)
        let orderEffects = try reportOrderEffects(
            factors: design.factors, selection: selection,
            firstTrials: Dictionary(uniqueKeysWithValues: zip(factors, firsts)),
            notComputed: &notComputed)
        var fedScreen = sharedScreen
        fedScreen?.binner = gathered.screen!
        let spatial = try reportSpatial(selection: selection, factor: factors.first, fed: fedScreen)
        var report = StudyReport(
            version: version, selection: summary.selection, design: design, summary: summary, comparisons: comparisons,
            scores: scores, scoreComparisons: scoreComparisons, counterbalancing: orderEffects, spatial: spatial,
            notComputed: notComputed, provenance: batches, names: names)
        report.posthoc = request.posthoc
        report.derivedFactors = try database.derivedFactors(study: resolved.layout.study)
        if phrases > 0 {
            report.learningCurves = try learningCurves(selection: selection)
            report.learningCurves?.hasKeystrokes = keystrokes
            if try database.hasKeyTaps(study: resolved.layout.study) {
                do {
                    report.keyOffsets = try keyOffsets(selection: selection)
                } catch ThumbLabError.parameter(let problem) {
                    report.notComputed.append("key-press offsets: \(problem)")
                }
            }
        }
        report.participantsDescription = ParticipantsDescription(
            participants: design.participants,
            attributes: try database.participantAttributes(study: resolved.layout.study))
        return report
    }
}

/// The version of the ThumbLab library, which reports state in their Methods.
public enum ThumbLabVersion {
    public static let current = "0.2.0"
}
