import Foundation
import Testing
import ThumbLabStats

@testable import ThumbLab

/// How `compare` chooses tests, repeats them with `by`, drops incomplete participants,
/// refuses designs it cannot analyse, and the JSON it writes.
@Suite struct ComparisonBehaviourTests {
    let folder = TemporaryFolder()

    /// A study of `participants` x `levels`, `trials` trials each, time from `value`
    /// (participant index, level index, trial index); extra columns from `extra` (same indices).
    func synthetic(
        participants: Int = 12, levels: [String] = ["A", "B"], trials: Int = 4,
        extra: (Int, Int, Int) -> [(String, String)] = { _, _, _ in [] },
        value: (Int, Int, Int) -> Double
    ) throws -> Study {
        let extraNames = extra(0, 0, 0).map(\.0)
        var lines = [(["participant", "technique"] + extraNames + ["trial", "time_ms", "hit"]).joined(separator: ",")]
        for p in 0..<participants {
            for (l, level) in levels.enumerated() {
                for t in 0..<trials {
                    let fields =
                        ["S\(p + 1)", level] + extra(p, l, t).map(\.1) + [
                            "\(t + 1)", "\(value(p, l, t))", t == 0 ? "0" : "1",
                        ]
                    lines.append(fields.joined(separator: ","))
                }
            }
        }
        let path = folder.url.appendingPathComponent("synthetic-\(UUID().uuidString).csv").path
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let database = try StudyDatabase(path: path + ".sqlite")
        _ = try Importer(database: database).importFile(at: path, options: ImportOptions())
        return Study(database: database)
    }

    /// Evenly spread standard normal scores, a sample Shapiro-Wilk does not reject.
    func normalScore(_ index: Int, of count: Int) -> Double {
        Normal().quantile((Double(index) + 0.5) / Double(count))
    }

    @Test func twoWithinLevelsWithAnOutlierDifferenceChooseWilcoxon() throws {
        let study = try synthetic { p, l, _ in 1000 * (1 + 0.05 * Double(l)) * (l == 1 && p == 0 ? 8 : 1) + Double(p) }
        let comparison = try #require(
            try study.compare(ComparisonRequest(measure: .time, factors: ["technique"])).comparisons.first)
        #expect(comparison.tests.first?.test == "wilcoxon")
        #expect(comparison.reasons.joined(separator: " ").contains("rejects normality"))
    }

    @Test func threeWithinLevelsNormalResidualsChooseRMANOVAWithPostHoc() throws {
        let study = try synthetic(levels: ["A", "B", "C"]) { p, l, _ in
            Foundation.exp(
                7 + 0.3 * Double(l) + 0.1 * normalScore(p, of: 12) + 0.02 * normalScore((p * 5 + l * 7) % 12, of: 12))
        }
        let comparison = try #require(
            try study.compare(ComparisonRequest(measure: .time, factors: ["technique"])).comparisons.first)
        #expect(comparison.tests.first?.test == "rm-anova")
        #expect(comparison.posthoc.count == 3)
        #expect(comparison.posthoc.allSatisfy { $0.test == "paired-t" && $0.adjust == "holm" })
    }

    @Test func threeWithinLevelsWithOutliersChooseFriedmanThenConover() throws {
        let study = try synthetic(levels: ["A", "B", "C"]) { p, l, _ in
            1000 + 300 * Double(l) + Double(p) * 3 + (p == 2 && l == 0 ? 40000 : 0) + (p == 5 && l == 2 ? 30000 : 0)
        }
        let comparison = try #require(
            try study.compare(ComparisonRequest(measure: .time, factors: ["technique"], aggregate: .mean)).comparisons
                .first)
        #expect(comparison.tests.first?.test == "friedman")
        #expect(comparison.posthoc.allSatisfy { $0.test == "conover" })
    }

    @Test func betweenGroupsChooseWelchAndAnOrdinalScoreChoosesRanks() throws {
        let extra: (Int, Int, Int) -> [(String, String)] = { p, _, _ in [("group", p < 6 ? "G1" : "G2")] }
        let study = try synthetic(extra: extra) { p, l, _ in
            Foundation.exp(7 + 0.2 * (p < 6 ? 1 : 0) + 0.1 * normalScore(p % 6, of: 6) + 0.01 * Double(l))
        }
        let comparison = try #require(
            try study.compare(ComparisonRequest(measure: .time, factors: ["group"])).comparisons.first)
        #expect(comparison.design.between == ["group"])
        #expect(comparison.tests.first?.test == "welch-t")
        #expect(Measure.score("satisfaction").isOrdinal && !Measure.score("SUS").isOrdinal)
    }

    @Test func betweenGroupsWithAnOutlierChooseMannWhitney() throws {
        let extra: (Int, Int, Int) -> [(String, String)] = { p, _, _ in [("group", p < 6 ? "G1" : "G2")] }
        let study = try synthetic(extra: extra) { p, _, _ in
            1000 + 10 * Double(p % 6) + (p == 0 ? 90000 : 0)
        }
        let comparison = try #require(
            try study.compare(ComparisonRequest(measure: .time, factors: ["group"], aggregate: .mean)).comparisons.first
        )
        #expect(comparison.tests.first?.test == "mann-whitney")
    }

    @Test(arguments: [false, true])
    func threeGroupsChooseANOVAOrKruskalWallis(_ outlier: Bool) throws {
        let extra: (Int, Int, Int) -> [(String, String)] = { p, _, _ in [("cohort", "c\(p / 5)")] }
        let study = try synthetic(participants: 15, extra: extra) { p, _, _ in
            Foundation.exp(7 + 0.2 * Double(p / 5) + 0.1 * normalScore(p % 5, of: 5)) + (outlier && p == 0 ? 90000 : 0)
        }
        let report = try study.compare(ComparisonRequest(measure: .time, factors: ["cohort"], aggregate: .mean))
        let comparison = try #require(report.comparisons.first)
        #expect(comparison.tests.first?.test == (outlier ? "kruskal-wallis" : "anova"))
        if let test = comparison.tests.first, test.p < 0.05 {
            #expect(comparison.posthoc.allSatisfy { $0.test == (outlier ? "mann-whitney" : "welch-t") })
        }
    }

    @Test func aFactorialWithinDesignWithOutliersChoosesART() throws {
        let extra: (Int, Int, Int) -> [(String, String)] = { _, _, t in [("posture", t % 2 == 0 ? "sit" : "stand")] }
        let study = try synthetic(levels: ["A", "B", "C"], extra: extra) {
            p, l, t in
            1000 + 100 * Double(l) + 7 * Double(p) + 40 * Double(t % 2) + 15
                * normalScore((p * 7 + l * 5 + t) % 12, of: 12)
                + (p == 3 && l == 0 ? 90000 : 0)
        }
        let report = try study.compare(
            ComparisonRequest(measure: .time, factors: ["technique", "posture"], aggregate: .mean))
        let comparison = try #require(report.comparisons.first)
        #expect(comparison.design.within == ["technique", "posture"])
        #expect(comparison.tests.map(\.term) == ["technique", "posture", "technique:posture"])
        #expect(comparison.tests.allSatisfy { $0.test == "art" })
        #expect(report.methods.contains("ART can inflate Type I error"))
    }

    @Test func aParticipantWithAnEmptyCellIsDroppedAndNamed() throws {
        let path = folder.url.appendingPathComponent("gap.csv").path
        let lines = try String(
            contentsOfFile: repositoryRoot.appendingPathComponent("Datasets/thumbspace-vs-shift/trials.csv").path,
            encoding: .utf8
        )
        .split(separator: "\n").filter { !$0.hasPrefix("P03,ThumbSpace,") }
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let study = try bundledStudy([path], folder: folder)
        let report = try study.compare(ComparisonRequest(measure: .time, factors: ["technique"], test: .rmANOVA))
        #expect(report.participantsUsed == 15)
        #expect(report.dropped == [DroppedParticipant(participant: "P03", reason: "no data in ThumbSpace")])
        #expect(report.methods.contains("P03 (no data in ThumbSpace)"))
        #expect(report.comparisons[0].tests[0].df2 == 28)
    }

    @Test func twoParticipantsLeaveTheHuynhFeldtEpsilonOutWithANote() throws {
        let study = try synthetic(participants: 2, levels: ["A", "B", "C"]) { p, l, t in
            1000 + 100 * Double(l * l) + 37 * Double(p * (l + 1)) + Double(t)
        }
        let report = try study.compare(ComparisonRequest(measure: .time, factors: ["technique"], test: .rmANOVA))
        let test = try #require(report.comparisons.first?.tests.first)
        #expect(test.test == "rm-anova")
        #expect(test.epsilonHF == nil && test.pHF == nil)
        #expect(test.epsilonGG.map { abs($0 - 0.5) < 1e-12 } == true)
        #expect(test.policy.contains("Huynh-Feldt epsilon undefined"))
        let json = ComparisonTables.json(report).rendered()
        #expect(!json.contains("\"epsilon_hf\":") && !json.contains("\"p_hf\":"))
        #expect(json.contains("\"epsilon_gg\""))
    }

    @Test func byRepeatsTheComparisonAndAdjustsAcrossTheRepeats() throws {
        let study = try bundledStudy(folder: folder)
        let report = try study.compare(
            ComparisonRequest(measure: .error, factors: ["technique"], by: "mobility", test: .friedman))
        #expect(report.comparisons.map { $0.byLevel?.level } == ["standing", "walking"])
        let tests = report.comparisons.map { $0.tests[0] }
        let expected = PValues.adjust(tests.map(\.p), method: .holm)
        #expect(tests.map(\.pAdjusted) == expected.map { Optional($0) })
        #expect(tests.allSatisfy { $0.adjust == "holm" })
        #expect(report.sentences.first?.hasPrefix("At mobility standing, technique affected error rate") == true)
    }

    @Test func aFactorNeitherWithinNorBetweenIsRefusedWithNames() throws {
        let extra: (Int, Int, Int) -> [(String, String)] = { p, l, _ in [("session", p < 4 ? "s\(l + 1)" : "s1")] }
        let study = try synthetic(extra: extra) { p, l, _ in
            1000 + Double(p + l)
        }
        #expect {
            // Only an aggregated test refuses the factor; `auto` fits a mixed model to it.
            try study.compare(ComparisonRequest(measure: .time, factors: ["session"], test: .rmANOVA))
        } throws: { error in
            guard case ThumbLabError.design(.mixedFactor("session", let several, let one)) = error else { return false }
            let message = "\(error)"
            return message.contains("neither within nor between") && (several + one).contains("S1")
                && (several + one).contains("S5")
        }
    }

    @Test func aTestThatDoesNotFitTheDesignIsAUsageError() throws {
        let study = try bundledStudy(folder: folder)
        #expect(throws: ThumbLabError.self) {
            try study.compare(ComparisonRequest(measure: .time, factors: ["technique"], test: .pairedT))
        }
        #expect(throws: ThumbLabError.self) {
            try study.compare(ComparisonRequest(measure: .time, factors: ["technique"], test: .welchT))
        }
        #expect(throws: ThumbLabError.self) {
            try study.compare(ComparisonRequest(measure: .time, factors: ["technique"], by: "technique"))
        }
        for aggregate in [Aggregate.geomean, .median] {
            #expect(throws: ThumbLabError.self) {
                try study.compare(ComparisonRequest(measure: .error, factors: ["technique"], aggregate: aggregate))
            }
        }
        #expect(throws: ThumbLabError.self) {
            try study.compare(ComparisonRequest(measure: .time, factors: ["technique"], aggregate: .proportion))
        }
    }

    @Test func theJSONHasEveryContractField() throws {
        let study = try bundledStudy(folder: folder)
        let report = try study.compare(ComparisonRequest(measure: .time, factors: ["technique"]))
        let text = ComparisonTables.json(report).rendered()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        for key in [
            "measure", "factor", "aggregate", "participants_used", "participants_dropped", "levels", "tests", "posthoc",
            "selection",
        ] {
            #expect(object[key] != nil, "\(key)")
        }
        #expect(object["aggregate"] as? String == "geomean")
        let level = try #require((object["levels"] as? [[String: Any]])?.first)
        for key in ["level", "n", "mean", "sd", "median", "ci_low", "ci_high"] { #expect(level[key] != nil, "\(key)") }
        let test = try #require((object["tests"] as? [[String: Any]])?.first)
        for key in [
            "test", "term", "statistic", "p", "df1", "df2", "epsilon_gg", "epsilon_hf", "p_gg", "p_hf", "mauchly_w",
            "mauchly_p", "ges", "pes", "effect_size", "apa",
        ] {
            #expect(test[key] != nil, "\(key)")
        }
        let effect = try #require(test["effect_size"] as? [String: Any])
        for key in ["name", "value", "ci_low", "ci_high"] { #expect(effect.keys.contains(key), "\(key)") }
        let pair = try #require((object["posthoc"] as? [[String: Any]])?.first)
        for key in ["a", "b", "test", "statistic", "p", "p_adjusted", "adjust"] { #expect(pair[key] != nil, "\(key)") }
        let selection = try #require(object["selection"] as? [String: Any])
        for key in ["study", "where", "exclude", "attempts", "trials", "participants"] {
            #expect(selection[key] != nil, "\(key)")
        }
    }
}
