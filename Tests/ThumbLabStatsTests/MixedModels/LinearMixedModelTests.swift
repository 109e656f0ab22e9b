import Foundation
import Testing

@testable import ThumbLabStats

/// The linear mixed model against lme4's published sleepstudy fits (EXPECTED.md), and its
/// answers to designs it cannot fit.
@Suite("Linear mixed model: sleepstudy and edge cases")
struct LinearMixedModelTests {
    static func sleepstudy() throws -> [MixedModelObservation] {
        try #require(MixedModelCase.all.first { $0.name == "sleepstudy-slope" }).observations
    }

    @Test func sleepstudyRandomSlopeMatchesThePublishedFit() throws {
        let fit = try MixedModel.linear(
            try Self.sleepstudy(), model: MixedModelSpecification(covariates: ["Days"], randomSlope: "Days"))
        let days = try #require(fit.coefficient("Days"))
        #expect(abs(days.estimate - 10.46729) < 5e-6)
        #expect(abs(days.standardError - 1.54579) < 5e-6)
        #expect(abs(days.statistic - 6.7715) < 5e-5)
        #expect(abs(try #require(days.df) - 17.0) < 1e-3)
        let intercept = try #require(fit.coefficient("(Intercept)"))
        #expect(abs(intercept.estimate - 251.4051) < 5e-5 && abs(intercept.standardError - 6.8246) < 5e-5)
        #expect(abs(fit.randomEffects[0].sd - 24.7407) < 5e-4)  // lme4 prints 24.7404 at 1e-12
        #expect(abs(fit.randomEffects[1].sd - 5.9221) < 5e-5)
        #expect(abs(fit.randomCorrelations[0][1] - 0.066) < 5e-4)
        #expect(abs(fit.residual.sd - 25.5918) < 5e-5)
        #expect(fit.formula == "y ~ Days + (1 + Days | subject)")
        #expect(!fit.isSingular && fit.converged && fit.messages.isEmpty)
        #expect(fit.policy.contains("REML") && fit.policy.contains("Satterthwaite"))
    }

    @Test func sleepstudyRandomInterceptMatchesThePublishedFit() throws {
        let fit = try MixedModel.linear(try Self.sleepstudy(), model: MixedModelSpecification(covariates: ["Days"]))
        let days = try #require(fit.coefficient("Days"))
        #expect(abs(days.standardError - 0.80422) < 5e-6)
        let term = try #require(fit.term("Days"))
        #expect(term.numeratorDF == 1 && abs(term.denominatorDF - 161) < 1e-4)
        #expect(abs(term.f - 169.4) < 0.005)
        #expect(term.apa == "F(1, 161.00) = 169.40, p < .001")
    }

    @Test func mlAndRemlDifferAsLme4() throws {
        let data = try Self.sleepstudy()
        let model = MixedModelSpecification(covariates: ["Days"])
        let reml = try MixedModel.linear(data, model: model)
        let ml = try MixedModel.linear(data, model: model, estimation: .ml)
        #expect(abs(ml.logLikelihood - -897.039321502613) < 1e-6)  // logLik(lmer(..., REML = FALSE))
        #expect(ml.residual.variance < reml.residual.variance)
        #expect(abs(ml.aic - (-2 * ml.logLikelihood + 8)) < 1e-9)
    }

    static func design(_ values: [(String, String, Double)]) -> [MixedModelObservation] {
        values.map { MixedModelObservation(subject: $0.0, levels: ["A": $0.1], value: $0.2) }
    }

    @Test func aSingularFitIsReportedInWords() throws {
        // Subject means identical: the random-intercept variance is estimated at 0.
        let data = Self.design([
            ("s1", "a", 1), ("s1", "b", 2), ("s1", "a", 1.5), ("s1", "b", 2.5),
            ("s2", "a", 1.5), ("s2", "b", 2.5), ("s2", "a", 1), ("s2", "b", 2),
            ("s3", "a", 1.2), ("s3", "b", 2.3), ("s3", "a", 1.3), ("s3", "b", 2.2),
        ])
        let fit = try MixedModel.linear(data, model: MixedModelSpecification(factors: ["A"]))
        #expect(fit.isSingular && fit.randomEffects[0].variance == 0)
        #expect(fit.messages.first?.contains("boundary (singular) fit") == true)
        #expect(fit.terms.allSatisfy { $0.f.isFinite && $0.p.isFinite })
    }

    @Test func aSubjectWithOneTrialStillCounts() throws {
        var data = Self.design([
            ("s1", "a", 1), ("s1", "b", 2.1), ("s2", "a", 1.6), ("s2", "b", 2.4),
            ("s3", "a", 0.7), ("s3", "b", 1.9), ("s4", "a", 1.4),
        ])
        data.append(MixedModelObservation(subject: "s5", levels: ["A": "b"], value: 2.6))
        let fit = try MixedModel.linear(data, model: MixedModelSpecification(factors: ["A"]))
        #expect(fit.subjects == 5 && fit.observations == 8)
        #expect(fit.coefficients.allSatisfy { $0.estimate.isFinite && $0.standardError.isFinite })
    }

    @Test(arguments: [
        ("one level", StatsError.Kind.invalidDesign),
        ("one subject", .invalidDesign),
        ("nan", .nonFinite),
        ("empty cell", .invalidDesign),
        ("missing level", .invalidDesign),
        ("unknown slope", .invalidDesign),
        ("constant", .constantData),
        ("too few", .tooFewObservations),
    ])
    func badDesignsThrowWithAMessage(_ name: String, _ kind: StatsError.Kind) {
        var data = Self.design([
            ("s1", "a", 1), ("s1", "b", 2), ("s2", "a", 1.5), ("s2", "b", 2.5), ("s3", "a", 1.1), ("s3", "b", 2.2),
        ])
        var model = MixedModelSpecification(factors: ["A"])
        switch name {
        case "one level":
            data = data.map { MixedModelObservation(subject: $0.subject, levels: ["A": "a"], value: $0.value) }
        case "one subject": data = data.map { MixedModelObservation(subject: "s1", levels: $0.levels, value: $0.value) }
        case "nan": data[2].value = .nan
        case "empty cell":
            data = data.enumerated().map { index, o in
                MixedModelObservation(
                    subject: o.subject,
                    levels: ["A": o.levels["A"]!, "B": index < 4 ? "x" : (o.levels["A"] == "a" ? "y" : "x")],
                    value: o.value)
            }
            model = MixedModelSpecification(factors: ["A", "B"])
        case "missing level": data[0].levels = [:]
        case "unknown slope": model.randomSlope = "Z"
        case "constant": data = data.map { MixedModelObservation(subject: $0.subject, levels: $0.levels, value: 3) }
        default: data = [data[0], data[3]]
        }
        #expect {
            try MixedModel.linear(data, model: model)
        } throws: { error in
            guard let error = error as? StatsError else { return false }
            return error.kind == kind && !error.message.isEmpty
        }
    }
}
