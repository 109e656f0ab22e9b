/// A selection that holds nothing for what an analysis asked of it, with the filters that
/// made it.
public struct EmptySelection: Equatable, Sendable, CustomStringConvertible {
    /// What the analysis looked for in the selection.
    public enum Wanted: Equatable, Sendable {
        /// Any trial, for a study report.
        case trials
        /// Any trial, for a Fitts analysis.
        case fittsTrials
        /// Any trial, for a direction analysis.
        case directionTrials
        /// A value of the measure named `measure`, for a comparison.
        case data(measure: String)
        /// A trial at `level` of `factor`, for a difference map.
        case level(factor: String, level: String)
        /// A trial placed on the screen; `position` names the position that none of the
        /// trials has, `nil` when the selection holds no trial at all.
        case screenPosition(position: String?)
        /// A trial with a target size: from a level of `factor`, or from the targets' width
        /// and height where `factor` is `nil`.
        case targetSize(factor: String?)
        /// A trial with a touch point.
        case touchPoint
    }

    /// What the analysis looked for.
    public var wanted: Wanted
    /// The filters that keep trials, each as `FACTOR=LEVEL[,LEVEL...]`.
    public var keep: [String]
    /// The filters that leave trials out, each as `FACTOR=LEVEL[,LEVEL...]`.
    public var exclude: [String]
    /// The device the analysis was restricted to, if any.
    public var device: String?

    /// An empty selection for `wanted`, made by the filters `keep` and `exclude`, on `device`.
    public init(wanted: Wanted, keep: [String] = [], exclude: [String] = [], device: String? = nil) {
        self.wanted = wanted
        self.keep = keep
        self.exclude = exclude
        self.device = device
    }

    /// The empty selection in plain words, naming the filters.
    public var description: String {
        let filters =
            (keep.map { "keep \($0)" } + exclude.map { "exclude \($0)" }).isEmpty
            ? "the study has no trials with that measure"
            : "check the filters ("
                + (keep.map { "keep \($0)" } + exclude.map { "exclude \($0)" })
                .joined(separator: ", ") + ")"
        switch wanted {
        case .trials: return "the selection holds no trials; \(filters)"
        case .fittsTrials, .directionTrials: return "the selection holds no trial; check its filters and device"
        case .data(let measure): return "the selection holds no data for \(measure); \(filters)"
        case .level(let factor, let level): return "the selection has no trials at \(factor)=\(level); \(filters)"
        case .screenPosition(nil): return "the selection places no trial on the screen; \(filters)"
        case .screenPosition(let position?):
            return "the selection places no trial on the screen: no trial has a \(position) position on it"
        case .targetSize(let factor):
            return "the selection holds no trial with a target size"
                + (factor.map { " (a level of \($0))" } ?? " (target_width or target_height)")
                + "; check its filters and device"
        case .touchPoint:
            return "the selection holds no trial with a touch point (touch_x, touch_y)"
                + (device.map { " on device '\($0)'" } ?? "")
                + "; check its filters and device, or import a log with touch coordinates"
        }
    }
}
