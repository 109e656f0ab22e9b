import Foundation

/// One row of the type III ANOVA table of a linear mixed model, as `lmerTest::anova(m)`.
public struct LinearMixedModelTerm: Sendable, Equatable {
    /// `"A"`, `"A:B"`, `"x"`.
    public var name: String
    /// The F statistic of the Wald test that the term's coefficients are 0.
    public var f: Double
    /// Numerator df: the number of coefficients of the term.
    public var numeratorDF: Double
    /// Denominator df by Satterthwaite's approximation.
    public var denominatorDF: Double
    /// p-value of the F test on (`numeratorDF`, `denominatorDF`).
    public var p: Double
    /// `F(2, 28.31) = 12.40, p < .001`.
    public var apaStatistic: APAStatistic
    /// ``apaStatistic`` as plain text.
    public var apa: String { apaStatistic.description }
}

/// A fitted linear mixed model: fixed effects, variance components, fit criteria, the type
/// III ANOVA table with Satterthwaite df, and every warning lme4 would give, in words.
public struct LinearMixedModelResult: Sendable, Equatable {
    /// The model in lme4 syntax, such as `y ~ A * B + (1 | subject)`.
    public var formula: String
    /// REML or ML.
    public var estimation: MixedModelEstimation
    /// Fixed effects in R's order with Satterthwaite t tests (as lmerTest's `summary`).
    public var coefficients: [MixedModelCoefficient]
    /// Variances of the random intercept and slope columns, as lme4's `VarCorr`.
    public var randomEffects: [VarianceComponent]
    /// Correlations of the random effects (q × q); the identity for a random intercept.
    public var randomCorrelations: [[Double]]
    /// The residual variance σ².
    public var residual: VarianceComponent
    /// The relative covariance factor θ at the optimum (lme4's `getME(m, "theta")`).
    public var theta: [Double]
    /// The REML log-likelihood for REML fits (`logLik(m)`), the log-likelihood for ML fits.
    public var logLikelihood: Double
    /// `−2 · logLikelihood`: the REML criterion at convergence, or the ML deviance.
    public var criterion: Double
    /// `−2 logLik + 2k` and `−2 logLik + k ln n`, with k the fixed and variance parameters.
    public var aic: Double
    /// Bayesian information criterion, `−2 logLik + k ln n`.
    public var bic: Double
    /// Type III ANOVA table in term order.
    public var terms: [LinearMixedModelTerm]
    /// Number of observations that entered the fit.
    public var observations: Int
    /// Number of subjects (levels of the grouping factor).
    public var subjects: Int
    /// A variance parameter at its bound of 0 (lme4's `isSingular`, tolerance 1e-4).
    public var isSingular: Bool
    /// Whether the optimiser met its convergence criteria.
    public var converged: Bool
    /// Warnings in words: singular fit, convergence, a Hessian that is not positive definite.
    public var messages: [String]
    /// Estimation, df method, optimiser and convergence in words.
    public var policy: String
    /// `Cov(β̂)` in coefficient order.
    public var covariance: [[Double]]

    let design: MixedModelDesign
    let satterthwaite: Satterthwaite

    /// The ANOVA row with the given name (`"A:B"`), if any.
    public func term(_ name: String) -> LinearMixedModelTerm? { terms.first { $0.name == name } }

    /// The coefficient with R's name (`"A1"`, `"(Intercept)"`), if any.
    public func coefficient(_ name: String) -> MixedModelCoefficient? {
        coefficients.first { $0.name == name }
    }

    /// Estimate, SE and Satterthwaite df of a linear combination `lᵀβ` of the coefficients.
    func contrast(_ l: [Double]) -> (estimate: Double, se: Double, df: Double) {
        let (df, variance) = satterthwaite.contrastDF(l)
        return (zip(l, satterthwaite.beta).reduce(0) { $0 + $1.0 * $1.1 }, variance.squareRoot(), df)
    }
}
