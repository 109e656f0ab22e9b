import Foundation

extension MixedModel {
    /// Fits a logistic mixed model (binomial response, logit link, random intercept per subject)
    /// by the Laplace approximation, as `lme4::glmer(y ~ ... + (1 | subject), family = binomial)`
    /// with its default `nAGQ = 1`, and tests each term with the type III Wald chi-square of
    /// `car::Anova(m, type = 3)` (Fox & Weisberg 2019, *An R Companion to Applied Regression*).
    ///
    /// The Laplace deviance (Bates et al. 2015) is minimised jointly
    /// over θ and β by damped Newton steps on finite-difference derivatives from a logistic
    /// regression start. The covariance of β̂ is the β block of `2 H⁻¹`, H the Hessian of the
    /// deviance over (θ, β); by default it is computed as lme4's `vcov(m)` computes it, with θ and
    /// β where glmer's default optimisers stop (see ``LogisticMixedModelCovariance``). Wald z
    /// tests, odds-ratio intervals and chi-squares all use it.
    ///
    /// - Parameters:
    ///   - data: one observation per trial with the response 1 (event, such as a miss) or 0.
    ///   - model: the fixed terms; a random slope is not supported and throws.
    ///   - confidenceLevel: for the odds-ratio intervals (default 0.95).
    ///   - covariance: lme4's finite-difference covariance (the default), or the exact one.
    /// - Throws: ``StatsError`` for a response other than 0/1, a random slope, a design the linear
    ///   model would reject, no variation in the response, or complete separation (a cell of the
    ///   design where every trial has the same outcome, so that its odds ratio is infinite).
    public static func logistic(
        _ data: [MixedModelObservation], model: MixedModelSpecification, confidenceLevel: Double = 0.95,
        covariance: LogisticMixedModelCovariance = .lme4
    ) throws -> LogisticMixedModelResult {
        try logistic(
            data, model: model, confidenceLevel: confidenceLevel, covariance: covariance, estimates: .defaultStop)
    }

    /// ``logistic(_:model:confidenceLevel:covariance:)`` with lme4's estimates taken where
    /// `estimates` says (for ``LogisticMixedModelCovariance/lme4``).
    static func logistic(
        _ data: [MixedModelObservation], model: MixedModelSpecification, confidenceLevel: Double,
        covariance: LogisticMixedModelCovariance, estimates: GlmerEstimates
    ) throws -> LogisticMixedModelResult {
        guard model.randomSlopes.isEmpty else {
            throw StatsError(
                .invalidArgument, "The logistic mixed model has a random intercept only; remove the random slopes.")
        }
        guard confidenceLevel > 0 && confidenceLevel < 1 else {
            throw StatsError(
                .invalidArgument, "The confidence level must lie strictly between 0 and 1, not \(confidenceLevel).")
        }
        for (row, observation) in data.enumerated() where observation.value != 0 && observation.value != 1 {
            throw StatsError(
                .invalidArgument,
                "Observation \(row + 1) (subject \(observation.subject)) has the response \(observation.value); a logistic model needs 0 or 1."
            )
        }
        let design = try MixedModelDesign(data, specification: model)
        let events = design.response.reduce(0, +)
        guard events > 0 && events < Double(design.rowCount) else {
            throw StatsError(
                .constantData,
                "Every trial has the response \(Int(design.response[0])); the logistic model needs both outcomes.")
        }
        try LogisticMixedModelFit.checkSeparation(design)
        let laplace = LogisticLaplaceDeviance(design)
        guard let start = laplace.logisticRegression() else {
            throw StatsError(
                .invalidDesign,
                "The logistic regression that starts the fit did not converge; the design is degenerate.")
        }
        let optimum = LogisticMixedModelFit.optimize(laplace, start: start)
        return try LogisticMixedModelFit.assemble(
            design, laplace, optimum, confidenceLevel: confidenceLevel, method: covariance, estimates: estimates)
    }
}
