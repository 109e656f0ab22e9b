import ThumbLabStats

/// The test a comparison runs and, in words, why.
struct TestPlan: Equatable {
    var test: ComparisonTest
    var reasons: [String]
    /// The test and why, as a clause for a Methods sentence.
    var rationale: [ProseSpan] = []
}

/// Chooses the test for a design (DESIGN.md; the `compare` issue's rules for `auto`) and
/// checks that a requested test fits it.
enum TestChoice {
    /// The plan for `requested` on `data`; `trialLevel` when trial-level data (the aggregate
    /// `none`) are asked for, which `auto` meets with the measure's `mixedModel`.
    static func plan(
        requested: ComparisonTest, data: ComparisonData, ordinal: Bool, mixedModel: ComparisonTest?, alpha: Double,
        trialLevel: Bool = false, names: DisplayNames = DisplayNames()
    ) throws -> TestPlan {
        let design = data.design
        var reasons = [describe(design, data: data, names: names)]
        if requested == .lmm || requested == .glmm {
            guard requested == mixedModel else {
                throw ThumbLabError.comparison(.mixedModelMismatch(test: requested.rawValue))
            }
            reasons.append("\(requested.rawValue) as requested: \(mixedModelReason(requested))")
            return TestPlan(
                test: requested, reasons: reasons,
                rationale: [.text("\(ComparisonText.named(requested)), as requested")])
        }
        if requested != .auto {
            try check(requested, fits: data)
            reasons.append("\(requested.rawValue) as requested.")
            return TestPlan(
                test: requested, reasons: reasons,
                rationale: [.text("\(ComparisonText.named(requested)), as requested")])
        }
        if let mixedModel, !design.partlyWithin.isEmpty, !ordinal {
            let factors = design.partlyWithin.map(names.factor).joined(separator: " and ")
            reasons.append(
                "Participants at only some levels of \(factors): a mixed model uses every trial, where an RM-ANOVA "
                    + "would drop them: " + mixedModelReason(mixedModel))
            return TestPlan(
                test: mixedModel, reasons: reasons,
                rationale: [
                    .text(
                        "\(ComparisonText.named(mixedModel)), because some participants were measured at only "
                            + "some levels of \(factors) and a repeated-measures ANOVA would have left them out")
                ])
        }
        if let mixedModel, trialLevel, !ordinal {
            reasons.append("Trial-level data (aggregate none) asked for: " + mixedModelReason(mixedModel))
            return TestPlan(
                test: mixedModel, reasons: reasons,
                rationale: [.text("\(ComparisonText.named(mixedModel)), as every trial was to enter the analysis")])
        }
        if let mixedModel, !design.dropped.isEmpty, !ordinal {
            let names = design.dropped.map(\.participant).joined(separator: ", ")
            reasons.append(
                "\(names) lack\(design.dropped.count == 1 ? "s" : "") a cell, so instead of dropping "
                    + "\(design.dropped.count == 1 ? "that participant" : "them") (as an RM-ANOVA must): "
                    + mixedModelReason(mixedModel))
            return TestPlan(
                test: mixedModel, reasons: reasons,
                rationale: [
                    .text(
                        "\(ComparisonText.named(mixedModel)), because \(names) had no data in some cell and a "
                            + "repeated-measures ANOVA would have left "
                            + "\(design.dropped.count == 1 ? "that participant" : "them") out")
                ])
        }
        let levels = data.firstFactorLevels.count
        let oneFactor = data.factorCount == 1
        if ordinal {
            let test: ComparisonTest =
                if oneFactor, design.between.isEmpty { levels == 2 ? .wilcoxon : .friedman } else if oneFactor {
                    levels == 2 ? .mannWhitney : .kruskalWallis
                } else { .art }
            reasons.append("The measure is ordinal, so a rank-based test: \(ComparisonText.named(test)).")
            return TestPlan(
                test: test, reasons: reasons,
                rationale: [.text("\(ComparisonText.named(test)), as the measure is ordinal")])
        }
        let parametric: ComparisonTest
        let nonparametric: ComparisonTest
        let normality: Normality
        switch (oneFactor, design.between.isEmpty, design.within.isEmpty) {
        case (true, true, _) where levels == 2:
            (parametric, nonparametric) = (.pairedT, .wilcoxon)
            let (a, b) = pair(data)
            normality = Normality.check([zip(a, b).map { $0 - $1 }], of: "the paired differences", alpha: alpha)
        case (true, true, _):
            (parametric, nonparametric) = (.rmANOVA, .friedman)
            normality = Normality.check([data.residuals()], of: "the ANOVA residuals", alpha: alpha)
        case (true, false, _):
            (parametric, nonparametric) = levels == 2 ? (.welchT, .mannWhitney) : (.anova, .kruskalWallis)
            normality = Normality.check(data.samples(factor: 0), of: "each group", alpha: alpha)
        case (false, true, _):
            (parametric, nonparametric) = (.rmANOVA, .art)
            normality = Normality.check([data.residuals()], of: "the ANOVA residuals", alpha: alpha)
        case (false, false, true):
            (parametric, nonparametric) = (.anova, .art)
            normality = Normality.check([data.residuals()], of: "the ANOVA residuals", alpha: alpha)
        case (false, false, false):
            (parametric, nonparametric) = (.mixedANOVA, .art)
            normality = Normality.check([data.residuals()], of: "the ANOVA residuals", alpha: alpha)
        }
        reasons.append(normality.sentence)
        let test = normality.rejected ? nonparametric : parametric
        reasons.append(
            normality.rejected
                ? "So \(ComparisonText.named(test)) rather than \(ComparisonText.named(parametric))."
                : "So \(ComparisonText.named(test)).")
        let chosen =
            normality.rejected
            ? "\(ComparisonText.named(test)) rather than \(ComparisonText.named(parametric))"
            : ComparisonText.named(test)
        var rationale: [ProseSpan] = [.text("\(chosen), as Shapiro-Wilk's test on \(normality.what) (")]
        for (index, result) in normality.results.enumerated() {
            if index > 0 { rationale.append(.text("; ")) }
            rationale.append(result)
        }
        rationale.append(.text(normality.rejected ? ") rejected normality" : ") did not reject normality"))
        return TestPlan(test: test, reasons: reasons, rationale: rationale)
    }

    /// What a mixed model does, in words.
    static func mixedModelReason(_ test: ComparisonTest) -> String {
        test == .lmm
            ? "a linear mixed model of every trial (ln time for times) with a random intercept per participant, "
                + "fitted by REML as lme4, F tests with Satterthwaite df as lmerTest."
            : "a logistic mixed model of every trial's miss with a random intercept per participant, fitted by the "
                + "Laplace approximation as glmer, type III Wald chi-square tests as car::Anova."
    }

    /// The first two cells' values of a one-factor within design, participant by participant.
    static func pair(_ data: ComparisonData) -> ([Double], [Double]) {
        let complete = data.rows.filter { $0.count >= 2 && $0[0] != nil && $0[1] != nil }
        return (complete.map { $0[0]! }, complete.map { $0[1]! })
    }

    private static func describe(_ design: InferredDesign, data: ComparisonData, names: DisplayNames) -> String {
        let parts = data.scheme.factors.enumerated().map { position, factor in
            let kind =
                design.partlyWithin.contains(factor)
                ? "within some participants, between others"
                : design.within.contains(factor) ? "within subjects" : "between subjects"
            return "\(names.factor(factor)) (\(kind), \(data.scheme.levels(ofFactor: position).count) levels)"
        }
        return "Design: \(parts.joined(separator: " x ")), \(design.kept.count) participants."
    }

    private static func check(_ test: ComparisonTest, fits data: ComparisonData) throws {
        let design = data.design
        let levels = data.firstFactorLevels.count
        let oneWithin = data.factorCount == 1 && design.between.isEmpty
        let oneBetween = data.factorCount == 1 && design.within.isEmpty
        let fits: Bool
        let needs: TestRequirement
        switch test {
        case .auto, .art, .lmm, .glmm:
            (fits, needs) = (true, .withinAndBetweenFactors)
        case .pairedT, .wilcoxon:
            (fits, needs) = (oneWithin && levels == 2, .oneWithinFactorOfTwoLevels)
        case .friedman:
            (fits, needs) = (oneWithin, .oneWithinFactor)
        case .rmANOVA:
            (fits, needs) = (design.between.isEmpty, .withinFactorsOnly)
        case .welchT, .studentT, .mannWhitney:
            (fits, needs) = (oneBetween && levels == 2, .oneBetweenFactorOfTwoLevels)
        case .kruskalWallis:
            (fits, needs) = (oneBetween, .oneBetweenFactor)
        case .anova:
            (fits, needs) = (design.within.isEmpty, .betweenFactorsOnly)
        case .mixedANOVA:
            (fits, needs) = (!design.within.isEmpty && !design.between.isEmpty, .withinAndBetweenFactors)
        }
        if !fits {
            let factors = data.scheme.factors.enumerated().map { position, factor in
                DesignFactor(
                    name: factor, isWithin: design.within.contains(factor),
                    levels: data.scheme.levels(ofFactor: position).count)
            }
            throw ThumbLabError.comparison(
                .testMismatch(
                    test: test.rawValue, requirement: needs, factors: factors, participants: design.kept.count))
        }
    }
}

/// The Shapiro-Wilk checks behind `auto`'s choice between a parametric test and its
/// rank-based alternative (rejection at `alpha`, .05 by default).
struct Normality {
    var rejected: Bool
    var sentence: String
    /// What was checked, such as "the ANOVA residuals".
    var what: String = ""
    /// Each sample's Shapiro-Wilk result in APA style, or why it was not testable.
    var results: [ProseSpan] = []

    static func check(_ samples: [[Double]], of what: String, alpha: Double) -> Normality {
        var results: [ProseSpan] = []
        var rejected = false
        for sample in samples {
            guard sample.count >= 3, sample.count <= 5000, let test = try? ShapiroWilk.test(sample) else {
                results.append(.text("not testable (n = \(sample.count))"))
                continue
            }
            results.append(.statistic(test.apaStatistic))
            if test.p < alpha { rejected = true }
        }
        let verdict = rejected ? "rejects normality at \(APA.unit(alpha, digits: 2))" : "does not reject normality"
        return Normality(
            rejected: rejected,
            sentence: "Shapiro-Wilk on \(what) \(verdict) (\(results.map(\.text).joined(separator: "; "))).",
            what: what,
            results: results)
    }
}
