import Foundation
import Testing

@testable import ThumbLabStats

/// Linear mixed models against lme4 1.1 and lmerTest 3.1 (`gen_mixed_models.R`): sleepstudy
/// and random balanced, unbalanced and missing-cell designs with one to three factors.
@Suite("Linear mixed model against lme4 and lmerTest")
struct LinearMixedModelFixtureTests {
    @Test func fixturesAreLoaded() {
        #expect(MixedModelCase.linear.count >= 30)
        #expect(MixedModelCase.logistic.count >= 10)
    }

    @Test(arguments: MixedModelCase.linear)
    func matchesLmerTest(_ reference: MixedModelCase) throws {
        let fit = try MixedModel.linear(
            reference.observations, model: reference.specification, estimation: reference.reml ? .reml : .ml)
        let expected = reference.expected
        // Singular fits included: both sides put the variance on its bound of 0.
        let tolerance = 1e-6
        #expect(fit.isSingular == expected.singular, "\(reference.name) singular")
        #expect(
            relativeError(fit.logLikelihood, expected.loglik) < 1e-8,
            "\(reference.name) logLik \(fit.logLikelihood) vs \(expected.loglik)")
        #expect(relativeError(fit.aic, expected.aic) < 1e-8)
        #expect(relativeError(fit.bic, expected.bic) < 1e-8)
        #expect(fit.coefficients.map(\.name) == expected.names.values, "\(reference.name)")
        for (index, coefficient) in fit.coefficients.enumerated() {
            #expect(
                relativeError(coefficient.estimate, expected.estimate.values[index], floor: 1e-3) < tolerance,
                "\(reference.name) \(coefficient.name) estimate \(coefficient.estimate) vs \(expected.estimate.values[index])"
            )
            #expect(
                relativeError(coefficient.standardError, expected.se.values[index]) < tolerance,
                "\(reference.name) \(coefficient.name) se \(coefficient.standardError) vs \(expected.se.values[index])")
            if let df = coefficient.df {
                #expect(
                    relativeError(df, expected.df!.values[index]) < tolerance,
                    "\(reference.name) \(coefficient.name) df \(df) vs \(expected.df!.values[index])")
            }
        }
        let variances = fit.randomEffects.map(\.variance)
        let vcov = expected.vcov!.values
        for (index, variance) in variances.enumerated() {
            #expect(
                abs(variance - vcov[index]) <= tolerance * max(vcov[index], 1e-3 * vcov.last!),
                "\(reference.name) variance \(index) \(variance) vs \(vcov[index])")
        }
        #expect(relativeError(fit.residual.variance, vcov.last!) < tolerance, "\(reference.name) residual")
        let anova = expected.anova
        let exact = try #require(expected.anovaExact)
        #expect(fit.terms.map(\.name) == anova.term.values)
        for (index, term) in fit.terms.enumerated() {
            #expect(term.numeratorDF == anova.numdf!.values[index])
            // Against lmerTest's exact hypotheses at 1e-6; against anova(m) itself, whose
            // contrasts carry ~1e-7 of noise from ginv/zapsmall, at 1e-5.
            #expect(
                relativeError(term.f, exact.f.values[index]) < tolerance,
                "\(reference.name) \(term.name) F \(term.f) vs \(exact.f.values[index])")
            #expect(relativeError(term.f, anova.f!.values[index]) < 1e-5, "\(reference.name) \(term.name) F vs anova")
            #expect(
                relativeError(term.denominatorDF, exact.dendf.values[index]) < tolerance,
                "\(reference.name) \(term.name) ddf \(term.denominatorDF) vs \(exact.dendf.values[index])")
            #expect(
                relativeError(term.p, exact.p.values[index]) < tolerance,
                "\(reference.name) \(term.name) p \(term.p) vs \(exact.p.values[index])")
            #expect(relativeError(term.denominatorDF, anova.dendf!.values[index]) < 1e-5)
        }
    }
}
