import Foundation
import ThumbLabStats

/// What the time measures' cleaning steps did to a selection: hits only (step 4 of an
/// analysis) and the outlier rule (step 5), with the trials each removed.
public struct CleaningSummary: Sendable, Equatable {
    /// Whether the time measures used every trial or the hits alone.
    public var trials: TimeTrials
    /// The outlier rule, if any.
    public var outliers: OutlierRule?
    /// The scale the rule judged on (ms for a range rule, whatever this says).
    public var scale: OutlierScale
    /// The measure the steps cleaned, as written (`log:distance`, `offset_x`); `nil` for time.
    public var measure: String?
    /// Trials of the selection with a time, or with the cleaned measure (after the attempt policy).
    public var timed: Int
    /// Timed trials that left because they missed (hits only).
    public var removedMisses: Int
    /// Timed trials that left because they record no hit nor error count (hits only).
    public var removedUnknownHits = 0
    /// Participant × condition groups the outlier rule judged.
    public var groups = 0
    /// Groups of fewer than 3 trials, left as they were.
    public var smallGroups = 0
    /// Judged groups in which the SD rule cannot remove any trial: in a group of n values
    /// no value lies more than (n − 1)/√n SDs from the mean (Shiffler 1988), so with n ≤ 10
    /// `sd:3` removes nothing.
    public var groupsBeyondReach = 0
    /// Timed trials the outlier rule removed.
    public var removedOutliers: Int

    /// Creates a summary of figures counted already.
    package init(
        trials: TimeTrials, outliers: OutlierRule?, scale: OutlierScale, timed: Int, removedMisses: Int,
        removedOutliers: Int
    ) {
        self.trials = trials
        self.outliers = outliers
        self.scale = scale
        self.timed = timed
        self.removedMisses = removedMisses
        self.removedOutliers = removedOutliers
    }

    /// What the steps cleaned, as sentences name it: `time`, or the measure.
    var subject: String { measure ?? "time" }

    /// The trials the time measures use.
    public var trialsUsed: Int { judged - removedOutliers }

    /// The trials the outlier rule judged: the timed ones the hits step left.
    public var judged: Int { timed - removedMisses - removedUnknownHits }

    /// Whether the step changes anything an analysis reads.
    public var isActive: Bool { trials == .hits || outliers != nil }

    /// The scale the rule actually judged on: ms for a range rule, the measure's own values
    /// for a measure other than time.
    var effectiveScale: OutlierScale {
        guard let outliers, outliers.usesScale, measure == nil else { return .raw }
        return scale
    }
}

/// Computes, in one pass over a selection's trials, the fences of each participant ×
/// condition under an outlier rule, and counts what hits only and the rule remove.
enum TimeCleaning {
    /// Groups of fewer trials are left as they are.
    static let smallestGroup = 3

    /// The filter and the summary of `resolved`'s cleaning steps on `measure` (time, or
    /// the measure an analysis compares); `nil` when the selection asks for none. A measure
    /// other than time is judged on its own values, whatever the outlier scale.
    static func run(_ resolved: ResolvedSelection, measure: Measure, database: StudyDatabase) throws
        -> (TimeFilter, CleaningSummary)?
    {
        let selection = resolved.selection
        guard selection.timeTrials == .hits || selection.outliers != nil else { return nil }
        var base = resolved.trialQuery
        base.timeFilter = nil
        let value = measure.cleanedValue
        var filter = TimeFilter(
            hitsOnly: selection.timeTrials == .hits,
            logScale: value == .time && selection.outliers?.usesScale == true && selection.outlierScale == .log)
        filter.value = value
        var values: [TimeFilter.Group: [Double]] = [:]
        var timed = 0
        var misses = 0
        var unknownHits = 0
        try database.forEachTrial(base, fields: value.fields.union([.hit, .errors])) { trial in
            guard let time = value.value(of: trial), time.isFinite else { return }
            timed += 1
            switch filter.removal(trial) {
            case .miss?:
                misses += 1
                return
            case .unknownHit?:
                unknownHits += 1
                return
            case .outlier?, nil: break
            }
            guard selection.outliers != nil, let value = filter.judged(time) else { return }
            values[TimeFilter.Group(participantID: trial.participantID, conditionID: trial.conditionID), default: []]
                .append(value)
        }
        if selection.timeTrials == .hits, timed > 0, unknownHits == timed {
            throw ThumbLabError.analysis(.hitsUnknown(timed: timed))
        }
        var outliers = 0
        var counts = (groups: 0, small: 0, beyondReach: 0)
        if let rule = selection.outliers {
            for (group, groupValues) in values {
                guard groupValues.count >= smallestGroup else {
                    counts.small += 1
                    continue
                }
                counts.groups += 1
                if case .sd(let k) = rule, Double(groupValues.count - 1) / Double(groupValues.count).squareRoot() <= k {
                    counts.beyondReach += 1
                }
                guard let fences = try fences(rule, groupValues) else { continue }
                filter.fences[group] = fences
                outliers += groupValues.count { !fences.keeps($0) }
            }
        }
        var summary = CleaningSummary(
            trials: selection.timeTrials, outliers: selection.outliers, scale: selection.outlierScale, timed: timed,
            removedMisses: misses, removedOutliers: outliers)
        summary.removedUnknownHits = unknownHits
        summary.measure = value == .time ? nil : measure.description
        summary.groups = counts.groups
        summary.smallGroups = counts.small
        summary.groupsBeyondReach = counts.beyondReach
        return (filter, summary)
    }

    /// The fences `rule` sets for one group's judged values; `nil` when it sets none (a
    /// MAD of 0).
    static func fences(_ rule: OutlierRule, _ values: [Double]) throws -> TimeFilter.Fences? {
        switch rule {
        case .sd(let k):
            let summary = try Descriptives(values)
            return .around(center: summary.mean, radius: k * summary.sd)
        case .mad(let k):
            let median = try Descriptives.quantile(values, 0.5)
            let mad = try Descriptives.quantile(values.map { abs($0 - median) }, 0.5)
            guard mad > 0 else { return nil }
            return .around(center: median, radius: k * 1.4826 * mad)
        case .iqr(let k):
            let quartiles = try Descriptives.quantiles(values, [0.25, 0.75])
            let iqr = quartiles[1] - quartiles[0]
            return .between(low: quartiles[0] - k * iqr, high: quartiles[1] + k * iqr)
        case .range(let low, let high):
            return .between(low: low ?? -.infinity, high: high ?? .infinity)
        }
    }
}
