import Foundation
import ThumbLabStats

/// The typical time of a group of participants from their own typical times: the geometric
/// mean of their times, taken as the mean of their mean ln times (``TrialCounts/meanLogTime``).
enum ParticipantGeomean {
    /// The geometric mean across participants of their mean ln times, with its
    /// back-transformed 95% t interval (none for one participant).
    static func of(_ logMeans: [Double]) -> (value: Double?, low: Double?, high: Double?) {
        guard !logMeans.isEmpty else { return (nil, nil, nil) }
        if logMeans.count >= 2, let mean = try? GeometricMean(logMeans.map { exp($0) }) {
            return (mean.value, mean.interval.lower, mean.interval.upper)
        }
        return (exp(logMeans.reduce(0, +) / Double(logMeans.count)), nil, nil)
    }
}
