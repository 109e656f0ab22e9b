import Foundation
import Testing

@testable import ThumbLab

/// The simple effects of significant interactions against afex's `aov_ez` run on each
/// level's values (Fixtures/prose/gen_simple_effects.R): repeated-measures ANOVAs on the
/// bundled study's log times, one-factor ART as an ANOVA of ranks on its error rates, and a
/// synthetic design with a between-subjects factor.
@Suite struct SimpleEffectsReferenceTests {
    let folder = TemporaryFolder()
    nonisolated(unsafe) static let expected: [String: Any] = {
        let url = repositoryRoot.appendingPathComponent("Tests/ThumbLabTests/Fixtures/prose/simple_effects.json")
        let data = try! Data(contentsOf: url)
        return try! JSONSerialization.jsonObject(with: data) as! [String: Any]
    }()

    static let factors = ["technique", "target_size_mm", "mobility"]
    /// Every trial: the bundled trials.csv holds the main blocks only (1 to 3).
    static let mainBlocks = Selection()

    /// R's simple effects of `term` in the family at `path`, by the levels they are tested at.
    func reference(_ path: [String], term: String) throws -> [[String: Any]] {
        var current: Any? = Self.expected
        for key in path { current = (current as? [String: Any])?[key] }
        return try #require((current as? [String: Any])?[term] as? [[String: Any]], "no \(path) \(term)")
    }

    /// Checks every simple effect of `report` against R's, and that R's significant terms all
    /// have theirs.
    func check(_ report: ComparisonReport, family: [String], corrected: Bool) throws {
        let effects = try #require(report.comparisons.first).simpleEffects
        let significant = try #require(report.comparisons.first).tests.filter {
            $0.term.contains(":") && $0.decisiveP < 0.05
        }
        #expect(Set(effects.map(\.term)) == Set(significant.map(\.term)))
        // R's families are named by the tested factor, then the factors it is tested at.
        let families = Set(effects.map { ([$0.factor] + $0.atFactors).joined(separator: ":") })
        for name in families {
            let expected = try reference(family, term: name)
            let ours = effects.filter { ([$0.factor] + $0.atFactors).joined(separator: ":") == name }
            #expect(ours.count == expected.count, "\(name)")
            for row in expected {
                let at = try #require(row["at"] as? [String: String])
                let effect = try #require(
                    ours.first { zip($0.atFactors, $0.atLevels).allSatisfy { at[$0] == $1 } }, "\(name) at \(at)")
                let test = effect.test
                #expect(close(test.statistic, try #require(row["F"] as? Double), 1e-6), "\(name) \(at) F")
                #expect(close(test.df1, try number(row["df1"]), 1e-9), "\(name) \(at) df1")
                #expect(close(test.df2, try number(row["df2"]), 1e-9), "\(name) \(at) df2")
                #expect(close(test.p, try #require(row["p"] as? Double), 1e-6), "\(name) \(at) p")
                if corrected, let gg = row["p_gg"] as? Double {
                    #expect(close(test.pGG, gg, 1e-6), "\(name) \(at) p_gg")
                    #expect(close(test.epsilonGG, try #require(row["epsilon_gg"] as? Double), 1e-6))
                }
                #expect(test.pAdjusted != nil && test.adjust == "holm")
            }
            let family = ours.map(\.test.decisiveP)
            #expect(ours.map { $0.test.pAdjusted! } == PValueAdjustment.holm.adjust(family))
        }
    }

    func number(_ value: Any?) throws -> Double {
        if let int = value as? Int { return Double(int) }
        return try #require(value as? Double)
    }

    @Test func timeInteractionsMatchRepeatedMeasuresANOVAsPerLevel() throws {
        let study = try bundledStudy(folder: folder)
        let report = try study.compare(
            ComparisonRequest(measure: .time, factors: Self.factors), selection: Self.mainBlocks)
        #expect(report.comparisons.first?.tests.first?.test == "rm-anova")
        #expect(report.comparisons.first?.simpleEffects.isEmpty == false)
        try check(report, family: ["bundled", "time"], corrected: true)
    }

    @Test func errorInteractionsMatchOneFactorARTsPerLevel() throws {
        let study = try bundledStudy(folder: folder)
        let report = try study.compare(
            ComparisonRequest(measure: .error, factors: Self.factors), selection: Self.mainBlocks)
        #expect(report.comparisons.first?.tests.first?.test == "art")
        // Both two-way interactions with technique and the three-way one are significant.
        #expect(Set(report.comparisons.first?.simpleEffects.map(\.term) ?? []).count >= 3)
        try check(report, family: ["bundled", "error"], corrected: false)
    }

    @Test func aBetweenFactorIsTestedByRepeatedMeasuresWithinEachGroupAndByANOVAAcrossThem() throws {
        let study = try bundledStudy(
            [
                repositoryRoot.appendingPathComponent("Tests/ThumbLabTests/Fixtures/prose/simple_effects_trials.csv")
                    .path
            ],
            folder: folder)
        let within = try study.compare(
            ComparisonRequest(measure: .time, factors: ["layout", "hand"], test: .mixedANOVA))
        try check(within, family: ["synthetic"], corrected: true)
        #expect(within.comparisons.first?.simpleEffects.map(\.test.test) == ["rm-anova", "rm-anova"])
        let between = try study.compare(
            ComparisonRequest(measure: .time, factors: ["hand", "layout"], test: .mixedANOVA))
        try check(between, family: ["synthetic"], corrected: false)
        #expect(between.comparisons.first?.simpleEffects.map(\.test.test) == ["anova", "anova", "anova"])
    }
}
