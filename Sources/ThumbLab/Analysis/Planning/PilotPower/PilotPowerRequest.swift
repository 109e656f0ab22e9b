/// What `thumblab power --from-study` is asked: how many participants a study of a within
/// factor needs, judged from a pilot already in the study database.
public struct PilotPowerRequest: Sendable, Equatable {
    /// The within factor whose effect the study is to detect, such as `technique`.
    public var factor: String
    /// ``Measure/time`` (ln time, a linear mixed model) or ``Measure/error`` (misses, a
    /// logistic mixed model).
    public var measure: Measure
    /// The sample sizes to estimate power for, each 2 or more.
    public var participants: [Int]
    /// Studies simulated per sample size; 0 gives the analytic curve alone.
    public var simulations: Int
    /// The factor of the pilot's effects (the level means' deviations from their mean) in the
    /// simulated studies; below 1 because a pilot's effects are biased upward.
    public var effectScale: Double
    /// The seed of the simulations: the same seed gives the same power.
    public var seed: UInt64
    /// The significance level of each simulated study's test.
    public var alpha: Double
    /// The power the smallest sufficient sample size must reach.
    public var target: Double
    /// The random effects of the pilot's linear mixed model; ``RandomEffectsStructure/slopes``
    /// (the default) is simplified to a random intercept when the pilot cannot support slopes.
    /// The logistic model of errors has a random intercept alone.
    public var randomEffects: RandomEffectsStructure

    /// The sample sizes estimated when none are given.
    public static let defaultParticipants = [8, 12, 16, 20, 24, 32, 40]

    /// A request; time, 1,000 simulations at 8 to 40 participants, the pilot's effects as they
    /// are, seed 1, α = .05, a target power of .8 and random slopes where the pilot supports them
    /// by default.
    public init(
        factor: String, measure: Measure = .time, participants: [Int] = PilotPowerRequest.defaultParticipants,
        simulations: Int = 1000, effectScale: Double = 1, seed: UInt64 = 1, alpha: Double = 0.05,
        target: Double = 0.8, randomEffects: RandomEffectsStructure = .slopes
    ) {
        self.factor = factor
        self.measure = measure
        self.participants = participants
        self.simulations = simulations
        self.effectScale = effectScale
        self.seed = seed
        self.alpha = alpha
        self.target = target
        self.randomEffects = randomEffects
    }
}
