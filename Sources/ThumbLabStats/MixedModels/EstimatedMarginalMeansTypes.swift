import Foundation

/// The scale the response of a linear mixed model was analysed on, for back-transformation.
public enum MixedModelResponseScale: String, Sendable, CaseIterable {
    /// The response as measured: means and differences are reported as they are.
    case identity
    /// Natural log (ln time): means back-transform to geometric means and differences to
    /// ratios, as `emmeans(..., type = "response")` with a log transformation.
    case log
}

/// The estimated marginal mean of one level, averaged with equal weights over the levels of
/// the other factors and at the mean of each covariate (Searle, Speed & Milliken 1980;
/// Lenth, emmeans).
public struct EstimatedMarginalMean: Sendable, Equatable {
    /// The factor level.
    public var level: String
    /// On the model's scale: the linear predictor (log time, log odds).
    public var estimate: Double
    /// Standard error of `estimate`.
    public var standardError: Double
    /// Satterthwaite df for the linear model, `.infinity` (asymptotic) for the logistic.
    public var df: Double
    /// Lower confidence limit on the model's scale.
    public var ciLow: Double
    /// Upper confidence limit on the model's scale.
    public var ciHigh: Double
    /// Back-transformed: the mean itself, a geometric mean (exp) or a probability (logistic).
    public var response: Double
    /// Lower confidence limit on the response scale.
    public var responseLow: Double
    /// Upper confidence limit on the response scale.
    public var responseHigh: Double
}

/// One pairwise contrast `a − b` of estimated marginal means, as emmeans' `pairs()`.
public struct MarginalContrast: Sendable, Equatable {
    /// The first level of the contrast.
    public var a: String
    /// The second level of the contrast.
    public var b: String
    /// The model-scale difference `a − b`.
    public var estimate: Double
    /// Standard error of `estimate`.
    public var standardError: Double
    /// Satterthwaite df (linear model) or `.infinity` (logistic model).
    public var df: Double
    /// t (linear model) or z (logistic model).
    public var statistic: Double
    /// Unadjusted two-sided p-value.
    public var pUnadjusted: Double
    /// p after the family's adjustment.
    public var p: Double
    /// On the response scale: the difference, the ratio of geometric means (log), or the
    /// odds ratio (logistic).
    public var response: Double
    /// `t(28.31) = 3.10, p = .012` or `z = 3.10, p = .012`.
    public var apaStatistic: APAStatistic
    /// ``apaStatistic`` as plain text.
    public var apa: String { apaStatistic.description }

    /// emmeans' label, `a - b`.
    public var name: String { "\(a) - \(b)" }
}

/// Estimated marginal means of one factor and all their pairwise contrasts.
public struct EstimatedMarginalMeansResult: Sendable, Equatable {
    /// The factor whose levels are compared.
    public var factor: String
    /// The marginal mean of each level, in level order.
    public var means: [EstimatedMarginalMean]
    /// Every pairwise contrast, as emmeans' `pairs()` orders them.
    public var contrasts: [MarginalContrast]
    /// The adjustment applied to the family of contrasts.
    public var adjustment: ContrastAdjustment
    /// Confidence level of the intervals, such as 0.95.
    public var confidenceLevel: Double
    /// "Satterthwaite" or "asymptotic (z)".
    public var dfMethod: String
    /// How the grid was averaged, the df method, the adjustment and the back-transformation.
    public var policy: String

    /// The contrast of two levels in either order (its sign then reads as stored).
    public func contrast(_ first: String, _ second: String) -> MarginalContrast? {
        contrasts.first { ($0.a == first && $0.b == second) || ($0.a == second && $0.b == first) }
    }
}
