import ThumbLabStats

/// The outcome of one comparison (one level of the `by` factor, or the whole selection): the
/// level descriptives, the omnibus tests, the post-hoc table and why each test was chosen.
public struct Comparison: Sendable, Equatable {
    /// The `by` factor and level this comparison is restricted to, if any.
    public var byLevel: (factor: String, level: String)?
    /// Which factors are within or between subjects, and the participants kept and dropped.
    public var design: InferredDesign
    /// Descriptives per cell of the compared factors, in the order of the study's levels.
    public var levels: [LevelDescriptives]
    /// The omnibus tests, one per term (main effects, then interactions).
    public var tests: [TestOutcome]
    /// Pairwise comparisons after a significant omnibus test, adjusted by the request's
    /// method.
    public var posthoc: [PairwiseOutcome]
    /// Why these tests, in words: the design, the normality checks and the rule applied.
    public var reasons: [String]
    /// Each compared factor's marginal means: per level, the mean over participants of
    /// their mean across the other factors' cells (back-transformed for `geomean`).
    public var marginalMeans: [(factor: String, means: [(level: String, mean: Double)])] = []
    /// The random effects of a linear mixed model: requested, fitted, and the simplifications
    /// between them; nil for other tests.
    public var randomEffects: RandomEffectsOutcome? = nil
    /// The simple effects of each significant interaction, when the request's
    /// ``ComparisonRequest/posthoc`` scope is ``PostHocScope/main``.
    public var simpleEffects: [SimpleEffect] = []
    /// The test chosen and why, as a clause of a Methods sentence ("a repeated-measures
    /// ANOVA, as Shapiro-Wilk's test on the ANOVA residuals (W = 0.99, p = .300) did not
    /// reject normality"), its statistics as typed runs; empty when the test was not chosen
    /// by ThumbLab's rules.
    public var rationale: [ProseSpan] = []

    public static func == (a: Comparison, b: Comparison) -> Bool {
        a.byLevel?.factor == b.byLevel?.factor && a.byLevel?.level == b.byLevel?.level
            && a.design == b.design && a.levels == b.levels && a.tests == b.tests && a.posthoc == b.posthoc
            && a.reasons == b.reasons && a.marginalMeans.map(\.factor) == b.marginalMeans.map(\.factor)
            && a.marginalMeans.map { $0.means.map(\.level) } == b.marginalMeans.map { $0.means.map(\.level) }
            && a.marginalMeans.map { $0.means.map(\.mean) } == b.marginalMeans.map { $0.means.map(\.mean) }
            && a.randomEffects == b.randomEffects && a.simpleEffects == b.simpleEffects && a.rationale == b.rationale
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
    /// Participants with a value in the cell.
    public var n: Int
    /// Mean of the participants' values; the geometric mean for `geomean`.
    public var mean: Double
    /// Standard deviation (n − 1); the geometric SD factor for `geomean`.
    public var sd: Double
    /// Median of the participants' values (back-transformed for `geomean`).
    public var median: Double
    /// Lower limit of the 95% t interval of the mean (back-transformed for `geomean`).
    public var ciLow: Double
    /// Upper limit of the 95% t interval of the mean (back-transformed for `geomean`).
    public var ciHigh: Double
}

/// One omnibus test of one term. Fields that do not apply are `nil`.
public struct TestOutcome: Sendable, Equatable {
    /// The contract name: `paired-t`, `rm-anova`, `friedman`, ...
    public var test: String
    /// The factor or interaction (`A:B`).
    public var term: String
    /// The test statistic: t, F, W+ (Wilcoxon), U, H or chi-square.
    public var statistic: Double
    /// The p-value, uncorrected for sphericity and unadjusted.
    public var p: Double
    /// Degrees of freedom of a t or chi-square statistic.
    public var df: Double? = nil
    /// Numerator degrees of freedom of an F statistic.
    public var df1: Double? = nil
    /// Denominator degrees of freedom of an F statistic.
    public var df2: Double? = nil
    /// Greenhouse-Geisser epsilon of a within term with more than two levels.
    public var epsilonGG: Double? = nil
    /// Huynh-Feldt epsilon of a within term with more than two levels.
    public var epsilonHF: Double? = nil
    /// The p-value with Greenhouse-Geisser corrected df.
    public var pGG: Double? = nil
    /// The p-value with Huynh-Feldt corrected df.
    public var pHF: Double? = nil
    /// Mauchly's W of the sphericity test.
    public var mauchlyW: Double? = nil
    /// The p-value of Mauchly's sphericity test.
    public var mauchlyP: Double? = nil
    /// The correction applied to df and p (`GG`), if any.
    public var correction: String? = nil
    /// Generalized eta squared (Olejnik & Algina 2003), as afex reports it.
    public var ges: Double? = nil
    /// Partial eta squared.
    public var pes: Double? = nil
    /// Wilcoxon signed-rank: the sum of the ranks of positive differences (V in R).
    public var wPlus: Double? = nil
    /// Wilcoxon signed-rank: the sum of the ranks of negative differences.
    public var wMinus: Double? = nil
    /// The standard normal statistic of a rank test's normal approximation.
    public var z: Double? = nil
    /// `exact` or `normal` for rank tests.
    public var method: String? = nil
    /// Kendall's W, the effect size of a Friedman test (0 to 1).
    public var kendallW: Double? = nil
    /// The test's effect size (d_z, rank-biserial r, ε², η²p, ...), with its interval where
    /// one is known.
    public var effectSize: EffectSize? = nil
    /// How the denominator df were found (`Satterthwaite` for mixed models).
    public var dfMethod: String? = nil
    /// A mixed model's formula in lme4 syntax, so that a reader can refit it in R.
    public var model: String? = nil
    /// The p-value adjusted across the levels of the `by` factor, when there are several.
    public var pAdjusted: Double? = nil
    /// The method of ``pAdjusted`` (`holm`, `bonferroni`, ...).
    public var adjust: String? = nil
    /// The result in APA style, such as `t(15) = -7.27, p < .001, d_z = -1.82`.
    public var apaStatistic: APAStatistic
    /// ``apaStatistic`` as plain text.
    public var apa: String { apaStatistic.description }
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
    /// The first level of the pair.
    public var a: String
    /// The second level of the pair.
    public var b: String
    /// The pairwise test: `paired-t`, `welch-t`, `mann-whitney`, `conover`, `art-c` or
    /// `emmeans`.
    public var test: String
    /// The test statistic: t, z (a logistic model's contrasts) or W (Mann-Whitney).
    public var statistic: Double
    /// Degrees of freedom, for tests with a t statistic.
    public var df: Double?
    /// The unadjusted p-value.
    public var p: Double
    /// The p-value adjusted over the family of pairs by ``adjust``.
    public var pAdjusted: Double
    /// The adjustment method: `holm`, `bonferroni`, `hochberg`, `bh`, `by` or `none`.
    public var adjust: String
    /// The result in APA style, with the adjusted p-value.
    public var apaStatistic: APAStatistic
    /// ``apaStatistic`` as plain text.
    public var apa: String { apaStatistic.description }
}

/// Everything `thumblab compare` reports: the request, the selection it used, one
/// ``Comparison`` per level of the `by` factor (one in all without one), and a Methods sentence.
public struct ComparisonReport: Sendable, Equatable {
    /// What was asked.
    public var request: ComparisonRequest
    /// The selection the comparison read, with its trial and participant counts.
    public var selection: SelectionSummary
    /// One comparison per level of ``ComparisonRequest/by``, or one for the whole
    /// selection.
    public var comparisons: [Comparison]
    /// The Results paragraph's sentences as plain text: each main effect with its test and
    /// means, its post-hoc pairs grouped, each significant interaction with its simple
    /// effects, the interactions that were not significant.
    public var sentences: [String]
    /// What was done, in words, for a Methods section.
    public var methods: String
    /// How factors and levels are shown in its tables, sentences and figures.
    public var names = DisplayNames()

    /// The Results paragraph, factors and levels shown as `names` gives them.
    public func results(names: DisplayNames = DisplayNames()) -> ProseParagraph {
        text(names: names).paragraph
    }

    /// This measure's part of a Methods section, factors shown as `names` gives them: how
    /// values were aggregated, the test and why, the model formula, participants left out.
    public func measureMethods(names: DisplayNames = DisplayNames()) -> String {
        text(names: names).measureMethods
    }

    /// ``measureMethods(names:)`` as facts, its statistics as typed runs.
    public func measureFacts(names: DisplayNames = DisplayNames()) -> [MethodsFact] {
        text(names: names).measureFacts
    }

    /// The follow-up tests, their adjustment and, after ART, its caveat, for a Methods section.
    public func followUpMethods(names: DisplayNames = DisplayNames()) -> String {
        text(names: names).followUpMethods
    }

    /// The follow-up tests of several comparisons run with the same request options (a
    /// report's time, error and score comparisons) in one passage: the pairwise tests any of
    /// them ran, simple effects when any design is factorial, ART's caveat when any ran ART.
    public static func followUpMethods(_ reports: [ComparisonReport], names: DisplayNames = DisplayNames()) -> String {
        MethodsFact.text(followUpFacts(reports, names: names))
    }

    /// ``followUpMethods(_:names:)`` as facts.
    public static func followUpFacts(_ reports: [ComparisonReport], names: DisplayNames = DisplayNames())
        -> [MethodsFact]
    {
        guard var request = reports.first?.request, let selection = reports.first?.selection else { return [] }
        request.factors = reports.map(\.request.factors).max { $0.count < $1.count } ?? request.factors
        return ComparisonText(
            request: request, selection: selection, comparisons: reports.flatMap(\.comparisons), names: names
        ).followUpFacts
    }

    func text(names: DisplayNames) -> ComparisonText {
        ComparisonText(request: request, selection: selection, comparisons: comparisons, names: names)
    }

    /// Participants every comparison used (the union over the `by` factor's levels).
    public var participantsUsed: Int { Set(comparisons.flatMap(\.design.kept)).count }
    /// Participants dropped in some comparison, with their reasons.
    public var dropped: [DroppedParticipant] { comparisons.flatMap(\.design.dropped) }
}
