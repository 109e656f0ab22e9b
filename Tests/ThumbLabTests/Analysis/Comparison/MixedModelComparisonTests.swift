import Foundation
import Testing

@testable import ThumbLab

/// `compare --test lmm|glmm`, and `auto` choosing them for unbalanced data, against lme4,
/// lmerTest and car run on the same trials (Fixtures/analysis/gen_mixed_comparisons.R).
@Suite struct MixedModelComparisonTests {
    let folder = TemporaryFolder()
    let expected: [String: Any] = {
        let data = try! Data(contentsOf: URL(fileURLWithPath: analysisFixture("mixed_comparisons.json")))
        return try! JSONSerialization.jsonObject(with: data) as! [String: Any]
    }()

    func value(_ path: String...) throws -> Double {
        var current: Any? = expected
        for key in path { current = (current as? [String: Any])?[key] }
        if let number = current as? Double { return number }
        return try #require((current as? Int).map(Double.init), "\(path)")
    }

    /// The bundled study without P03's ThumbSpace trials.
    func unbalancedStudy() throws -> Study {
        let path = folder.url.appendingPathComponent("gap.csv").path
        let source = repositoryRoot.appendingPathComponent("Datasets/thumbspace-vs-shift/trials.csv").path
        let lines = try String(contentsOfFile: source, encoding: .utf8).split(separator: "\n")
            .filter { !$0.hasPrefix("P03,ThumbSpace,") }
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return try bundledStudy([path], folder: folder)
    }

    @Test func theLinearModelMatchesLmerTest() throws {
        let report = try bundledStudy(folder: folder).compare(
            ComparisonRequest(measure: .time, factors: ["technique"], test: .lmm))
        let test = try #require(report.comparisons.first?.tests.first)
        #expect(test.test == "lmm" && test.dfMethod == "Satterthwaite")
        #expect(close(test.statistic, try value("balanced", "lmm", "F"), 1e-6))
        #expect(close(test.df2, try value("balanced", "lmm", "df2"), 1e-6))
        #expect(close(test.p, try value("balanced", "lmm", "p"), 1e-5))
        #expect(test.model == "log(time_ms) ~ technique + (1 | participant)")
        let contrasts = try #require(
            ((expected["balanced"] as? [String: Any])?["lmm_contrasts"]) as? [[String: Any]])
        let posthoc = try #require(report.comparisons.first?.posthoc)
        #expect(posthoc.count == contrasts.count)
        for (pair, reference) in zip(posthoc, contrasts) {
            #expect(pair.test == "emmeans" && "\(pair.a) - \(pair.b)" == reference["contrast"] as? String)
            #expect(close(pair.statistic, reference["t"] as! Double, 1e-6))
            #expect(close(pair.df, reference["df"] as! Double, 1e-6))
            #expect(close(pair.pAdjusted, reference["p_holm"] as! Double, 1e-4))
        }
        #expect(report.methods.contains("Model, in lme4 syntax: log(time_ms) ~ technique + (1 | participant)."))
    }

    /// The Wald chi-square rests on the Hessian of the deviance around the optimum. The
    /// default covariance (`LogisticMixedModelCovariance.lme4`) differentiates lme4's own deviance
    /// function, whose inner solve stops at lme4's tolerance, as glmer's `vcov` does, so the
    /// chi-square matches car's to 1e-4; the exact Laplace Hessian gives 262.35 where lme4's
    /// finite differences give 263.04.
    static let waldTolerance = 1e-4

    @Test func theLogisticModelMatchesGlmerAndCar() throws {
        let report = try bundledStudy(folder: folder).compare(
            ComparisonRequest(measure: .error, factors: ["technique"], test: .glmm))
        let test = try #require(report.comparisons.first?.tests.first)
        #expect(test.test == "glmm" && test.df == 2)
        #expect(close(test.statistic, try value("balanced", "glmm", "chisq"), Self.waldTolerance))
        #expect(test.p < 1e-50)
    }

    @Test func autoFitsAMixedModelInsteadOfDroppingAParticipant() throws {
        let study = try unbalancedStudy()
        let time = try study.compare(ComparisonRequest(measure: .time, factors: ["technique"]))
        let test = try #require(time.comparisons.first?.tests.first)
        #expect(test.test == "lmm")
        #expect(time.participantsUsed == 16 && time.dropped.isEmpty)
        #expect(time.comparisons[0].reasons.joined().contains("P03 lacks a cell"))
        #expect(close(test.statistic, try value("without_p03_thumbspace", "lmm", "F"), 1e-6))
        #expect(close(test.df2, try value("without_p03_thumbspace", "lmm", "df2"), 1e-6))
        #expect(time.selection.trials == (try value("without_p03_thumbspace", "trials")).rounded().asInt)
        let errors = try study.compare(ComparisonRequest(measure: .error, factors: ["technique"]))
        let glmm = try #require(errors.comparisons.first?.tests.first)
        #expect(glmm.test == "glmm")
        #expect(close(glmm.statistic, try value("without_p03_thumbspace", "glmm", "chisq"), Self.waldTolerance))
        // An aggregated test asked for by name still drops and names the participant.
        let anova = try study.compare(ComparisonRequest(measure: .time, factors: ["technique"], test: .rmANOVA))
        #expect(anova.dropped.map(\.participant) == ["P03"])
    }

    @Test func kenwardRogerDfOnRequestMatchPbkrtest() throws {
        let study = try unbalancedStudy()
        let selection = Selection(keep: [
            LevelFilter(factor: "mobility", levels: ["standing"]),
            LevelFilter(factor: "target_size_mm", levels: ["9.6"]),
        ])
        let report = try study.compare(
            ComparisonRequest(measure: .time, factors: ["technique"], test: .lmm, dfMethod: .kenwardRoger),
            selection: selection)
        let test = try #require(report.comparisons.first?.tests.first)
        #expect(report.selection.trials == (try value("kenward_roger_standing_9_6", "trials")).asInt)
        #expect(test.dfMethod == "Kenward-Roger")
        #expect(close(test.statistic, try value("kenward_roger_standing_9_6", "F"), 1e-5))
        #expect(close(test.df2, try value("kenward_roger_standing_9_6", "df2"), 1e-6))
        #expect(close(test.p, try value("kenward_roger_standing_9_6", "p"), 1e-4))
    }

    @Test func aMixedModelThatDoesNotFitTheMeasureIsAUsageError() throws {
        let study = try bundledStudy(folder: folder)
        #expect(throws: ThumbLabError.self) {
            try study.compare(ComparisonRequest(measure: .error, factors: ["technique"], test: .lmm))
        }
        #expect(throws: ThumbLabError.self) {
            try study.compare(ComparisonRequest(measure: .time, factors: ["technique"], test: .glmm))
        }
    }
}

extension Double {
    fileprivate var asInt: Int { Int(self) }
}
