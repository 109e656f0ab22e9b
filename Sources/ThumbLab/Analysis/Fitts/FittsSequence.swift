import Foundation

/// The Fitts measures of one sequence (one participant, condition and A × W), as
/// GoFitts' sd2 file reports them.
public struct FittsSequenceMeasures: Sendable, Equatable {
    /// Trials in the sequence.
    public var trials: Int
    /// Nominal amplitude A and width W.
    public var amplitude: Double
    /// Nominal target width W, in the units of the amplitude.
    public var width: Double
    /// Nominal index of difficulty log2(A/W + 1), in bits.
    public var indexOfDifficulty: Double
    /// Mean effective amplitude Ae.
    public var effectiveAmplitude: Double
    /// Effective width We = 4.133 · SDx; NaN, as are Ae and IDe, for a sequence of
    /// ``FittsTrial/nominal(amplitude:width:timeMS:missed:)`` trials.
    public var effectiveWidth: Double
    /// Effective index of difficulty IDe = log2(Ae/We + 1), in bits.
    public var effectiveIndexOfDifficulty: Double
    /// Mean movement time in milliseconds.
    public var timeMS: Double
    /// Share of missed selections in percent.
    public var errorPercent: Double
    /// Throughput IDe / MT in bits per second; ID / MT for a sequence of nominal trials.
    public var throughput: Double

    /// Whether the sequence has nominal measures only: its log had no selection points.
    public var isNominal: Bool { effectiveIndexOfDifficulty.isNaN }

    /// The measures of one sequence of trials, after ISO 9241-411 as Soukoreff & MacKenzie
    /// (2004) codify it: SDx is the sample standard deviation (n − 1) of the deviations dx,
    /// We = 4.133 · SDx (√(2πe) ≈ 4.133: the width of a normal distribution holding 96% of
    /// the selections), Ae the mean of the trials' ae, IDe = log2(Ae/We + 1), MT the mean
    /// movement time and TP = IDe / MT. Misses stay in, as the standard's effective
    /// measures intend. The nominal A and W are the first trial's.
    /// - Throws: ``ThumbLabError/fitts(_:)`` for fewer than two trials (no spread), a
    ///   non-finite value, or selections that all land on one point along the axis.
    public static func of(_ trials: [FittsTrial]) throws -> FittsSequenceMeasures {
        var tally = FittsSequenceTally()
        for trial in trials { tally.add(trial) }
        return try tally.measures()
    }
}

/// What the Fitts measures of one sequence need, gathered one trial at a time so that a
/// sequence of any length takes the same few bytes: counts, sums in trial order, and the
/// deviations' mean and sum of squared differences from it, updated as each trial comes
/// (Welford's method, as exact as two passes over the deviations to the last few digits).
struct FittsSequenceTally {
    private(set) var trials = 0
    private var first: FittsTrial?
    private var meanDeviation = 0.0
    private var squaredDifferences = 0.0
    private var effectiveAmplitudes = 0.0
    private var times = 0.0
    private var timedTrials = 0
    private var misses = 0
    private var allFinite = true
    private var nominalTrials = 0

    mutating func add(_ trial: FittsTrial) {
        if first == nil { first = trial }
        trials += 1
        if trial.isNominal { nominalTrials += 1 }
        allFinite =
            allFinite && trial.amplitude.isFinite && trial.width.isFinite
            && (trial.isNominal || (trial.effectiveAmplitude.isFinite && trial.deviation.isFinite))
            && (trial.timeMS.isFinite || !trial.countsForTime)
        let difference = trial.deviation - meanDeviation
        meanDeviation += difference / Double(trials)
        squaredDifferences += difference * (trial.deviation - meanDeviation)
        effectiveAmplitudes += trial.effectiveAmplitude
        if trial.countsForTime {
            times += trial.timeMS
            timedTrials += 1
        }
        if trial.missed { misses += 1 }
    }

    /// The measures of the trials added, as ``FittsSequenceMeasures/of(_:)`` describes them;
    /// for nominal trials, the nominal ID, MT, error rate and ID / MT.
    func measures() throws -> FittsSequenceMeasures {
        guard let first, trials >= 2 else {
            throw ThumbLabError.fitts(.sequence(.tooShort(trials: trials), label: nil))
        }
        guard allFinite, nominalTrials == 0 || nominalTrials == trials else {
            throw ThumbLabError.fitts(.sequence(.nonFinite, label: nil))
        }
        let id = log2(first.amplitude / first.width + 1)
        if nominalTrials == trials {
            guard timedTrials > 0 else {
                throw ThumbLabError.fitts(.sequence(.untimed(amplitude: first.amplitude, width: first.width), label: nil))
            }
            let time = times / Double(timedTrials)
            return FittsSequenceMeasures(
                trials: trials, amplitude: first.amplitude, width: first.width, indexOfDifficulty: id,
                effectiveAmplitude: .nan, effectiveWidth: .nan, effectiveIndexOfDifficulty: .nan, timeMS: time,
                errorPercent: 100 * Double(misses) / Double(trials), throughput: id / (time / 1000))
        }
        let count = Double(trials)
        let sdx = (squaredDifferences / (count - 1)).squareRoot()
        guard sdx > 0 else {
            throw ThumbLabError.fitts(
                .sequence(.noSpread(trials: trials, amplitude: first.amplitude, width: first.width), label: nil))
        }
        guard timedTrials > 0 else {
            throw ThumbLabError.fitts(.sequence(.untimed(amplitude: first.amplitude, width: first.width), label: nil))
        }
        let effectiveWidth = 4.133 * sdx
        let effectiveAmplitude = effectiveAmplitudes / count
        let effectiveID = log2(effectiveAmplitude / effectiveWidth + 1)
        let time = times / Double(timedTrials)
        return FittsSequenceMeasures(
            trials: trials, amplitude: first.amplitude, width: first.width,
            indexOfDifficulty: id, effectiveAmplitude: effectiveAmplitude,
            effectiveWidth: effectiveWidth, effectiveIndexOfDifficulty: effectiveID, timeMS: time,
            errorPercent: 100 * Double(misses) / count, throughput: effectiveID / (time / 1000))
    }
}
