import Foundation
import Testing

@testable import ThumbLab

/// `compare` on the bundled dataset against pingouin, scipy and hand-checked formulas run
/// independently on the same aggregated data (Fixtures/analysis/gen_reference.py).
@Suite struct ComparisonReferenceTests {
    let folder = TemporaryFolder()

    func compare(
        _ measure: Measure, _ factors: [String], levels: [String]? = nil, test: ComparisonTest = .auto,
        files: [String] = ["trials.csv"], selection: Selection = Selection()
    ) throws -> ComparisonReport {
        try bundledStudy(files, folder: folder).compare(
            ComparisonRequest(measure: measure, factors: factors, levels: levels, test: test), selection: selection)
    }

    @Test func twoTechniquesOnTimeAutoChoosesPairedT() throws {
        let report = try compare(.time, ["technique"], levels: ["Direct", "Shift"])
        let comparison = try #require(report.comparisons.first)
        let test = try #require(comparison.tests.first)
        #expect(test.test == "paired-t")
        #expect(close(test.statistic, try referenceNumber("paired_time", "paired_t", "t")))
        #expect(close(test.df, try referenceNumber("paired_time", "paired_t", "df")))
        #expect(close(test.p, try referenceNumber("paired_time", "paired_t", "p")))
        #expect(close(test.effectSize?.value, try referenceNumber("paired_time", "paired_t", "d_z")))
        #expect(comparison.reasons.joined().contains("does not reject normality"))
        for level in comparison.levels {
            for field in ["mean", "sd", "median", "ci_low", "ci_high"] {
                let value =
                    switch field {
                    case "mean": level.mean
                    case "sd": level.sd
                    case "median": level.median
                    case "ci_low": level.ciLow
                    default: level.ciHigh
                    }
                #expect(close(value, try referenceNumber("paired_time", "levels", level.level, field)), "\(field)")
            }
        }
        #expect(report.participantsUsed == 16)
        #expect(report.selection.trials == 3456)
    }

    @Test func twoTechniquesOnTimeWilcoxonExact() throws {
        let report = try compare(.time, ["technique"], levels: ["Direct", "Shift"], test: .wilcoxon)
        let test = try #require(report.comparisons.first?.tests.first)
        #expect(test.test == "wilcoxon")
        #expect(test.wPlus == (try referenceNumber("paired_time", "wilcoxon", "V")))
        #expect(test.wMinus == (try referenceNumber("paired_time", "wilcoxon", "W_minus")))
        #expect(close(test.p, try referenceNumber("paired_time", "wilcoxon", "p")))
        #expect(test.method == "exact")
        #expect(close(test.effectSize?.value, try referenceNumber("paired_time", "wilcoxon", "rank_biserial")))
    }

    @Test func twoTechniquesOnErrorsWilcoxonNormalApproximation() throws {
        let paired = try compare(.error, ["technique"], levels: ["Direct", "Shift"], test: .pairedT)
        let t = try #require(paired.comparisons.first?.tests.first)
        #expect(close(t.statistic, try referenceNumber("paired_error", "paired_t", "t")))
        #expect(close(t.p, try referenceNumber("paired_error", "paired_t", "p")))
        let report = try compare(.error, ["technique"], levels: ["Direct", "Shift"], test: .wilcoxon)
        let test = try #require(report.comparisons.first?.tests.first)
        #expect(test.method == "normal")
        #expect(close(test.wPlus, try referenceNumber("paired_error", "wilcoxon", "V")))
        // Proportions of 108 trials computed in floating point, as the per-participant values are.
        #expect(close(test.p, try referenceNumber("paired_error", "wilcoxon", "float_differences", "p"), 1e-9))
    }

    @Test func threeTechniquesRMANOVAWithEpsilonsAndPostHoc() throws {
        let report = try compare(.time, ["technique"], test: .rmANOVA)
        let comparison = try #require(report.comparisons.first)
        let test = try #require(comparison.tests.first)
        #expect(test.test == "rm-anova")
        for (field, value) in [
            ("F", test.statistic), ("df1", test.df1), ("df2", test.df2), ("p", test.p), ("ges", test.ges),
            ("pes", test.pes), ("epsilon_gg", test.epsilonGG), ("epsilon_hf", test.epsilonHF), ("p_gg", test.pGG),
            ("mauchly_W", test.mauchlyW), ("mauchly_p", test.mauchlyP),
        ] {
            #expect(close(value, try referenceNumber("rm_anova_time", field), 1e-8), "\(field)")
        }
        let posthoc = try #require(reference("rm_anova_time", "posthoc") as? [[String: Any]])
        #expect(comparison.posthoc.count == posthoc.count)
        for (pair, expected) in zip(comparison.posthoc, posthoc) {
            #expect(pair.a == expected["a"] as? String && pair.b == expected["b"] as? String)
            #expect(pair.test == "paired-t")
            #expect(close(pair.statistic, expected["t"] as! Double))
            #expect(close(pair.p, expected["p_unc"] as! Double))
            #expect(close(pair.pAdjusted, expected["p_holm"] as! Double))
        }
    }

    @Test func friedmanWithConover() throws {
        let report = try compare(.time, ["technique"], test: .friedman)
        let comparison = try #require(report.comparisons.first)
        let test = try #require(comparison.tests.first)
        #expect(close(test.statistic, try referenceNumber("friedman_time", "chi2")))
        #expect(close(test.p, try referenceNumber("friedman_time", "p")))
        #expect(close(test.kendallW, try referenceNumber("friedman_time", "kendall_w")))
        let conover = try #require(reference("friedman_time", "conover") as? [[String: Any]])
        #expect(comparison.posthoc.count == conover.count)
        for (pair, expected) in zip(comparison.posthoc, conover) {
            #expect(pair.test == "conover")
            #expect(close(abs(pair.statistic), abs(expected["t"] as! Double)))
            #expect(close(pair.p, expected["p_unc"] as! Double, 1e-8))
            #expect(close(pair.pAdjusted, expected["p_holm"] as! Double, 1e-8))
        }
    }

    @Test func artTwoByThreeWithARTC() throws {
        let report = try compare(.time, ["mobility", "technique"], test: .art)
        let comparison = try #require(report.comparisons.first)
        let terms = try #require(reference("art_time", "terms") as? [[String: Any]])
        for expected in terms {
            let name = expected["term"] as! String
            let test = try #require(comparison.tests.first { $0.term == name })
            #expect(close(test.statistic, expected["F"] as! Double, 1e-8), "\(name)")
            #expect(close(test.df2, expected["df2"] as! Double), "\(name)")
            #expect(close(test.p, expected["p"] as! Double, 1e-7), "\(name)")
        }
        let contrasts = try #require(reference("art_time", "contrasts_technique") as? [[String: Any]])
        let technique = comparison.posthoc.filter { $0.term == "technique" }
        #expect(technique.count == contrasts.count)
        for (pair, expected) in zip(technique, contrasts) {
            #expect(pair.test == "art-c")
            #expect(close(pair.statistic, expected["t"] as! Double, 1e-8))
            #expect(close(pair.df, expected["df"] as! Double))
            #expect(close(pair.pAdjusted, expected["p_holm"] as! Double, 1e-7))
        }
    }

    @Test func betweenGroupsWelchStudentMannWhitney() throws {
        let files = [analysisFixture("between_trials.csv")]
        let welch = try #require(try compare(.time, ["group"], files: files).comparisons.first?.tests.first)
        #expect(welch.test == "welch-t")
        #expect(close(welch.statistic, try referenceNumber("between", "welch", "t")))
        #expect(close(welch.df, try referenceNumber("between", "welch", "df")))
        #expect(close(welch.p, try referenceNumber("between", "welch", "p")))
        let student = try #require(
            try compare(.time, ["group"], test: .studentT, files: files).comparisons.first?.tests.first)
        #expect(close(student.p, try referenceNumber("between", "student", "p")))
        let mw = try #require(
            try compare(.time, ["group"], test: .mannWhitney, files: files).comparisons.first?.tests.first)
        #expect(mw.statistic == (try referenceNumber("between", "mann_whitney", "U")))
        #expect(close(mw.p, try referenceNumber("between", "mann_whitney", "p")))
        #expect(close(mw.effectSize?.value, try referenceNumber("between", "mann_whitney", "rank_biserial")))
    }

    @Test func threeCohortsKruskalWallisAndANOVA() throws {
        let files = [analysisFixture("between_trials.csv")]
        let kw = try #require(
            try compare(.time, ["cohort"], test: .kruskalWallis, files: files).comparisons.first?.tests.first)
        #expect(close(kw.statistic, try referenceNumber("between", "kruskal", "H")))
        #expect(close(kw.p, try referenceNumber("between", "kruskal", "p")))
        #expect(close(kw.effectSize?.value, try referenceNumber("between", "kruskal", "epsilon_squared")))
        let anova = try #require(
            try compare(.time, ["cohort"], test: .anova, files: files).comparisons.first?.tests.first)
        #expect(close(anova.statistic, try referenceNumber("between", "anova", "F")))
        #expect(close(anova.p, try referenceNumber("between", "anova", "p")))
    }

    @Test func mixedANOVAGroupByTechnique() throws {
        let files = [analysisFixture("between_trials.csv")]
        let report = try compare(.time, ["group", "technique"], files: files)
        let comparison = try #require(report.comparisons.first)
        #expect(comparison.design.between == ["group"] && comparison.design.within == ["technique"])
        #expect(comparison.tests.first?.test == "mixed-anova")
        for term in ["group", "technique", "group:technique"] {
            let test = try #require(comparison.tests.first { $0.term == term })
            #expect(close(test.statistic, try referenceNumber("mixed_anova", term, "F"), 1e-8), "\(term)")
            #expect(close(test.p, try referenceNumber("mixed_anova", term, "p"), 1e-7), "\(term)")
            #expect(close(test.ges, try referenceNumber("mixed_anova", term, "ges"), 1e-8), "\(term)")
        }
        let technique = try #require(comparison.tests.first { $0.term == "technique" })
        #expect(close(technique.epsilonGG, try referenceNumber("mixed_anova", "technique", "epsilon_gg"), 1e-8))
        #expect(technique.correction == "GG")
    }

    @Test func excludingALevelLeavesAPairedComparison() throws {
        let report = try compare(
            .time, ["technique"], selection: Selection(exclude: [LevelFilter(factor: "technique", levels: ["Shift"])]))
        let test = try #require(report.comparisons.first?.tests.first)
        #expect(test.test == "paired-t")
        #expect(close(test.statistic, try referenceNumber("exclude_shift_rm", "paired_t", "t")))
    }
}
