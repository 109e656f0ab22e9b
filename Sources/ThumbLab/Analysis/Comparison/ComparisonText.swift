import ThumbLabStats

/// The words of a comparison: APA sentences for a Results section and a Methods paragraph
/// that says what was selected, how it was aggregated, which test ran and why.
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
        case .column(let column): column.rawValue.replacingOccurrences(of: "_", with: " ")
        case .score(let instrument): "\(instrument) score"
        case .throughput: "throughput"
        }
    }

    var sentences: [String] {
        comparisons.flatMap { comparison -> [String] in
            let prefix = comparison.byLevel.map { "For \(byText($0)), " } ?? ""
            var lines = comparison.tests.map { test in
                let significant = test.decisiveP < request.alpha
                let effect = significant ? "had a significant effect on" : "had no significant effect on"
                let adjusted =
                    test.pAdjusted.map {
                        ", p_\(test.adjust ?? "") \(APA.p($0).dropFirst(2)) across \(request.by.map(names.factor) ?? "") levels"
                    } ?? ""
                let levels = levelMeans(comparison, term: test.term).map { " (\($0))" } ?? ""
                let sentence =
                    "\(names.term(test.term)) \(effect) \(measureName)\(levels), \(label(test.test)): \(test.apa)\(adjusted)."
                return prefix + sentence
            }
            // Interaction contrasts stay in the post-hoc table: a sentence per cell pair would bury the results.
            lines += comparison.posthoc.filter { $0.pAdjusted < request.alpha && !$0.term.contains(":") }.map { pair in
                "\(prefix)\(names.levels(pair.a, of: pair.term)) and \(names.levels(pair.b, of: pair.term)) differed "
                    + "(\(pair.test), \(names.term(pair.term))): \(pair.apa)."
            }
            return lines.map { $0.prefix(1).uppercased() + $0.dropFirst() }
        }
    }

    /// `Direct: M_geo = 1234 ms, Shift: M_geo = 1456 ms`: a main effect's marginal means,
    /// when the factor has at most six levels.
    private func levelMeans(_ comparison: Comparison, term: String) -> String? {
        guard let means = comparison.marginalMeans.first(where: { $0.factor == term })?.means, means.count <= 6 else {
            return nil
        }
        return means.map { "\(names.level($0.level, of: term)): \(formattedMean($0.mean))" }.joined(separator: ", ")
    }

    /// A marginal mean as the sentences give it: `M_geo = 1234 ms`, `30.3%`, `M = 4.50`.
    func formattedMean(_ value: Double) -> String {
        switch (request.measure, request.cellAggregate) {
        case (.time, .geomean): "M_geo = \(Int(value.rounded())) ms"
        case (.time, _): "\(Int(value.rounded())) ms"
        case (.error, _): "\(APA.value(value * 100, digits: 1))%"
        case (.throughput, _): "\(APA.value(value)) bits/s"
        default: "M = \(APA.value(value))"
        }
    }

    /// A test's name in words: `paired-t` is a paired t-test.
    func label(_ test: String) -> String {
        switch test {
        case "paired-t": "paired t-test"
        case "welch-t": "Welch's t-test"
        case "student-t": "Student's t-test"
        case "wilcoxon": "Wilcoxon signed-rank test"
        case "mann-whitney": "Mann-Whitney U test"
        case "rm-anova": "repeated-measures ANOVA"
        case "mixed-anova": "mixed ANOVA"
        case "anova": "ANOVA"
        case "friedman": "Friedman test"
        case "art": "aligned rank transform ANOVA"
        case "kruskal-wallis": "Kruskal-Wallis test"
        case "lmm": "linear mixed model"
        case "glmm": "logistic mixed model"
        default: test
        }
    }

    /// `mobility = walking`, as a sentence names a level of the `by` factor.
    private func byText(_ byLevel: (factor: String, level: String)) -> String {
        "\(names.factor(byLevel.factor)) = \(names.level(byLevel.level, of: byLevel.factor))"
    }

    var aggregation: String {
        switch request.cellAggregate {
        case .geomean:
            "each participant's trials in a cell were reduced to the mean of ln \(measureName) (a geometric mean), "
                + "tests ran on that log scale and means are reported back-transformed (geometric means)"
        case .mean where request.measure == .throughput:
            "each participant's throughput in a cell is the mean of their sequences' throughputs (TP = IDe / MT per "
                + "sequence of one A x W, ISO 9241-411 as codified by Soukoreff & MacKenzie 2004; every attempt counts)"
        case .mean: "each participant's values in a cell were averaged (arithmetic mean)"
        case .median: "each participant's values in a cell were reduced to their median"
        case .proportion: "each participant's error rate in a cell is the proportion of trials that missed"
        case .trialLevel: "every trial entered as it is"
        }
    }

    var methods: String {
        var parts = [
            "\(measureName.prefix(1).uppercased() + measureName.dropFirst()) was compared across "
                + "\(request.factors.map(names.factor).joined(separator: " x ")) using \(selection.sentence)."
        ]
        if !selection.cleaningMethods.isEmpty { parts.append(selection.cleaningMethods) }
        let mixed = comparisons.contains { $0.tests.contains { $0.model != nil } }
        let aggregated = comparisons.contains { $0.tests.contains { $0.model == nil } }
        if aggregated { parts.append("One value per participant and cell: \(aggregation).") }
        if mixed {
            parts.append(
                "The mixed models use every trial instead (no aggregation); the cell descriptives above are "
                    + "still per participant: \(aggregation).")
        }
        for comparison in comparisons {
            let prefix = comparison.byLevel.map { "For \(byText($0)): " } ?? ""
            parts.append(prefix + comparison.reasons.joined(separator: " "))
            if let model = comparison.tests.first?.model {
                parts.append("Model, in lme4 syntax: \(model).")
            }
            if let random = comparison.randomEffects, random.requested != .intercept {
                parts.append(random.methodsSentence)
            }
            if !comparison.design.dropped.isEmpty {
                parts.append(
                    "Left out for empty cells: "
                        + comparison.design.dropped.map { "\($0.participant) (\($0.reason))" }.joined(separator: ", ")
                        + ".")
            }
        }
        parts.append(
            "Significant omnibus tests (α = \(APA.unit(request.alpha, digits: 2))) were followed by pairwise "
                + "comparisons (paired t-tests between within-subjects levels, Welch's t-tests between groups, "
                + "Mann-Whitney after Kruskal-Wallis, Conover's test after Friedman, ART-C after ART, contrasts of "
                + "estimated marginal means as emmeans after a mixed model), "
                + "p-values adjusted with the \(request.adjust.rawValue) method.")
        if request.by != nil {
            parts.append(
                "Omnibus p-values were adjusted across the levels of \(names.factor(request.by!)) (\(request.adjust.rawValue))."
            )
        }
        if comparisons.contains(where: { $0.tests.contains { $0.test == "art" } }) {
            parts.append(
                "ART follows Wobbrock et al. (2011) and ART-C Elkin et al. (2021); ART can inflate Type I error "
                    + "for effects other than the one aligned when data are far from normal or heteroscedastic.")
        }
        return parts.joined(separator: " ")
    }
}
