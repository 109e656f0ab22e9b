/// One trial (or one aggregated value) for a mixed model: the participant, the levels of
/// the categorical factors, the values of the numeric covariates, and the response.
///
/// For ``MixedModel/logistic(_:model:confidenceLevel:covariance:)`` the response is 1 (event, such as a miss) or 0.
public struct MixedModelObservation: Sendable, Equatable {
    /// The grouping unit of the random effects (the participant).
    public var subject: String
    /// The level of every categorical factor, keyed by factor name.
    public var levels: [String: String]
    /// The value of every numeric covariate (days, block, index of difficulty), keyed by name.
    public var covariates: [String: Double]
    /// The response: a measurement (log time) for the linear model, 0 or 1 for the logistic.
    public var value: Double

    /// Creates an observation of `subject` with its factor levels, covariates and response.
    public init(
        subject: String, levels: [String: String] = [:], covariates: [String: Double] = [:],
        value: Double
    ) {
        self.subject = subject
        self.levels = levels
        self.covariates = covariates
        self.value = value
    }
}

/// How the variance parameters of a linear mixed model are estimated.
public enum MixedModelEstimation: String, Sendable, CaseIterable {
    /// Restricted maximum likelihood (Patterson & Thompson 1971), lme4's default.
    case reml = "REML"
    /// Maximum likelihood; needed to compare models that differ in their fixed effects.
    case ml = "ML"
}

/// One fixed-effect coefficient in sum-to-zero coding, named as R names it (`A1`, `A1:B2`).
public struct MixedModelCoefficient: Sendable, Equatable {
    /// R's name of the coefficient: `(Intercept)`, `A1`, `A1:B2`, `x`.
    public var name: String
    /// The estimate on the model's scale.
    public var estimate: Double
    /// Standard error of `estimate`.
    public var standardError: Double
    /// The Wald statistic `estimate / standardError` (t for the linear, z for the logistic model).
    public var statistic: Double
    /// Satterthwaite df for the linear model (as `summary()` of lmerTest); nil for the logistic.
    public var df: Double?
    /// Two-sided p-value (t with `df`, or standard normal).
    public var p: Double
}

/// The estimated variance and standard deviation of a random effect, as lme4's `VarCorr`.
public struct VarianceComponent: Sendable, Equatable {
    /// `"(Intercept)"`, a slope column name (`x`, `A1`), or `"Residual"`.
    public var name: String
    /// The estimated variance (≥ 0).
    public var variance: Double
    /// The standard deviation, the square root of `variance`.
    public var sd: Double { variance.squareRoot() }
}
