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
    /// rejections / simulations.
    public let power: Double
    /// The 95% Clopper-Pearson interval of the power.
    public let interval: ProportionInterval
}

extension Power {
    /// Power of the one-way repeated-measures ANOVA by simulation: for each sample size,
    /// `simulations` studies are drawn from `model` (level effects times `effectScale`
    /// around their mean), each trial as y = μ_level + u_participant + e with
    /// u ~ N(0, participantSD²) and e ~ N(0, residualSD²); each study is aggregated to one
    /// mean per participant and level and tested by the univariate RM-ANOVA F (sphericity
    /// holds under the model, so no correction applies); power is the share of p < α,
    /// with its Clopper-Pearson interval (as simr; Green & MacLeod 2016).
    ///
    /// Reproducible: studies are drawn in blocks of 50, each from a SplitMix64 generator
    /// (Steele, Lea & Flood 2014) seeded by `seed` and its block number, so the result does
    /// not depend on the blocks' order; the blocks run on every core.
    ///
    /// - Throws: ``StatsError/Kind/outOfRange`` for α outside (0, 1), a sample size below 2,
    ///   fewer than 1 simulation or trial per cell, fewer than two level means, or SDs that
    ///   are negative, not finite or both zero.
    public static func simulateRMANOVA(
        _ model: PowerSimulationModel, participants: [Int], simulations: Int, effectScale: Double = 1,
        alpha: Double = 0.05, seed: UInt64 = 1
    ) throws -> [SimulatedPower] {
        try AcceptedRange(.alpha, value: alpha, lower: 0, upper: 1, includesLower: false, includesUpper: false).check()
        try AcceptedRange(
            .levels, value: Double(model.means.count), lower: 2, upper: .infinity, includesLower: true,
            includesUpper: false
        ).check()
        for count in [Double(simulations), Double(model.trialsPerCell)] {
            try AcceptedRange(.n, value: count, lower: 1, upper: .infinity, includesLower: true, includesUpper: false)
                .check()
        }
        for n in participants {
            try AcceptedRange(
                .n, value: Double(n), lower: 2, upper: .infinity, includesLower: true, includesUpper: false
            )
            .check()
        }
        guard model.participantSD >= 0, model.residualSD > 0, model.participantSD.isFinite,
            model.residualSD.isFinite, model.means.allSatisfy(\.isFinite), effectScale.isFinite
        else {
            throw StatsError(
                .invalidArgument,
                "the model needs finite means, a finite positive residual SD and a finite participant SD")
        }
        let grand = model.means.reduce(0, +) / Double(model.means.count)
        let scaled = model.means.map { grand + effectScale * ($0 - grand) }
        let critical = { (n: Int) in
            FDistribution(df1: Double(scaled.count - 1), df2: Double((n - 1) * (scaled.count - 1))).isf(alpha)
        }
        return try participants.map { n in
            let threshold = critical(n)
            let blockSize = 50
            let blocks = (simulations + blockSize - 1) / blockSize
            let counts = RejectionCounts(blocks: blocks)
            DispatchQueue.concurrentPerform(iterations: blocks) { block in
                var generator = SimulationRandom(seed: seed, stream: UInt64(n) << 32 | UInt64(block))
                let size = min(blockSize, simulations - block * blockSize)
                var rejected = 0
                for _ in 0..<size {
                    let f = OneWayRMStudy.draw(
                        n: n, means: scaled, model: model, generator: &generator)
                    if f > threshold { rejected += 1 }
                }
                counts.set(block, rejected)
            }
            let rejections = counts.total
            return SimulatedPower(
                participants: n, simulations: simulations, rejections: rejections,
                power: Double(rejections) / Double(simulations),
                interval: try ProportionInterval(successes: rejections, trials: simulations, method: .clopperPearson))
        }
    }
}

/// The rejection count of each block, written by the block's own task.
private final class RejectionCounts: @unchecked Sendable {
    private var counts: [Int]
    private let lock = NSLock()

    init(blocks: Int) { counts = Array(repeating: 0, count: blocks) }

    func set(_ block: Int, _ count: Int) {
        lock.lock()
        counts[block] = count
        lock.unlock()
    }

    var total: Int {
        lock.lock()
        defer { lock.unlock() }
        return counts.reduce(0, +)
    }
}
