import Foundation
import Testing

@testable import ThumbLabStats

/// Logistic mixed models against lme4's `glmer` (Laplace, bobyqa to 1e-10) and
/// `car::Anova(type = 3)` on the seeded designs of `gen_mixed_models.R`, at 1e-4 relative.
@Suite("Logistic mixed model against glmer and car")
struct LogisticMixedModelFixtureTests {
    @Test(arguments: MixedModelCase.logistic)
    func matchesGlmer(_ reference: MixedModelCase) throws {
        let fit = try MixedModel.logistic(reference.observations, model: reference.specification, covariance: .exact)
        let expected = reference.expected
        let tolerance = 1e-4
        #expect(fit.isSingular == expected.singular, "\(reference.name) singular")
        #expect(
            relativeError(fit.logLikelihood, expected.loglik) < 1e-8,
            "\(reference.name) logLik \(fit.logLikelihood) vs \(expected.loglik)")
        #expect(relativeError(fit.aic, expected.aic) < 1e-8)
        #expect(relativeError(fit.bic, expected.bic) < 1e-8)
        #expect(
            abs(fit.theta - expected.theta.values[0]) < tolerance * max(expected.theta.values[0], 0.1),
            "\(reference.name) theta \(fit.theta) vs \(expected.theta.values[0])")
        #expect(fit.coefficients.map(\.name) == expected.names.values)
        for (index, coefficient) in fit.coefficients.enumerated() {
            #expect(
                relativeError(coefficient.estimate, expected.estimate.values[index], floor: 1e-2) < tolerance,
                "\(reference.name) \(coefficient.name) estimate \(coefficient.estimate) vs \(expected.estimate.values[index])"
            )
            #expect(
                relativeError(coefficient.standardError, expected.se.values[index]) < tolerance,
                "\(reference.name) \(coefficient.name) se \(coefficient.standardError) vs \(expected.se.values[index])")
            #expect(
                abs(coefficient.z - expected.z!.values[index]) < tolerance * max(abs(expected.z!.values[index]), 1),
                "\(reference.name) z")
            #expect(
                relativeError(coefficient.p, expected.p!.values[index], floor: 1e-3) < 10 * tolerance
                    || abs(coefficient.p - expected.p!.values[index]) < 1e-12, "\(reference.name) p")
            #expect(relativeError(coefficient.oddsRatioLow, expected.orLower!.values[index]) < tolerance)
            #expect(relativeError(coefficient.oddsRatioHigh, expected.orUpper!.values[index]) < tolerance)
        }
        let anova = expected.anova
        #expect(fit.terms.map(\.name) == anova.term.values)
        for (index, term) in fit.terms.enumerated() {
            #expect(term.df == anova.df!.values[index])
            #expect(
                relativeError(term.chiSquare, anova.chisq!.values[index], floor: 1e-2) < tolerance,
                "\(reference.name) \(term.name) chisq \(term.chiSquare) vs \(anova.chisq!.values[index])")
            #expect(
                relativeError(term.p, anova.p.values[index], floor: 1e-3) < 10 * tolerance,
                "\(reference.name) \(term.name) p \(term.p) vs \(anova.p.values[index])")
        }
    }
}
