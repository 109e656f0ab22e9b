import Foundation
import Testing

@testable import ThumbLabStats

/// Correlated, maximal and uncorrelated random slopes against lme4 1.1 and lmerTest 3.1
/// (`gen_lmm_slopes.R`), and the stated simplification of singular fits against the same
/// rule run on lmer's fits.
@Suite("Random slopes against lme4 and lmerTest")
struct RandomSlopesFixtureTests {
    @Test func fixturesAreLoaded() {
        #expect(RandomSlopesCase.all.count >= 8)
    }

    @Test(arguments: RandomSlopesCase.fitsByForm)
    func matchesLmerTest(_ reference: RandomSlopesFit) throws {
        let spec = reference.fit.specification(factors: reference.design.factors.values)
        let fit = try MixedModel.linear(reference.design.observations, model: spec)
        Self.compare(fit, reference.fit, "\(reference)")
    }

    @Test(arguments: RandomSlopesCase.all)
    func simplificationMatchesLmer(_ reference: RandomSlopesCase) throws {
        let factors = reference.factors.values
        let maximal = factors.map { [$0] } + (factors.count == 2 ? [factors] : [])
        let result = try MixedModel.simplifiedLinear(
            reference.observations, model: MixedModelSpecification(factors: factors, randomSlopes: maximal))
        let expected = reference.simplification
        #expect(result.requestedFormula == expected.steps[0].formula, "\(reference.name)")
        // The same steps, the first (dropping the correlations) first. Two slope terms whose
        // variances a singular fit puts at or next to 0 may go in either order, depending on
        // where each optimiser stops on the flat boundary (so in no-slope-variance-11 lmer
        // drops B before A:B, we A:B before B); the final fit is the same.
        let actions = result.steps.map { step -> String in
            switch step.action {
            case .droppedCorrelations: "uncorrelated"
            case .droppedSlope(let term, _): "drop " + term.joined(separator: ":")
            }
        }
        let expectedActions = expected.steps.dropFirst().map(\.action)
        #expect(actions.first == expectedActions.first, "\(reference.name) \(actions)")
        #expect(actions.sorted() == expectedActions.sorted(), "\(reference.name) \(actions)")
        if reference.name != "no-slope-variance-11" {
            #expect(result.steps.map(\.toFormula) == expectedActions.indices.map { expected.steps[$0 + 1].formula })
        }
        #expect(result.fittedFormula == expected.final.formula, "\(reference.name)")
        #expect(result.fit.formula == expected.final.formula, "\(reference.name)")
        Self.compare(result.fit, expected.final, "\(reference.name) simplified")
    }

    /// F, df and p at 1e-4 relative, the variances at 1e-4 of the largest variance and the
    /// log-likelihood at 1e-7, for non-singular fits. A singular fit's optimum lies on a flat
    /// boundary where bobyqa and our search stop at different points (lmer is sometimes
    /// lower by ~1e-7 relative, sometimes higher by 1e-3): there the singularity and a
    /// REML criterion no worse than lmer's (1e-6 relative) are checked, not F or df.
    static func compare(_ fit: LinearMixedModelResult, _ expected: RandomSlopesCase.Fit, _ label: String) {
        #expect(fit.formula == expected.formula, "\(label)")
        #expect(fit.isSingular == expected.singular, "\(label) singular")
        if expected.singular {
            #expect(
                fit.logLikelihood >= expected.loglik - 1e-6 * abs(expected.loglik),
                "\(label) logLik \(fit.logLikelihood) vs \(expected.loglik)")
            #expect(fit.terms.map(\.name) == expected.anova.term.values, "\(label)")
            return
        }
        #expect(
            relativeError(fit.logLikelihood, expected.loglik) < 1e-7,
            "\(label) logLik \(fit.logLikelihood) vs \(expected.loglik)")
        #expect(fit.terms.map(\.name) == expected.anova.term.values, "\(label)")
        let tolerance = 1e-4
        for (index, term) in fit.terms.enumerated() where index < expected.anova.term.values.count {
            #expect(term.numeratorDF == expected.anova.numdf!.values[index], "\(label) \(term.name)")
            #expect(
                relativeError(term.f, expected.anova.f!.values[index]) < tolerance,
                "\(label) \(term.name) F \(term.f) vs \(expected.anova.f!.values[index])")
            #expect(
                relativeError(term.denominatorDF, expected.anova.dendf!.values[index]) < tolerance,
                "\(label) \(term.name) df \(term.denominatorDF) vs \(expected.anova.dendf!.values[index])")
            #expect(
                relativeError(term.p, expected.anova.p.values[index]) < tolerance,
                "\(label) \(term.name) p \(term.p) vs \(expected.anova.p.values[index])")
        }
        let variances = fit.randomEffects.map(\.variance)
        let largest = expected.variances.values.max() ?? 1
        #expect(fit.randomEffects.map(\.name) == expected.varianceNames.values, "\(label)")
        for (index, variance) in variances.enumerated() where index < expected.variances.values.count {
            #expect(
                abs(variance - expected.variances.values[index]) < tolerance * largest,
                "\(label) variance \(index) \(variance) vs \(expected.variances.values[index])")
        }
        #expect(fit.theta.count == expected.theta.values.count, "\(label) θ")
        #expect(relativeError(fit.residual.sd, expected.sigma) < tolerance, "\(label) σ")
    }
}
