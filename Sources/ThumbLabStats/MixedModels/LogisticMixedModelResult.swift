import Foundation

/// One fixed effect of a logistic mixed model: the log odds ratio, its Wald z test and the
/// odds ratio with its Wald confidence interval (`exp(confint(m, method = "Wald"))`).
public struct LogisticMixedModelCoefficient: Sendable, Equatable {
    /// R's name: `(Intercept)`, `A1`, `A1:B1`.
    public var name: String
    /// The coefficient on the log-odds scale.
    public var estimate: Double
    /// Standard error of `estimate` from ``LogisticMixedModelResult/covariance``.
    public var standardError: Double
    /// Wald z, `estimate / standardError`.
    public var z: Double
    /// Two-sided p-value of `z`.
    public var p: Double
    /// `exp(estimate)`, and its Wald interval `exp(estimate ± z₁₋α/₂ · SE)`.
    public var oddsRatio: Double
    /// Lower Wald limit of the odds ratio.
    public var oddsRatioLow: Double
    /// Upper Wald limit of the odds ratio.
    public var oddsRatioHigh: Double
}

/// One row of the type III Wald chi-square table of `car::Anova(m, type = 3)`.
public struct LogisticMixedModelTerm: Sendable, Equatable {
    /// `"(Intercept)"`, `"A"`, `"A:B"`.
    public var name: String
    /// The Wald chi-square that the term's coefficients are 0.
    public var chiSquare: Double
    /// Degrees of freedom: the number of coefficients of the term.
    public var df: Double
    /// Upper-tail p-value of `chiSquare`.
    public var p: Double
    /// `χ²(2) = 12.40, p < .001`.
    public var apaStatistic: APAStatistic
    /// ``apaStatistic`` as plain text.
    public var apa: String { apaStatistic.description }
}

/// A fitted logistic mixed model with a random intercept per subject.
public struct LogisticMixedModelResult: Sendable, Equatable {
    /// The model in lme4 syntax: `y ~ A * B + (1 | subject)`, family binomial (logit).
    public var formula: String
    /// Fixed effects in R's order with Wald z tests and odds ratios.
    public var coefficients: [LogisticMixedModelCoefficient]
    /// The random-intercept variance on the logit scale.
    public var randomIntercept: VarianceComponent
    /// θ, the random-intercept SD (the logit-scale residual is fixed at 1).
    public var theta: Double
    /// The Laplace-approximated log-likelihood (`logLik(m)`).
    public var logLikelihood: Double
    /// The deviance `−2 · logLikelihood`.
    public var deviance: Double
    /// Akaike information criterion, `−2 logLik + 2k`.
    public var aic: Double
    /// Bayesian information criterion, `−2 logLik + k ln n`.
    public var bic: Double
    /// `car::Anova(m, type = 3)`: the intercept and every term.
    public var terms: [LogisticMixedModelTerm]
    /// Number of observations that entered the fit.
    public var observations: Int
    /// Number of subjects (levels of the grouping factor).
    public var subjects: Int
    /// Confidence level of the odds-ratio intervals, such as 0.95.
    public var confidenceLevel: Double
    /// The random-intercept variance is at its bound of 0 (lme4's `isSingular`).
    public var isSingular: Bool
    /// Whether the optimiser met its convergence criteria.
    public var converged: Bool
    /// Warnings in words: singular fit, convergence, likely separation.
    public var messages: [String]
    /// Link, approximation, optimiser, how SEs were obtained, convergence.
    public var policy: String
    /// `Cov(β̂)` from the Hessian of the Laplace deviance, as chosen by ``LogisticMixedModelCovariance``.
    public var covariance: [[Double]]

    let design: MixedModelDesign

    /// The type III row of the term `name` (`"A"`, `"A:B"`), if any.
    public func term(_ name: String) -> LogisticMixedModelTerm? { terms.first { $0.name == name } }

    /// The coefficient named as R names it (`"A1"`), if any.
    public func coefficient(_ name: String) -> LogisticMixedModelCoefficient? {
        coefficients.first { $0.name == name }
    }
}
