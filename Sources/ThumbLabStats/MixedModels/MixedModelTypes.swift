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

/// The fixed and random parts of a mixed model with one grouping factor (the participant).
///
/// Categorical factors get sum-to-zero coding (R's `contr.sum`) with levels sorted as R sorts
/// a character column; covariates enter as given (not centred), as in R. Without explicit
/// `terms` the fixed part is the full factorial of the factors plus the main effect of each
/// covariate: `y ~ A * B + x`. Terms are ordered as R orders them: by degree, then as given.
public struct MixedModelSpecification: Sendable, Equatable {
    /// Categorical factors, in formula order.
    public var factors: [String]
    /// Numeric covariates, in formula order.
    public var covariates: [String]
    /// Fixed-effect terms, each a list of factor and covariate names (`["A", "B"]` is `A:B`);
    /// nil for the full factorial of the factors plus covariate main effects.
    public var terms: [[String]]?
    /// A factor or covariate whose effect varies by subject with a random slope correlated
    /// with the random intercept: `(1 + x | subject)`; nil for `(1 | subject)`.
    public var randomSlope: String?

    /// Creates a specification; see the properties for what each argument means.
    public init(
        factors: [String] = [], covariates: [String] = [], terms: [[String]]? = nil,
        randomSlope: String? = nil
    ) {
        self.factors = factors
        self.covariates = covariates
        self.terms = terms
        self.randomSlope = randomSlope
    }

    /// The fixed-effect terms in R's order: by degree, then in the order given.
    var orderedTerms: [[String]] {
        let given: [[String]]
        if let terms {
            given = terms
        } else {
            var all: [[String]] = []
            for mask in 1..<(1 << factors.count) {
                all.append(factors.indices.filter { mask & (1 << $0) != 0 }.map { factors[$0] })
            }
            given = all + covariates.map { [$0] }
        }
        return given.enumerated().sorted { ($0.element.count, $0.offset) < ($1.element.count, $1.offset) }
            .map(\.element)
    }

    /// The lme4 formula of the model, such as `y ~ A * B + x + (1 + x | subject)`.
    public func formula(response: String = "y", subject: String = "subject") -> String {
        let fixed: String
        if terms == nil && !factors.isEmpty {
            fixed = ([factors.joined(separator: " * ")] + covariates).joined(separator: " + ")
        } else {
            let names = orderedTerms.map { $0.joined(separator: ":") }
            fixed = names.isEmpty ? "1" : names.joined(separator: " + ")
        }
        let random = randomSlope.map { "(1 + \($0) | \(subject))" } ?? "(1 | \(subject))"
        return "\(response) ~ \(fixed) + \(random)"
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
