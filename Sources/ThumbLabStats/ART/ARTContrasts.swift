import Foundation

/// The linear model whose error the ART-C contrasts use.
public enum ARTContrastModel: String, Sendable, CaseIterable {
    /// Subjects as a random intercept (ARTool with `(1|S)`, or `Error(S)` with `aov`;
    /// identical for complete balanced within data). For between-only designs this is the
    /// ordinary linear model.
    case subjectIntercept
    /// The fixed-effects linear model without a subject term (ARTool without a grouping
    /// term). Ignores the pairing of within-subject data; provided to reproduce such results.
    case fixedEffectsOnly
}

/// One pairwise ART-C contrast between two levels of a term's combined factor.
public struct ARTContrast: Sendable, Equatable {
    /// First level ("m1", or "A1,B2" for an interaction term).
    public var a: String
    /// Second level.
    public var b: String
    /// Difference of the estimated marginal means of the aligned ranks, a − b.
    public var estimate: Double
    /// Standard error of the estimate.
    public var se: Double
    /// Degrees of freedom (Satterthwaite when between- and within-subject variance mix).
    public var df: Double
    /// `estimate / se`.
    public var t: Double
    /// Two-sided unadjusted p-value.
    public var p: Double
    /// p-value after the adjustment.
    public var pAdjusted: Double
}

/// ART-C results for one term.
public struct ARTContrastResult: Sendable, Equatable {
    /// The term contrasted, "A" or "A:B".
    public var term: String
    /// Levels of the combined factor, sorted as R sorts factor levels.
    public var levels: [String]
    /// Estimated marginal mean of the aligned ranks per level.
    public var marginalMeans: [Double]
    /// One contrast per pair of levels, in level order.
    public var contrasts: [ARTContrast]
    /// The adjustment applied.
    public var adjustment: ContrastAdjustment
    /// The error model used.
    public var model: ARTContrastModel
    /// Subjects removed before the analysis because a within cell had no value.
    public var subjectsDropped: [String]
    /// How the contrasts were computed.
    public var policy: String
    /// ART's known Type I error risk (``ARTNote/typeIError``).
    public var note: String
}
