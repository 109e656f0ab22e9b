import ThumbLabStats

/// Everything `thumblab power --from-study` reports: the pilot, the analytic power curve
/// from its RM-ANOVA, the mixed model fitted and simulated from, the simulated power per
/// sample size, and the assumptions in words.
public struct PilotPowerReport: Sendable, Equatable {
    /// What was asked.
    public var request: PilotPowerRequest
    /// The selection read, with its trial and participant counts.
    public var selection: SelectionSummary
    /// Display names of the factor and its levels.
    public var names: DisplayNames
    /// The factor's levels in the study's order.
    public var levels: [String]
    /// The pilot's participants with data at every level, the ones the estimates rest on.
    public var pilotParticipants: Int
    /// Trials per participant at each level, the rounded mean of the pilot's, kept in every
    /// simulated study.
    public var trialsPerCell: [Int]
    /// The power curve of the pilot's RM-ANOVA effect (G*Power's convention); nil when the
    /// pilot does not give one (``analyticMissing`` says why).
    public var analytic: PilotAnalyticPower?
    /// Why there is no analytic curve, when there is none.
    public var analyticMissing: String?
    /// The mixed model fitted to the pilot and simulated from.
    public var model: PilotModel
    /// Simulated power per sample size, in the order asked (empty with no simulations).
    public var simulated: [SimulatedPower]
    /// The smallest sample size asked whose simulated power (or, without simulations, whose
    /// analytic power) reaches the target; nil when none does.
    public var smallestSufficient: Int?
    /// How each simulated study was analysed, in words.
    public var analysis: String
    /// The assumptions behind the numbers, one sentence each.
    public var assumptions: [String]
    /// A sentence for the paper.
    public var sentence: String
}

/// The analytic power of a pilot's within-factor effect: Cohen's f, the correlation among
/// the repeated measures and the Greenhouse-Geisser ε from the pilot's per-participant
/// level values, and the power of the RM-ANOVA at each sample size (ThumbLabStats'
/// `Power.rmANOVA`).
public struct PilotAnalyticPower: Sendable, Equatable {
    /// Cohen's f of the pilot's level means, times the effect scale: the SD of the level
    /// means (dividing by k) over the pooled SD within levels.
    public var f: Double
    /// The mean Pearson correlation between levels, across participants.
    public var correlation: Double
    /// The Greenhouse-Geisser ε of the pilot's RM-ANOVA (1 with two levels).
    public var epsilon: Double
    /// Power at each sample size asked.
    public var curve: [PilotPowerPoint]
    /// The participants to recruit for the target power; nil when f is 0.
    public var nRequired: Int?
}

/// One point of a power curve.
public struct PilotPowerPoint: Sendable, Equatable {
    /// Participants.
    public var participants: Int
    /// The power at that sample size.
    public var power: Double
}

/// The mixed model fitted to a pilot: the test it stands for, its formula as fitted, each
/// level's fitted mean, its variance components, and the model simulated from.
public struct PilotModel: Sendable, Equatable {
    /// ``ComparisonTest/lmm`` (ln time) or ``ComparisonTest/glmm`` (misses).
    public var test: ComparisonTest
    /// The model as fitted, in lme4 syntax: `log(time_ms) ~ technique + (1 | participant)`.
    public var formula: String
    /// How the random effects asked for were simplified, one step each; empty when fitted as asked.
    public var simplification: [String]
    /// Each level's fitted mean on the response scale: the geometric-mean time in ms, or the
    /// probability of a miss.
    public var levelMeans: [Double]
    /// The random-effect SDs by lme4 name (`(Intercept)`, `technique1`), then `Residual` for
    /// the linear model.
    public var variances: [VarianceComponent]
    /// The model simulated from, with the pilot's effects; the request's effect scale is applied as
    /// each study is drawn.
    public var simulation: SimulatedStudyModel
}
