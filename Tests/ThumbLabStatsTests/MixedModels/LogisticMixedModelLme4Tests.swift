import Foundation
import Testing

@testable import ThumbLabStats

/// One design of `Fixtures/glmm_lme4.json` (written by `gen_glmm_lme4.R`): trial-level misses
/// fitted by `glmer` with every default and tested by `car::Anova(m, type = 3)`.
struct GlmmLme4Case: Decodable, Sendable, CustomStringConvertible {
    let name: String
    let formula: String
    let factors: RVector<String>
    let participant: [String]
    let levels: [String: [String]]?
    let miss: [Double]
    /// `glmer` with every default.
    let expected: Expected
    /// The same deviance function with its optimum converged (bobyqa to 1e-10).
    let converged: Expected

    var description: String { name }

    struct Expected: Decodable, Sendable {
        let theta: RVector<Double>
        let estimate: RVector<Double>
        let vcov: [[Double]]
        let singular: Bool
        let term: RVector<String>
        let chisq: RVector<Double>
        let df: RVector<Double>
        let p: RVector<Double>
    }

    var observations: [MixedModelObservation] {
        miss.indices.map { row in
            MixedModelObservation(
                subject: participant[row], levels: (levels ?? [:]).mapValues { $0[row] }, value: miss[row])
        }
    }

    static var all: [GlmmLme4Case] {
        (try? NumericFixtures.load("glmm_lme4", as: [GlmmLme4Case].self)) ?? []
    }
}

/// The default covariance of the logistic mixed model against `vcov(glmer(...))` with lme4's
/// deviance function, and the type III Wald chi-squares and p-values against car, at 1e-4
/// relative: against glmer's defaults with the estimates where its optimisers stop, and
/// against glmer run to convergence with the estimates at the minimum of its deviance function.
@Suite("Logistic mixed model covariance against glmer's defaults")
struct LogisticMixedModelLme4Tests {
    @Test func fixtureHoldsEnoughDesigns() {
        #expect(GlmmLme4Case.all.count >= 10)
    }

    @Test(arguments: GlmmLme4Case.all)
    func matchesGlmerAtItsOptimum(_ reference: GlmmLme4Case) throws {
        try check(reference, against: reference.converged, estimates: .optimum, tolerance: 1e-4)
    }

    @Test(arguments: GlmmLme4Case.all)
    func matchesGlmerDefaults(_ reference: GlmmLme4Case) throws {
        try check(reference, against: reference.expected, estimates: .defaultStop, tolerance: 1e-4)
    }

    func check(
        _ reference: GlmmLme4Case, against expected: GlmmLme4Case.Expected, estimates: GlmerEstimates,
        tolerance: Double
    ) throws {
        let fit = try MixedModel.logistic(
            reference.observations, model: MixedModelSpecification(factors: reference.factors.values),
            confidenceLevel: 0.95, covariance: .lme4, estimates: estimates)
        #expect(fit.terms.map(\.name) == expected.term.values)
        for (index, term) in fit.terms.enumerated() {
            #expect(term.df == expected.df.values[index])
            #expect(
                relativeError(term.chiSquare, expected.chisq.values[index]) < tolerance,
                "\(reference.name) \(term.name) chisq \(term.chiSquare) vs \(expected.chisq.values[index])")
            #expect(
                relativeError(term.p, expected.p.values[index]) < tolerance,
                "\(reference.name) \(term.name) p \(term.p) vs \(expected.p.values[index])")
        }
        // Off-diagonal entries relative to the scale of their variances, as correlations.
        for (i, row) in expected.vcov.enumerated() {
            for (j, value) in row.enumerated() {
                let scale = (expected.vcov[i][i] * expected.vcov[j][j]).squareRoot()
                #expect(
                    relativeError(fit.covariance[i][j], value, floor: scale) < 1e-4,
                    "\(reference.name) vcov[\(i), \(j)] \(fit.covariance[i][j]) vs \(value)")
            }
        }
    }
}
