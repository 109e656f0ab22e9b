import Foundation
import Testing
import ThumbLabStats

@testable import ThumbLab

/// `compare --test lmm --random slopes|maximal` on the bundled study against lmer and
/// lmerTest with the same simplification rule (Fixtures/analysis/gen_random_slopes_comparisons.R).
@Suite struct RandomEffectsComparisonTests {
    let folder = TemporaryFolder()

    func reference(_ structure: RandomEffectsStructure) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: analysisFixture("random_slopes_comparisons.json")))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(json[structure.rawValue] as? [String: Any])
    }

    func compare(_ structure: RandomEffectsStructure) throws -> ComparisonReport {
        try bundledStudy(folder: folder).compare(
            ComparisonRequest(measure: .time, factors: ["technique", "mobility"], test: .lmm, randomEffects: structure))
    }

    @Test(arguments: [RandomEffectsStructure.slopes, .maximal])
    func matchesLmerAfterTheSameSimplification(_ structure: RandomEffectsStructure) throws {
        let expected = try reference(structure)
        let final = try #require(expected["final"] as? [String: Any])
        let comparison = try #require(try compare(structure).comparisons.first)
        let random = try #require(comparison.randomEffects)
        #expect(random.requested == structure)
        #expect(random.withinFactors == ["technique", "mobility"])
        #expect(random.requestedFormula == expected["requested"] as? String)
        let steps = (expected["steps"] as? [String]) ?? ((expected["steps"] as? String).map { [$0] } ?? [])
        #expect(random.steps.count == steps.count, "\(random.steps)")
        for (step, formula) in zip(random.steps, steps) { #expect(step.contains(formula), "\(step)") }
        #expect(random.fittedFormula == final["formula"] as? String)
        #expect(comparison.tests.first?.model == random.fittedFormula)
        let fs = try #require(final["F"] as? [Double])
        let dfs = try #require(final["df2"] as? [Double])
        let ps = try #require(final["p"] as? [Double])
        #expect(comparison.tests.map(\.term) == final["term"] as? [String])
        for (index, test) in comparison.tests.enumerated() {
            #expect(close(test.statistic, fs[index], 1e-4), "\(test.term) F \(test.statistic) vs \(fs[index])")
            if !(final["singular"] as? Bool ?? false) {
                #expect(
                    close(test.df2 ?? .nan, dfs[index], 1e-4), "\(test.term) df \(test.df2 ?? .nan) vs \(dfs[index])")
                #expect(close(test.p, ps[index], 1e-4), "\(test.term) p \(test.p) vs \(ps[index])")
            }
        }
    }

    @Test func theInterceptIsTheDefaultAndIsNotSimplified() throws {
        let comparison = try #require(try compare(.intercept).comparisons.first)
        let random = try #require(comparison.randomEffects)
        #expect(random.requested == .intercept)
        #expect(random.steps.isEmpty)
        #expect(random.fittedFormula == "log(time_ms) ~ technique * mobility + (1 | participant)")
    }

    @Test func theReportStatesTheStructureInJSONAndMethods() throws {
        let report = try compare(.maximal)
        let random = try #require(report.comparisons.first?.randomEffects)
        #expect(report.methods.contains("The model fitted was \(random.fittedFormula)") || random.steps.isEmpty)
        #expect(report.methods.contains("Model, in lme4 syntax: \(random.fittedFormula)."))
        guard case .object(let members) = ComparisonTables.json(report),
            case .array(let entries)? = members.first(where: { $0.0 == "random_effects" })?.1,
            case .object(let entry)? = entries.first
        else {
            Issue.record("no random_effects in the JSON")
            return
        }
        #expect(entry.first { $0.0 == "fitted_formula" }?.1 == .string(random.fittedFormula))
        #expect(entry.first { $0.0 == "requested" }?.1 == .string("maximal"))
    }

    @Test func slopesOfTheLogisticModelAreRefused() throws {
        let study = try bundledStudy(folder: folder)
        for structure in [RandomEffectsStructure.slopes, .maximal] {
            #expect(throws: ThumbLabError.comparison(.randomSlopesNeedLinearModel(structure: structure.rawValue))) {
                try study.compare(
                    ComparisonRequest(measure: .error, factors: ["technique"], test: .glmm, randomEffects: structure))
            }
        }
    }

    @Test func onlyFactorsThatVaryWithinParticipantsGetSlopes() {
        let observations = [("p1", "a", "x"), ("p1", "b", "x"), ("p2", "a", "y"), ("p2", "b", "y")].map {
            MixedModelObservation(subject: $0.0, levels: ["A": $0.1, "G": $0.2], value: 1)
        }
        #expect(MixedModelExecution.withinFactors(["A", "G"], observations) == ["A"])
        #expect(RandomEffectsStructure.maximal.slopeTerms(within: ["A", "B"]) == [["A"], ["B"], ["A", "B"]])
        #expect(RandomEffectsStructure.slopes.slopeTerms(within: ["A", "B"]) == [["A"], ["B"]])
        #expect(RandomEffectsStructure.intercept.slopeTerms(within: ["A", "B"]).isEmpty)
    }
}
