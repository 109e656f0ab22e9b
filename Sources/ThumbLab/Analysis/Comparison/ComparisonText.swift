import ThumbLabStats

/// The words of a comparison: a Results paragraph (``paragraph``) and a Methods paragraph
/// that says what was selected, how it was aggregated, which test ran and why. Factors and
/// levels are named through ``DisplayNames``.
struct ComparisonText {
    var request: ComparisonRequest
    var selection: SelectionSummary
    var comparisons: [Comparison]
    var names = DisplayNames()

    /// What the measure is, as a sentence names it.
    var measureName: String {
        switch request.measure {
        case .time: "time"
        case .error: "error rate"
        case .column(let column): DisplayNames.words(column.rawValue)
        case .score(let instrument):
            Study.scorePart(instrument).part.map {
                "\(Instrument(recognizing: Study.scorePart(instrument).instrument).name) \($0) score"
            } ?? "\(instrument) score"
        case .throughput: "throughput"
        case .logged(let name): DisplayNames.words(name)
        case .phrase(let column): column.words
        case .item(let name): names.itemLabels[name].map { "rating of \(name) (“\($0)”)" } ?? "rating of \(name)"
        }
    }

    /// The measure's name starting with a capital, for a paragraph's run-in heading.
    var measureTitle: String { measureName.prefix(1).uppercased() + measureName.dropFirst() }

    /// The Results paragraph's sentences as plain text.
    var sentences: [String] { sentenceSpans.map { ProseParagraph($0).plainText } }

    /// A marginal or cell mean as the sentences give it: `1109 ms`, `30.3%`, `4.50`.
    func formattedMean(_ value: Double) -> String { meanNumber(value).text }

    /// A marginal or cell mean as a number with its unit and precision: whole ms, rates in
    /// % to one decimal, throughput in bits/s and scores to two decimals, WPM to one.
    func meanNumber(_ value: Double) -> ProseNumber {
        switch request.measure {
        case .time: ProseNumber(value.rounded(), precision: 0, unit: "ms")
        case .error: ProseNumber(value * 100, precision: 1, unit: "%")
        case .throughput: ProseNumber(value, precision: 2, unit: "bits/s")
        case .phrase(let column) where column.isRate: ProseNumber(value * 100, precision: 1, unit: "%")
        case .phrase(.wpm), .phrase(.adjustedWPM): ProseNumber(value, precision: 1, unit: "WPM")
        default: ProseNumber(value, precision: 2)
        }
    }

    /// What the means are, for a parenthesis that lists them: "geometric means".
    var meansName: String {
        switch (request.measure, request.cellAggregate) {
        case (.time, .geomean): "geometric means"
        case (.error, _): "mean error rates"
        case (_, .median): "means of participants' medians"
        default: "means"
        }
    }

    /// A test's contract name in words: `paired-t` is a paired t-test.
    static func label(_ test: String) -> String {
        switch test {
        case "paired-t": "paired t-test"
        case "welch-t": "Welch's t-test"
        case "student-t": "Student's t-test"
        case "wilcoxon": "Wilcoxon signed-rank test"
        case "mann-whitney": "Mann-Whitney U test"
        case "rm-anova": "repeated-measures ANOVA"
        case "mixed-anova": "mixed ANOVA"
        case "anova": "between-subjects ANOVA"
        case "friedman": "Friedman test"
        case "art": "aligned rank transform (ART) ANOVA"
        case "kruskal-wallis": "Kruskal-Wallis test"
        case "lmm": "linear mixed model"
        case "glmm": "logistic mixed model"
        case "conover": "Conover's test"
        case "art-c": "ART-C contrasts"
        case "emmeans": "contrasts of estimated marginal means"
        default: test
        }
    }

    /// A test in words with its article: "a repeated-measures ANOVA", "an aligned rank ...".
    static func named(_ test: ComparisonTest) -> String {
        let words = label(test.rawValue)
        return (words.first.map { "aeiouAEIOU".contains($0) } == true ? "an " : "a ") + words
    }

    /// How one value per participant and cell was made, as a clause.
    var aggregation: String {
        switch request.cellAggregate {
        case .geomean:
            "was reduced to one value per participant and cell, the mean of ln \(measureName) (a geometric "
                + "mean); tests ran on that log scale and means are reported back-transformed"
        case .mean where request.measure == .throughput:
            "is the mean of each participant's sequence throughputs in a cell (TP = IDe / MT per sequence of one "
                + "amplitude and width, ISO 9241-411 as codified by Soukoreff & MacKenzie 2004; every attempt counts)"
        case .mean: "was averaged per participant and cell (arithmetic mean)"
        case .median: "was reduced to each participant's median per cell"
        case .proportion: "is, per participant and cell, the proportion of trials that missed"
        case .trialLevel: "entered trial by trial"
        }
    }

    /// A factor list in words: "technique × target size (mm) × mobility".
    var factorsInWords: String { request.factors.map(names.factor).joined(separator: " × ") }

    /// The compare command's Methods paragraph: the selection, then ``measureMethods`` and
    /// ``followUpMethods``.
    var methods: String {
        var parts = [
            "\(measureTitle) was compared across \(factorsInWords) using \(selection.sentence)."
        ]
        if !selection.cleaningMethods.isEmpty { parts.append(selection.cleaningMethods) }
        parts.append(measureMethods)
        parts.append(followUpMethods)
        return parts.joined(separator: " ")
    }

    /// This measure's aggregation, test and why, model formula and participants left out.
    var measureMethods: String { MethodsFact.text(measureFacts) }

    /// ``measureMethods`` as facts: the aggregation, the test of each comparison and why
    /// (with its model, random effects and participants left out), then the corrections.
    var measureFacts: [MethodsFact] {
        let measure = request.measure.description
        var facts: [MethodsFact] = []
        let mixed = comparisons.contains { $0.tests.contains { $0.model != nil } }
        let aggregated = comparisons.contains { $0.tests.contains { $0.model == nil } }
        let sheets = request.measure.isScore ? " (\(NumberText.grouped(selection.trials)) questionnaire sheets)" : ""
        if aggregated || !mixed {
            facts.append(MethodsFact(.aggregation, measure, text: "\(measureTitle)\(sheets) \(aggregation)."))
        }
        if mixed {
            facts.append(
                MethodsFact(
                    .aggregation, measure + " (mixed models)",
                    text: "The mixed models used every trial (no aggregation); the cell descriptives are per "
                        + "participant, as \(measureName) \(aggregation)."))
        }
        for comparison in comparisons {
            let at = comparison.byLevel.map { " at \(names.factor($0.factor)) \(names.level($0.level, of: $0.factor))" }
            let rationale =
                comparison.rationale.isEmpty ? [.text(comparison.reasons.joined(separator: " "))] : comparison.rationale
            let subject = facts.isEmpty ? "\(measureTitle)\(at ?? "")" : "It\(at ?? "")"
            var spans: [ProseSpan] = [.text("\(subject) was analysed over \(factorsInWords) with ")]
            spans += rationale
            var after = "."
            if let model = comparison.tests.first?.model {
                after += " Model, in lme4 syntax: \(model)."
            }
            if let random = comparison.randomEffects, random.requested != .intercept {
                after += " " + random.methodsSentence
            }
            if !comparison.design.dropped.isEmpty {
                after +=
                    " Left out for empty cells: "
                    + comparison.design.dropped.map { "\($0.participant) (\($0.reason))" }.joined(separator: ", ") + "."
            }
            facts.append(MethodsFact(.test, measure + (at ?? ""), spans + [.text(after)]))
        }
        if !sphericityMethods.isEmpty { facts.append(MethodsFact(.correction, measure, text: sphericityMethods)) }
        if let by = request.by {
            facts.append(
                MethodsFact(
                    .correction, "\(measure) across \(by)",
                    text: "Omnibus p-values were adjusted across the levels of \(names.factor(by)) "
                        + "(\(request.adjust.rawValue))."))
        }
        return facts
    }

    /// The follow-up tests of this request's scope, their adjustment and ART's caveat.
    var followUpMethods: String { MethodsFact.text(followUpFacts) }

    /// ``followUpMethods`` as facts: the pairwise tests, the simple effects, ART's caveat.
    var followUpFacts: [MethodsFact] {
        var facts: [MethodsFact] = []
        let alpha = ProseSpan.statistic(APAStatistic([.init("α", APA.unit(request.alpha, digits: 2))]))
        let pairs = "pairwise comparisons (\(pairTests)), p-values adjusted with \(adjustName) within each effect"
        switch request.posthoc {
        case .main:
            facts.append(
                MethodsFact(
                    .followUp, "pairs",
                    [
                        .text("Significant main effects ("), alpha,
                        .text(") with more than two levels were followed by \(pairs)."),
                    ]))
            guard request.factors.count > 1 else { break }
            facts.append(
                MethodsFact(
                    .followUp, "simple effects",
                    text:
                        "A significant interaction was read through its simple effects: the effect of its first factor "
                        + "at each level of the other (or each combination of the others), tested by the same kind of "
                        + "test on the participants' values at that level, averaged over the remaining factors, with "
                        + "p-values adjusted with \(adjustName) across those levels."))
        case .all:
            facts.append(
                MethodsFact(
                    .followUp, "pairs",
                    [
                        .text("Significant effects ("), alpha,
                        .text(
                            ") with more than two levels or cells were followed by \(pairs); after ART, interactions "
                                + "were compared cell by cell."),
                    ]))
        case .none:
            facts.append(
                MethodsFact(
                    .followUp, "pairs",
                    [.text("Omnibus tests only were run ("), alpha, .text("); no post-hoc comparisons.")]))
        }
        if comparisons.contains(where: { $0.tests.contains { $0.test == "art" } }) {
            facts.append(
                MethodsFact(
                    .followUp, "art",
                    [
                        .text("ART follows "), .citation(Citation("Wobbrock et al.", 2011, narrative: true)),
                        .text(" and ART-C "),
                        .citation(Citation("Elkin et al.", 2021, narrative: true)),
                        .text(
                            "; ART can inflate Type I error for effects other than the one aligned when data are far "
                                + "from normal or heteroscedastic."),
                    ]))
        }
        return facts
    }

    /// The pairwise tests these comparisons ran, in words; every kind the request could run
    /// when none ran.
    var pairTests: String {
        let words: [(String, String)] = [
            ("paired-t", "paired t-tests between within-subjects levels"),
            ("welch-t", "Welch's t-tests between groups"),
            ("mann-whitney", "Mann-Whitney U tests after Kruskal-Wallis"),
            ("conover", "Conover's tests after Friedman"),
            ("art-c", "ART-C contrasts after ART"),
            ("emmeans", "contrasts of estimated marginal means, as emmeans, after a mixed model"),
        ]
        let ran = Set(comparisons.flatMap { $0.posthoc.map(\.test) })
        let used = words.filter { ran.contains($0.0) }.map(\.1)
        let list = used.isEmpty ? words.map(\.1) : used
        return WordList.listed(list)
    }

    /// The terms whose df and p were corrected by Greenhouse-Geisser, as a sentence; empty
    /// when there are none.
    var sphericityMethods: String {
        var corrected: [String] = []
        for comparison in comparisons {
            for test in comparison.tests where test.correction == "GG" && !corrected.contains(test.term) {
                corrected.append(test.term)
            }
        }
        let simple = comparisons.flatMap(\.simpleEffects).filter { $0.test.correction == "GG" }.count
        var terms = corrected.map(names.term)
        if simple > 0 { terms.append("\(simple) simple effect\(simple == 1 ? "" : "s")") }
        guard !terms.isEmpty else { return "" }
        return
            "Where Mauchly's test rejected sphericity (\(WordList.listed(terms))), degrees of freedom and p-values were corrected "
            + "by the Greenhouse-Geisser ε."
    }

    /// The adjustment in words: "Holm's method".
    var adjustName: String {
        switch request.adjust {
        case .method(.holm): "Holm's method"
        case .method(.bonferroni): "Bonferroni's correction"
        case .method(.hochberg): "Hochberg's method"
        case .method(.benjaminiHochberg): "the Benjamini-Hochberg method"
        case .method(.benjaminiYekutieli): "the Benjamini-Yekutieli method"
        case .method(let method): "the \(method.rawValue) method"
        case .none: "no adjustment"
        }
    }
}
