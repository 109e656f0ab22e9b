import Foundation

/// What keeps a Fitts' law analysis from measuring the selected trials.
public enum FittsProblem: Equatable, Sendable, CustomStringConvertible {
    /// None of the `selected` trials (`nil` where not counted) has an amplitude and a width.
    case noGeometry(selected: Int?)
    /// None of the `selected` trials (`nil` where not counted) has selection coordinates and a time.
    case noSelectionOrTime(selected: Int?)
    /// There is no Fitts sequence to analyse.
    case noSequence
    /// A sequence cannot be measured, for the reason `problem`; `label` says which sequence,
    /// where known.
    case sequence(FittsSequenceProblem, label: FittsSequenceLabel?)

    /// The problem in plain words.
    public var description: String {
        switch self {
        case .noGeometry(let selected):
            return "none of \(Self.trials(selected)) has an amplitude and a width: Fitts' law needs each "
                + "trial's target width (target_w) and its start and target points (start_x, start_y, target_x, "
                + "target_y), or a factor of nominal amplitudes (amplitude, A or distance) for nominal measures, "
                + "to know A and W; import a log with those columns (or a GoFitts sd1 file)"
        case .noSelectionOrTime(let selected):
            return "none of \(Self.trials(selected)) has selection coordinates and a time: Fitts' law needs "
                + "where each selection landed (touch_x, touch_y) and its movement time (time_ms)"
        case .noSequence:
            return "there is no Fitts sequence to analyse; check the selection"
        case .sequence(let problem, let label):
            return (label.map { "\($0): " } ?? "") + problem.description
        }
    }

    private static func trials(_ selected: Int?) -> String {
        selected.map { "the \($0) selected trials" } ?? "the selected trials"
    }
}

/// Why one Fitts sequence cannot be measured.
public enum FittsSequenceProblem: Equatable, Sendable, CustomStringConvertible {
    /// The sequence holds `trials` trials, fewer than the two a spread needs.
    case tooShort(trials: Int)
    /// The sequence holds a missing or infinite amplitude, width, deviation or time.
    case nonFinite
    /// The `trials` selections of the sequence with amplitude `amplitude` and width `width`
    /// all lie at one point along the task axis.
    case noSpread(trials: Int, amplitude: Double, width: Double)
    /// Cleaning removed the time of every trial of the sequence with amplitude `amplitude`
    /// and width `width`.
    case untimed(amplitude: Double, width: Double)

    /// The problem in plain words.
    public var description: String {
        switch self {
        case .tooShort:
            return tooShortText + "check that A and W are constant within each sequence or leave out short sequences"
        case .nonFinite:
            return "a Fitts sequence holds a missing or infinite amplitude, width, deviation or time"
        case .noSpread(let trials, let amplitude, let width):
            return "the \(trials) selections of a sequence with A = \(amplitude), W = \(width) all lie at one point "
                + "along the task axis, so the effective width is 0; check the selection coordinates"
        case .untimed(let amplitude, let width):
            return "the cleaning steps removed the time of every trial of a sequence with A = \(amplitude), "
                + "W = \(width), so it has no movement time; choose a milder outlier rule"
        }
    }

    /// For ``tooShort(trials:)``, the facts, ending in `; `.
    package var tooShortText: String {
        guard case .tooShort(let trials) = self else { return "" }
        return "a Fitts sequence needs at least two trials to measure the spread of its selections, found \(trials); "
    }
}

/// Which Fitts sequence a problem is about: a participant's sequence in one condition (and
/// block) at one amplitude and width.
public struct FittsSequenceLabel: Equatable, Sendable, CustomStringConvertible {
    /// The participant's label.
    public var participant: String
    /// The condition's levels, in the study's factor order.
    public var levels: [String]
    /// The block, where sequences are split by block.
    public var block: Int?
    /// The nominal amplitude in px.
    public var amplitude: Double
    /// The nominal target width in px.
    public var width: Double

    /// The sequence of `participant` at `levels` (and `block`) with `amplitude` and `width`.
    public init(participant: String, levels: [String], block: Int?, amplitude: Double, width: Double) {
        self.participant = participant
        self.levels = levels
        self.block = block
        self.amplitude = amplitude
        self.width = width
    }

    /// `participant P7, condition Shift/large, block 2, A = 256 px, W = 9.6 px`.
    public var description: String {
        "participant \(participant), condition \(levels.joined(separator: "/"))\(block.map { ", block \($0)" } ?? ""), "
            + "A = \(Self.decimal(amplitude)) px, W = \(Self.decimal(width)) px"
    }

    /// `value` with one decimal at most, trailing zeros dropped.
    private static func decimal(_ value: Double) -> String {
        var text = String(format: "%.1f", value)
        while text.contains("."), text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
