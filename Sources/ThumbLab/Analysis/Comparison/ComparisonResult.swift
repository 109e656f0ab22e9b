import ThumbLabStats

/// The outcome of one comparison (one level of `--by`, or the whole selection): the
/// level descriptives, the omnibus tests, the post-hoc table and why each test was chosen.
public struct Comparison: Sendable, Equatable {
    /// The `--by` factor and level this comparison is restricted to, if any.
    public var byLevel: (factor: String, level: String)?
    public var design: InferredDesign
    public var levels: [LevelDescriptives]
    public var tests: [TestOutcome]
    public var posthoc: [PairwiseOutcome]
    /// Why these tests, in words: the design, the normality checks and the rule applied.
    public var reasons: [String]
    /// Each compared factor's marginal means: per level, the mean over participants of
    /// their mean across the other factors' cells (back-transformed for `geomean`).
    public var marginalMeans: [(factor: String, means: [(level: String, mean: Double)])] = []

    public static func == (a: Comparison, b: Comparison) -> Bool {
        a.byLevel?.factor == b.byLevel?.factor && a.byLevel?.level == b.byLevel?.level
            && a.design == b.design && a.levels == b.levels && a.tests == b.tests && a.posthoc == b.posthoc
            && a.reasons == b.reasons && a.marginalMeans.map(\.factor) == b.marginalMeans.map(\.factor)
            && a.marginalMeans.map { $0.means.map(\.level) } == b.marginalMeans.map { $0.means.map(\.level) }
            && a.marginalMeans.map { $0.means.map(\.mean) } == b.marginalMeans.map { $0.means.map(\.mean) }
    }
}

/// Descriptives of one cell across participants, on the measure's scale (geometric for
/// `geomean`: `mean` is the geometric mean, `sd` the geometric SD factor, the interval
/// back-transformed).
public struct LevelDescriptives: Sendable, Equatable {
    /// The cell's levels joined by `:`.
    public var level: String
    /// The cell's levels by factor.
    public var levels: [String]
    public var n: Int
    public var mean: Double
    public var sd: Double
    public var median: Double
    public var ciLow: Double
    public var ciHigh: Double
}

/// One omnibus test of one term. Fields that do not apply are `nil`.
public struct TestOutcome: Sendable, Equatable {
    /// The contract name: `paired-t`, `rm-anova`, `friedman`, ...
    public var test: String
    /// The factor or interaction (`A:B`).
    public var term: String
    public var statistic: Double
    public var p: Double
    public var df: Double? = nil
    public var df1: Double? = nil
    public var df2: Double? = nil
    public var epsilonGG: Double? = nil
    public var epsilonHF: Double? = nil
    public var pGG: Double? = nil
    public var pHF: Double? = nil
    public var mauchlyW: Double? = nil
    public var mauchlyP: Double? = nil
    /// The correction applied to df and p (`GG`), if any.
    public var correction: String? = nil
    public var ges: Double? = nil
    public var pes: Double? = nil
    public var wPlus: Double? = nil
    public var wMinus: Double? = nil
    public var z: Double? = nil
    /// `exact` or `normal` for rank tests.
    public var method: String? = nil
    public var kendallW: Double? = nil
    public var effectSize: EffectSize? = nil
    /// How the denominator df were found (`Satterthwaite` for mixed models).
    public var dfMethod: String? = nil
    /// A mixed model's formula in lme4 syntax, so that a reader can refit it in R.
    public var model: String? = nil
    /// The p-value adjusted across the levels of `--by`, when there are several.
    public var pAdjusted: Double? = nil
    public var adjust: String? = nil
    public var apa: String
    /// The test's policy in words (zero handling, exactness, corrections).
    public var policy: String

    /// The p-value the decision rests on: the corrected one when a correction applies.
    public var decisiveP: Double {
        switch correction {
        case "GG": pGG ?? p
        case "HF": pHF ?? p
        default: p
        }
    }
}

/// One pairwise post-hoc comparison.
public struct PairwiseOutcome: Sendable, Equatable {
    /// The term whose levels are compared.
    public var term: String
    public var a: String
    public var b: String
    public var test: String
    public var statistic: Double
    public var df: Double?
    public var p: Double
    public var pAdjusted: Double
    public var adjust: String
    public var apa: String
}

/// Everything `thumblab compare` reports: the request, the selection it used, one
/// ``Comparison`` per `--by` level (one in all without `--by`), and a Methods sentence.
public struct ComparisonReport: Sendable, Equatable {
    public var request: ComparisonRequest
    public var selection: SelectionSummary
    public var comparisons: [Comparison]
    /// APA sentences, one per omnibus test and significant post-hoc pair.
    public var sentences: [String]
    /// What was done, in words, for a Methods section.
    public var methods: String

    /// Participants every comparison used (the union over `--by` levels).
    public var participantsUsed: Int { Set(comparisons.flatMap(\.design.kept)).count }
    /// Participants dropped in some comparison, with their reasons.
    public var dropped: [DroppedParticipant] { comparisons.flatMap(\.design.dropped) }
}
