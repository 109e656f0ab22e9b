import Foundation
import ThumbLabStats

extension PilotModel {
    /// Fits the measure's mixed model to the pilot's trials and turns it into a model to
    /// simulate from: for time, `log(time_ms) ~ factor + (1 + factor | participant)` by REML
    /// as lme4 (slopes as `randomEffects` asks, simplified while the fit is singular or has
    /// not converged), for errors `miss ~ factor + (1 | participant)` by glmer's Laplace fit.
    /// Each level's mean is the model's estimated marginal mean (emmeans) on its linear
    /// scale; a participant's deviations at the levels have covariance Z Σ Zᵀ, Σ the fitted
    /// random-effect covariance and Z the sum-to-zero coding of the levels in lme4's
    /// (sorted) order.
    /// - Throws: ``ThumbLabError/comparison(_:)`` when the model cannot be fitted.
    static func fit(
        _ observations: [MixedModelObservation], factor: String, levels: [String], measure: Measure,
        randomEffects: RandomEffectsStructure, trialsPerCell: [Int]
    ) throws -> PilotModel {
        let test: ComparisonTest = measure == .error ? .glmm : .lmm
        var specification = MixedModelSpecification(factors: [factor])
        do {
            if test == .glmm {
                let fit = try MixedModel.logistic(observations, model: specification)
                let means = try ordered(fit.estimatedMarginalMeans(for: factor), levels)
                return PilotModel(
                    test: .glmm,
                    formula: specification.formula(response: "miss", subject: "participant")
                        + ", family = binomial (logit link)",
                    simplification: [], levelMeans: means.map { 1 / (1 + exp(-$0)) },
                    variances: [fit.randomIntercept],
                    simulation: .randomIntercept(
                        means: means, participantSD: fit.randomIntercept.sd, response: .binary,
                        trialsPerCell: trialsPerCell))
            }
            specification.randomSlopes = randomEffects.slopeTerms(
                within: MixedModelExecution.withinFactors([factor], observations))
            let simplified = try MixedModel.simplifiedLinear(
                observations, model: specification, response: "log(time_ms)", subject: "participant")
            let fit = simplified.fit
            let means = try ordered(fit.estimatedMarginalMeans(for: factor, scale: .log), levels)
            let sds = fit.randomEffects.map(\.sd)
            let sigma = sds.indices.map { r in
                sds.indices.map { c in
                    sds[r] * sds[c] * fit.randomCorrelations[r][c]
                }
            }
            let sorted = levels.sorted()
            let coding = levels.map { level -> [Double] in
                let index = sorted.firstIndex(of: level)!
                let slopes = (0..<(levels.count - 1)).map { column -> Double in
                    index == column ? 1 : (index == levels.count - 1 ? -1 : 0)
                }
                return sds.count == 1 ? [1] : [1] + slopes
            }
            return PilotModel(
                test: .lmm, formula: simplified.fittedFormula, simplification: simplified.steps.map(\.description),
                levelMeans: means.map { exp($0) }, variances: fit.randomEffects + [fit.residual],
                simulation: SimulatedStudyModel(
                    means: means, randomCovariance: SimulatedStudyModel.levelCovariance(sigma: sigma, coding: coding),
                    response: .normal(residualSD: fit.residual.sd), trialsPerCell: trialsPerCell))
        } catch let error as StatsError {
            throw ThumbLabError.comparison(.notComputable(test: test.rawValue, reason: error.message))
        }
    }

    /// The linear-scale estimates of the marginal means in the order of `levels`.
    private static func ordered(_ result: EstimatedMarginalMeansResult, _ levels: [String]) throws -> [Double] {
        try levels.map { level in
            guard let mean = result.means.first(where: { $0.level == level }) else {
                throw StatsError(.invalidDesign, "the model has no mean for level \(level)")
            }
            return mean.estimate
        }
    }
}
