import Foundation
import Testing

@testable import ThumbLabStats

/// The logistic mixed model's reporting and its answers to data it cannot fit.
@Suite("Logistic mixed model: reporting and edge cases")
struct LogisticMixedModelTests {
    /// 8 subjects × 2 techniques × 10 trials, misses more frequent with technique b.
    static func trials(missesA: Int = 2, missesB: Int = 5) -> [MixedModelObservation] {
        var data: [MixedModelObservation] = []
        for subject in 0..<8 {
            for (technique, misses) in [("a", missesA), ("b", missesB)] {
                let shifted = min(10, max(0, misses + (subject % 3) - 1))
                for trial in 0..<10 {
                    data.append(
                        MixedModelObservation(
                            subject: "p\(subject)", levels: ["Technique": technique], value: trial < shifted ? 1 : 0))
                }
            }
        }
        return data
    }

    @Test func reportsOddsRatiosAndChiSquares() throws {
        let fit = try MixedModel.logistic(Self.trials(), model: MixedModelSpecification(factors: ["Technique"]))
        #expect(fit.terms.map(\.name) == ["(Intercept)", "Technique"])
        let term = try #require(fit.term("Technique"))
        #expect(term.df == 1 && term.p < 0.05 && term.apa.hasPrefix("χ²(1) = "))
        let technique = try #require(fit.coefficient("Technique1"))
        #expect(technique.estimate < 0 && technique.oddsRatio < 1)
        #expect(technique.oddsRatioLow < technique.oddsRatio && technique.oddsRatio < technique.oddsRatioHigh)
        // One-df Wald chi-square is z².
        #expect(abs(term.chiSquare - technique.z * technique.z) < 1e-9 * term.chiSquare)
        #expect(fit.formula == "y ~ Technique + (1 | subject), family = binomial")
        #expect(fit.policy.contains("Laplace") && fit.policy.contains("car::Anova"))
        #expect(fit.converged)
    }

    @Test func completeSeparationIsNamed() {
        #expect {
            try MixedModel.logistic(Self.trials(missesA: -5), model: MixedModelSpecification(factors: ["Technique"]))
        } throws: { error in
            guard let error = error as? StatsError else { return false }
            return error.kind == .invalidDesign && error.message.contains("Complete separation")
                && error.message.contains("Technique=a")
        }
    }

    @Test func aSingularFitIsReported() throws {
        // Every subject has the same miss count: no between-subject variance.
        var data: [MixedModelObservation] = []
        for subject in 0..<6 {
            for (technique, misses) in [("a", 3), ("b", 6)] {
                for trial in 0..<10 {
                    data.append(
                        MixedModelObservation(
                            subject: "p\(subject)", levels: ["Technique": technique], value: trial < misses ? 1 : 0))
                }
            }
        }
        let fit = try MixedModel.logistic(data, model: MixedModelSpecification(factors: ["Technique"]))
        #expect(fit.isSingular && fit.theta < 1e-4)
        #expect(fit.messages.contains { $0.contains("singular") })
        #expect(fit.coefficients.allSatisfy { $0.standardError.isFinite && $0.p.isFinite })
    }

    @Test(arguments: ["not binary", "constant", "slope", "level"])
    func badInputThrows(_ name: String) {
        var data = Self.trials()
        var model = MixedModelSpecification(factors: ["Technique"])
        var confidence = 0.95
        switch name {
        case "not binary": data[0].value = 0.5
        case "constant": data = data.map { MixedModelObservation(subject: $0.subject, levels: $0.levels, value: 0) }
        case "slope": model.randomSlope = "Technique"
        default: confidence = 1
        }
        #expect(throws: StatsError.self) {
            try MixedModel.logistic(data, model: model, confidenceLevel: confidence)
        }
    }
}
