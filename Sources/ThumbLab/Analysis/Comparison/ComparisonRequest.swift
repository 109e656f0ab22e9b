import ThumbLabStats

/// The tests a comparison can run; `auto` chooses from the design and the data.
public enum ComparisonTest: String, CaseIterable, Sendable {
    /// The test the design and the data call for, with the reasons in
    /// ``Comparison/reasons``.
    case auto
    /// Paired t-test on two within-subject levels.
    case pairedT = "paired-t"
    /// Wilcoxon signed-rank test on two within-subject levels.
    case wilcoxon
    /// Repeated-measures ANOVA, Greenhouse-Geisser corrected where Mauchly's test rejects
    /// sphericity.
    case rmANOVA = "rm-anova"
    /// Friedman test on three or more within-subject levels.
    case friedman
    /// Aligned rank transform ANOVA (Wobbrock et al. 2011) for factorial designs.
    case art
    /// Welch's t-test on two between-subject groups.
    case welchT = "welch-t"
    /// Student's t-test (pooled variance) on two between-subject groups.
    case studentT = "student-t"
    /// Mann-Whitney U test on two between-subject groups.
    case mannWhitney = "mann-whitney"
    /// One-way or factorial between-subjects ANOVA (type III sums of squares).
    case anova
    /// ANOVA with within- and between-subject factors.
    case mixedANOVA = "mixed-anova"
    /// Kruskal-Wallis test on three or more between-subject groups.
    case kruskalWallis = "kruskal-wallis"
    /// A linear mixed model on trial-level values (ln time for time), random intercept per
    /// participant or the random slopes of ``ComparisonRequest/randomEffects``, Satterthwaite
    /// F tests.
    case lmm
    /// A logistic mixed model on trial-level misses, random intercept per participant, Wald
    /// chi-square tests.
    case glmm
}

/// How a linear mixed model's F tests find their denominator df.
public enum MixedModelDFMethod: String, CaseIterable, Sendable {
    /// Satterthwaite (1946) as lmerTest, the default.
    case satterthwaite
    /// Kenward & Roger (1997) as pbkrtest: adjusted covariance and scaled F.
    case kenwardRoger = "kenward-roger"
}

/// What `thumblab compare` is asked: a measure compared over one or more factors,
/// optionally repeated within each level of another factor.
///
/// ``Study/compare(_:selection:)`` reads first attempts by default (`Selection()`);
/// throughput counts every attempt whatever the policy. The report's
/// ``ComparisonReport/selection`` states the policy used.
public struct ComparisonRequest: Sendable, Equatable {
    /// What is compared: time, error, a numeric trial column or a questionnaire score.
    public var measure: Measure
    /// The compared factors; several give a factorial design with their interactions.
    public var factors: [String]
    /// When set, only these levels of the first factor.
    public var levels: [String]?
    /// Repeat the comparison within each level of this factor, adjusting across repeats.
    public var by: String?
    /// The test to run; ``ComparisonTest/auto`` chooses one.
    public var test: ComparisonTest
    /// `nil`: ``Aggregate/trialLevel`` for a mixed model asked for by name, else the
    /// measure's default (geomean for time, proportion for error, mean otherwise).
    public var aggregate: Aggregate?
    /// The adjustment of post-hoc p-values and of p-values across the levels of ``by``.
    public var adjust: PValueAdjustment
    /// The significance level that decides on post-hoc tests and on normality (.05).
    public var alpha: Double
    /// The df method of a linear mixed model's F tests.
    public var dfMethod: MixedModelDFMethod
    /// The covariance of a logistic mixed model's fixed effects.
    public var glmmCovariance: LogisticMixedModelCovariance
    /// The random effects of a linear mixed model; a logistic one has a random intercept only.
    public var randomEffects: RandomEffectsStructure
    /// The follow-up tests of significant terms: pairs for main effects and simple effects
    /// for interactions by default.
    public var posthoc: PostHocScope

    /// A request; every argument but `measure` and `factors` has the command's default.
    public init(
        measure: Measure, factors: [String], levels: [String]? = nil, by: String? = nil,
        test: ComparisonTest = .auto, aggregate: Aggregate? = nil, adjust: PValueAdjustment = .holm,
        alpha: Double = 0.05, dfMethod: MixedModelDFMethod = .satterthwaite,
        glmmCovariance: LogisticMixedModelCovariance = .lme4, randomEffects: RandomEffectsStructure = .intercept,
        posthoc: PostHocScope = .main
    ) {
        self.measure = measure
        self.factors = factors
        self.levels = levels
        self.by = by
        self.test = test
        self.aggregate = aggregate
        self.adjust = adjust
        self.alpha = alpha
        self.dfMethod = dfMethod
        self.glmmCovariance = glmmCovariance
        self.randomEffects = randomEffects
        self.posthoc = posthoc
    }

    /// The aggregate in force: ``Aggregate/trialLevel`` (`none`) is implied for a mixed model
    /// asked for by name.
    public var effectiveAggregate: Aggregate {
        aggregate ?? (test == .lmm || test == .glmm ? .trialLevel : measure.defaultAggregate)
    }

    /// The aggregate of the per-participant cell values (descriptives and aggregated tests):
    /// the one in force, or the measure's default when the trials are modelled unaggregated.
    public var cellAggregate: Aggregate {
        let aggregate = effectiveAggregate
        return aggregate == .trialLevel ? measure.defaultAggregate : aggregate
    }

    /// Whether trial-level data are asked for, explicitly or by asking for a mixed model.
    var wantsTrialLevel: Bool { effectiveAggregate == .trialLevel }
}
