import Foundation

/// How trials are made from touch events beyond the clock's start (``TrialTimeModel``):
/// the interval of success feedback taken off each time, how far back "previous" may reach,
/// and the region a selection must land in to be a hit. The defaults leave times as
/// measured, keep each block a sequence of its own and take the drawn target rectangle.
/// An import keeps its settings in `batch.derivation`.
public struct TouchDerivation: Codable, Equatable, Hashable, Sendable {
    /// How far back the previous selection may be.
    public enum Sequence: String, Codable, CaseIterable, Sendable {
        /// Within the participant's block: a block's first trial without a start tap has no time.
        case block
        /// Across the participant's blocks, where no start tap intervenes (sets run without a pause).
        case participant
    }

    /// The shape of the region a selection must land in.
    public enum HitArea: String, Codable, CaseIterable, Sendable {
        /// The target's rectangle (width × height), edges included.
        case rect
        /// A circle of diameter equal to the target width around its centre, edge included.
        case circle
    }

    /// A fixed interval between a selection and the next target's appearance, in ms,
    /// subtracted from times taken from the previous selection.
    public var feedbackMS: Double
    /// How far back the previous selection may be.
    public var sequence: Sequence
    /// The shape of the hit region.
    public var hitArea: HitArea
    /// The hit region is this many times the drawn target (1: the target itself).
    public var hitScale: Double

    /// Derivation settings; the defaults are the target as drawn, times as measured, each
    /// block a sequence.
    public init(feedbackMS: Double = 0, sequence: Sequence = .block, hitArea: HitArea = .rect, hitScale: Double = 1) {
        self.feedbackMS = feedbackMS
        self.sequence = sequence
        self.hitArea = hitArea
        self.hitScale = hitScale
    }

    /// Whether a selection at (`x`, `y`) lands in the hit region of a target centred on
    /// (`centerX`, `centerY`), `width` wide and `height` high.
    public func isHit(x: Double, y: Double, centerX: Double, centerY: Double, width: Double, height: Double) -> Bool {
        let dx = x - centerX
        let dy = y - centerY
        switch hitArea {
        case .rect: return abs(dx) <= hitScale * width / 2 && abs(dy) <= hitScale * height / 2
        case .circle:
            let radius = hitScale * width / 2
            return dx * dx + dy * dy <= radius * radius
        }
    }

    /// The settings in words, for a summary or Methods: `less a 200 ms feedback interval;
    /// the sequence running across blocks; a hit within a circle of the target's width`.
    /// Empty for the defaults.
    public var phrases: [String] {
        var parts: [String] = []
        if feedbackMS != 0 { parts.append("less a \(NumberText.shortest(feedbackMS)) ms feedback interval") }
        if sequence == .participant { parts.append("the previous selection reaching across blocks") }
        let scale = hitScale == 1 ? "" : "\(NumberText.shortest(hitScale)) times "
        switch hitArea {
        case .rect where hitScale != 1: parts.append("a hit within \(scale)the target rectangle")
        case .rect: break
        case .circle: parts.append("a hit within a circle \(scale)as wide as the target")
        }
        return parts
    }

    private enum CodingKeys: String, CodingKey {
        case feedbackMS = "feedback_ms"
        case sequence
        case hitArea = "hit_area"
        case hitScale = "hit_scale"
    }
}
