import Foundation

/// A one-way within-subjects study to simulate: level means, a random intercept per
/// participant and trial-level noise, the model `lmer(y ~ level + (1 | participant))`
/// stands for (simr's model of a pilot; Green & MacLeod 2016).
public struct PowerSimulationModel: Sendable, Equatable {
    /// The mean of each level on the analysed scale (ln ms for time), two or more.
    public var means: [Double]
    /// The SD of the participants' random intercepts.
    public var participantSD: Double
    /// The SD of single trials around their participant's level mean.
    public var residualSD: Double
    /// Trials per participant and level.
    public var trialsPerCell: Int

    /// A model with the given level means, SDs and trials per cell.
    public init(means: [Double], participantSD: Double, residualSD: Double, trialsPerCell: Int) {
        self.means = means
        self.participantSD = participantSD
        self.residualSD = residualSD
        self.trialsPerCell = trialsPerCell
    }
}

/// The power of one sample size, estimated by simulation.
public struct SimulatedPower: Sendable, Equatable {
    /// Participants per simulated study.
    public let participants: Int
    /// Studies simulated.
    public let simulations: Int
    /// Studies whose test gave p < α.
    public let rejections: Int
    /// Studies the test could not analyse (such as no variation at all), counted as not rejected.
    public let untestable: Int
    /// rejections / simulations.
    public let power: Double
    /// The 95% Clopper-Pearson interval of the power.
    public let interval: ProportionInterval
}

extension Power {
    /// Power by simulation from a fitted model (as simr; Green & MacLeod 2016): for each
    /// sample size n, `simulations` studies of n participants are drawn from `model`, the
    /// level effects multiplied by `effectScale` around their mean, and each study's n × k
    /// table of per-participant level values is handed to `test`, which returns its p-value
    /// (nil when the study cannot be tested, counted as not rejected). Power is the share of
    /// p < α, with its Clopper-Pearson interval.
    ///
    /// Reproducible: studies are drawn in blocks of 50, each from a SplitMix64 generator
    /// (Steele, Lea & Flood 2014) seeded by `seed`, n and its block number, so the result
    /// does not depend on the order in which the blocks, spread over every core, finish.
    ///
    /// - Throws: ``StatsError/Kind/outOfRange`` for α outside (0, 1), a sample size below 2,
    ///   fewer than 1 simulation or trial per cell, or fewer than two levels;
    ///   ``StatsError/Kind/invalidArgument`` for non-finite means, a covariance that is not
    ///   positive semi-definite or a residual SD that is not positive.
    public static func simulate(
        _ model: SimulatedStudyModel, participants: [Int], simulations: Int, effectScale: Double = 1,
        alpha: Double = 0.05, seed: UInt64 = 1, test: @escaping @Sendable ([[Double]]) -> Double?
    ) throws -> [SimulatedPower] {
        try AcceptedRange(.alpha, value: alpha, lower: 0, upper: 1, includesLower: false, includesUpper: false).check()
        let factor = try model.validatedFactor()
        try AcceptedRange(
            .n, value: Double(simulations), lower: 1, upper: .infinity, includesLower: true, includesUpper: false
        )
        .check()
        for n in participants {
            try AcceptedRange(
                .n, value: Double(n), lower: 2, upper: .infinity, includesLower: true, includesUpper: false
            )
            .check()
        }
        guard effectScale.isFinite else {
            throw StatsError(.invalidArgument, "the effect scale must be finite, not \(effectScale)")
        }
        let grand = model.means.reduce(0, +) / Double(model.means.count)
        let scaled = model.means.map { grand + effectScale * ($0 - grand) }
        return try participants.map { n in
            let blockSize = 50
            let blocks = (simulations + blockSize - 1) / blockSize
            let counts = BlockCounts(blocks: blocks)
            DispatchQueue.concurrentPerform(iterations: blocks) { block in
                var generator = SimulationRandom(seed: seed, stream: UInt64(n) << 32 | UInt64(block))
                var rejected = 0
                var untestable = 0
                for _ in 0..<min(blockSize, simulations - block * blockSize) {
                    let values = SimulatedStudyDraw.draw(
                        n: n, means: scaled, factor: factor, model: model, generator: &generator)
                    guard let p = test(values), p.isFinite else {
                        untestable += 1
                        continue
                    }
                    if p < alpha { rejected += 1 }
                }
                counts.set(block, rejected: rejected, untestable: untestable)
            }
            let (rejections, untestable) = counts.totals
            return SimulatedPower(
                participants: n, simulations: simulations, rejections: rejections, untestable: untestable,
                power: Double(rejections) / Double(simulations),
                interval: try ProportionInterval(successes: rejections, trials: simulations, method: .clopperPearson))
        }
    }

    /// Power of the one-way repeated-measures ANOVA by simulation: ``simulate(_:participants:simulations:effectScale:alpha:seed:test:)``
    /// with a random intercept alone, each trial y = μ_level + u_participant + e with
    /// u ~ N(0, participantSD²) and e ~ N(0, residualSD²), each study tested by the
    /// univariate RM-ANOVA F on the per-participant level means (sphericity holds under the
    /// model, so no correction applies).
    ///
    /// - Throws: as ``simulate(_:participants:simulations:effectScale:alpha:seed:test:)``, and
    ///   ``StatsError/Kind/invalidArgument`` for a negative or non-finite participant SD.
    public static func simulateRMANOVA(
        _ model: PowerSimulationModel, participants: [Int], simulations: Int, effectScale: Double = 1,
        alpha: Double = 0.05, seed: UInt64 = 1
    ) throws -> [SimulatedPower] {
        guard model.participantSD >= 0, model.participantSD.isFinite else {
            throw StatsError(.invalidArgument, "the participant SD must be finite and not negative")
        }
        let levels = model.means.count
        let general = SimulatedStudyModel.randomIntercept(
            means: model.means, participantSD: model.participantSD, response: .normal(residualSD: model.residualSD),
            trialsPerCell: Array(repeating: model.trialsPerCell, count: levels))
        return try simulate(
            general, participants: participants, simulations: simulations, effectScale: effectScale, alpha: alpha,
            seed: seed
        ) { values in
            let df1 = Double(levels - 1)
            let f = SimulatedStudyDraw.rmANOVAF(values)
            return FDistribution(df1: df1, df2: Double(values.count - 1) * df1).sf(f)
        }
    }
}

/// The rejection and untestable counts of each block, written by the block's own task.
private final class BlockCounts: @unchecked Sendable {
    private var counts: [(rejected: Int, untestable: Int)]
    private let lock = NSLock()

    init(blocks: Int) { counts = Array(repeating: (0, 0), count: blocks) }

    func set(_ block: Int, rejected: Int, untestable: Int) {
        lock.lock()
        counts[block] = (rejected, untestable)
        lock.unlock()
    }

    var totals: (rejections: Int, untestable: Int) {
        lock.lock()
        defer { lock.unlock() }
        return counts.reduce((0, 0)) { ($0.0 + $1.rejected, $0.1 + $1.untestable) }
    }
}
