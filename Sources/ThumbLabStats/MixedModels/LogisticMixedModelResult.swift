import Foundation

/// One fixed effect of a logistic mixed model: the log odds ratio, its Wald z test and the
/// odds ratio with its Wald confidence interval (`exp(confint(m, method = "Wald"))`).
public struct LogisticMixedModelCoefficient: Sendable, Equatable {
    /// R's name: `(Intercept)`, `A1`, `A1:B1`.
    public var name: String
    public var estimate: Double
    public var standardError: Double
    public var z: Double
    public var p: Double
    /// `exp(estimate)`, and its Wald interval `exp(estimate ± z₁₋α/₂ · SE)`.
    public var oddsRatio: Double
    public var oddsRatioLow: Double
    public var oddsRatioHigh: Double
}

/// One row of the type III Wald chi-square table of `car::Anova(m, type = 3)`.
public struct LogisticMixedModelTerm: Sendable, Equatable {
    /// `"(Intercept)"`, `"A"`, `"A:B"`.
    public var name: String
    public var chiSquare: Double
    public var df: Double
    public var p: Double
    /// `χ²(2) = 12.40, p < .001`.
    public var apa: String
}

/// A fitted logistic mixed model with a random intercept per subject.
public struct LogisticMixedModelResult: Sendable {
    /// The model in lme4 syntax: `y ~ A * B + (1 | subject)`, family binomial (logit).
    public var formula: String
    public var coefficients: [LogisticMixedModelCoefficient]
    /// The random-intercept variance on the logit scale.
    public var randomIntercept: VarianceComponent
    /// θ, the random-intercept SD (the logit-scale residual is fixed at 1).
    public var theta: Double
    /// The Laplace-approximated log-likelihood (`logLik(m)`).
    public var logLikelihood: Double
    public var deviance: Double
    public var aic: Double
    public var bic: Double
    /// `car::Anova(m, type = 3)`: the intercept and every term.
    public var terms: [LogisticMixedModelTerm]
    public var observations: Int
    public var subjects: Int
    public var confidenceLevel: Double
    public var isSingular: Bool
    public var converged: Bool
    /// Warnings in words: singular fit, convergence, likely separation.
    public var messages: [String]
    /// Link, approximation, optimiser, how SEs were obtained, convergence.
    public var policy: String
    /// `Cov(β̂)` from the Hessian of the Laplace deviance, as `vcov(m)`.
    public var covariance: [[Double]]

    let design: MixedModelDesign

    public func term(_ name: String) -> LogisticMixedModelTerm? { terms.first { $0.name == name } }

    public func coefficient(_ name: String) -> LogisticMixedModelCoefficient? {
        coefficients.first { $0.name == name }
    }
}
