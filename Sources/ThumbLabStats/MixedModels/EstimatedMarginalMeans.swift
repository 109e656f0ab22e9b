import Foundation

extension LinearMixedModelResult {
    /// Estimated marginal means of `factor` and their pairwise contrasts, as
    /// `emmeans(m, pairwise ~ factor, lmer.df = "satterthwaite")` (Lenth, emmeans): each
    /// level's mean averages the model's predictions over the levels of the other factors with
    /// equal weights, covariates at their means; SEs from `Cov(β̂)`; df by Satterthwaite (1946)
    /// as lmerTest computes them for each linear combination.
    ///
    /// - Parameters:
    ///   - factor: a factor of the model.
    ///   - scale: `.log` when the response is ln time: means back-transform to geometric means
    ///     (CIs by back-transforming the limits) and contrasts to ratios.
    ///   - adjustment: Holm (default), another `p.adjust` method or Tukey over the k(k−1)/2 pairs.
    ///   - confidenceLevel: of the intervals of the means (default 0.95).
    /// - Throws: ``StatsError`` when `factor` is not a factor of the model or the level is invalid.
    public func estimatedMarginalMeans(
        for factor: String, scale: MixedModelResponseScale = .identity, adjustment: ContrastAdjustment = .holm,
        confidenceLevel: Double = 0.95
    ) throws -> EstimatedMarginalMeansResult {
        let grid = try MarginalGrid(design, factor: factor, confidenceLevel: confidenceLevel)
        let back: (Double) -> Double = scale == .log ? { exp($0) } : { $0 }
        let means = grid.rows.enumerated().map { index, l -> EstimatedMarginalMean in
            let (estimate, se, df) = contrast(l)
            let half = StudentT(df: df).quantile(0.5 + confidenceLevel / 2) * se
            return EstimatedMarginalMean(
                level: grid.levels[index], estimate: estimate, standardError: se, df: df, ciLow: estimate - half,
                ciHigh: estimate + half, response: back(estimate), responseLow: back(estimate - half),
                responseHigh: back(estimate + half))
        }
        let contrasts = grid.pairs(adjustment: adjustment) { l in
            let (estimate, se, df) = contrast(l)
            return (estimate, se, df, scale == .log ? exp(estimate) : estimate)
        }
        let shown =
            scale == .log
            ? "geometric means (exp of the log-scale means; intervals back-transformed) and ratios"
            : "means and differences"
        return EstimatedMarginalMeansResult(
            factor: factor, means: means, contrasts: contrasts, adjustment: adjustment,
            confidenceLevel: confidenceLevel, dfMethod: "Satterthwaite",
            policy: grid.policy + " Degrees of freedom by Satterthwaite (1946) as lmerTest; reported as \(shown); "
                + "\(grid.adjustmentText(adjustment)).")
    }
}

extension LogisticMixedModelResult {
    /// Estimated marginal means of `factor` on the logit scale and as probabilities, and the
    /// pairwise contrasts as log odds ratios and odds ratios, as
    /// `emmeans(m, pairwise ~ factor, type = "response")` (Lenth, emmeans): asymptotic (z)
    /// inference, probability intervals by back-transforming the logit limits.
    public func estimatedMarginalMeans(
        for factor: String, adjustment: ContrastAdjustment = .holm, confidenceLevel: Double = 0.95
    ) throws -> EstimatedMarginalMeansResult {
        let grid = try MarginalGrid(design, factor: factor, confidenceLevel: confidenceLevel)
        let beta = coefficients.map(\.estimate)
        let covarianceMatrix = Matrix(rowArrays: covariance, columns: beta.count)
        func combination(_ l: [Double]) -> (Double, Double) {
            (zip(l, beta).reduce(0) { $0 + $1.0 * $1.1 }, covarianceMatrix.form(l, l).squareRoot())
        }
        let logistic: (Double) -> Double = { 1 / (1 + exp(-$0)) }
        let z = Normal().quantile(0.5 + confidenceLevel / 2)
        let means = grid.rows.enumerated().map { index, l -> EstimatedMarginalMean in
            let (estimate, se) = combination(l)
            return EstimatedMarginalMean(
                level: grid.levels[index], estimate: estimate, standardError: se, df: .infinity,
                ciLow: estimate - z * se, ciHigh: estimate + z * se, response: logistic(estimate),
                responseLow: logistic(estimate - z * se), responseHigh: logistic(estimate + z * se))
        }
        let contrasts = grid.pairs(adjustment: adjustment) { l in
            let (estimate, se) = combination(l)
            return (estimate, se, .infinity, exp(estimate))
        }
        return EstimatedMarginalMeansResult(
            factor: factor, means: means, contrasts: contrasts, adjustment: adjustment,
            confidenceLevel: confidenceLevel, dfMethod: "asymptotic (z)",
            policy: grid.policy + " Asymptotic (z) inference with Cov(β̂) from the Laplace fit; means reported as "
                + "probabilities (logit limits back-transformed), contrasts as odds ratios; "
                + "\(grid.adjustmentText(adjustment)).")
    }
}
