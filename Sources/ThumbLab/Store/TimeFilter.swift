import Foundation

/// Which trials' times reach the time measures of an analysis: the hits alone, and per
/// participant × condition the fences outside which a time is an outlier. A typed read
/// under a ``TrialQuery`` with a filter delivers a removed trial with `timeMS` `nil`, so
/// every other figure of the trial (its hit, its position) still counts.
public struct TimeFilter: Sendable, Equatable {
    /// One participant in one condition: the group an outlier rule judges within.
    package struct Group: Hashable, Sendable {
        /// The participant's row id.
        package var participantID: Int64
        /// The condition's row id.
        package var conditionID: Int64

        /// The group of a participant in a condition.
        package init(participantID: Int64, conditionID: Int64) {
            self.participantID = participantID
            self.conditionID = conditionID
        }
    }

    /// The bounds a judged value must lie within; a value exactly on a fence is kept.
    package enum Fences: Sendable, Equatable {
        /// Kept when |x − center| ≤ radius (the SD and MAD rules).
        case around(center: Double, radius: Double)
        /// Kept when low ≤ x ≤ high (the IQR and range rules).
        case between(low: Double, high: Double)

        /// Whether `value` lies within the fences.
        package func keeps(_ value: Double) -> Bool {
            switch self {
            case .around(let center, let radius): abs(value - center) <= radius
            case .between(let low, let high): value >= low && value <= high
            }
        }
    }

    /// Why a trial's time left the time measures.
    package enum Removal: Sendable, Equatable {
        /// The trial missed (``TimeFilter/hit(of:)``) and the time measures use hits only.
        case miss
        /// The trial records neither a hit nor an error count, so it is not known to be a hit,
        /// and the time measures use hits only.
        case unknownHit
        /// The time lies beyond its group's fences.
        case outlier
    }

    /// The value the filter judges and removes: the time, unless an analysis cleans the
    /// measure it compares.
    public var value: CleanedValue = .time
    /// Whether only hits reach the time measures.
    public var hitsOnly: Bool
    /// Whether the fences are on ln time (otherwise on ms).
    public var logScale: Bool
    /// The fences of each group that has them; a trial of another group is kept.
    package var fences: [Group: Fences]

    /// A filter keeping hits alone when `hitsOnly`, and the times within `fences`.
    package init(hitsOnly: Bool, logScale: Bool, fences: [Group: Fences] = [:]) {
        self.hitsOnly = hitsOnly
        self.logScale = logScale
        self.fences = fences
    }

    /// The value a time is judged by: ln time on the log scale (`nil` for a time of 0 ms
    /// or less, which has none), the time itself otherwise.
    package func judged(_ time: Double) -> Double? {
        guard logScale else { return time }
        return time > 0 ? Foundation.log(time) : nil
    }

    /// Whether a trial hit its target: its recorded hit where the log gives one, else
    /// whether its error count is 0 (GoFitts-style logs count errors instead); `nil` when it
    /// records neither.
    package static func hit(of trial: StoredTrial) -> Bool? {
        if let hit = trial.hit { return hit }
        return trial.errors.map { $0 == 0 }
    }

    /// Why `trial`'s time leaves the time measures, or `nil` when it stays. A trial
    /// without a finite time has none to remove.
    package func removal(_ trial: StoredTrial) -> Removal? {
        guard let measured = value.value(of: trial), measured.isFinite else { return nil }
        if hitsOnly {
            switch Self.hit(of: trial) {
            case true?: break
            case false?: return .miss
            case nil: return .unknownHit
            }
        }
        guard
            let fence = fences[Group(participantID: trial.participantID, conditionID: trial.conditionID)],
            let judgedValue = judged(measured)
        else { return nil }
        return fence.keeps(judgedValue) ? nil : .outlier
    }
}
