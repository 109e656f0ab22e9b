/// A filter of trials by a number of their own rather than their condition: the trial
/// number as logged, or a number the log kept per trial (`trial_value`). Kept are the trials
/// whose number lies in one of the ranges (``keep``), or those whose number lies in none
/// of them, a trial without the number included.
public struct ValueFilter: Sendable, Equatable {
    /// The number a filter reads.
    public enum Column: Sendable, Equatable {
        /// `trial.trial`, the trial number as logged.
        case trialNumber
        /// The `trial_value` row of this name.
        case logged(String)
    }

    /// Which number.
    public var column: Column
    /// Inclusive ranges; `nil` ends are open.
    public var ranges: [ClosedNumberRange]
    /// Whether trials in the ranges are kept (`--where`) rather than left out (`--exclude`).
    public var keep: Bool

    /// A filter of `column` by `ranges`.
    public init(column: Column, ranges: [ClosedNumberRange], keep: Bool) {
        self.column = column
        self.ranges = ranges
        self.keep = keep
    }

    /// The ranges as a JSON array of `[low, high]` pairs (`null` for an open end), the form
    /// the filter's SQL reads them in from one bound parameter.
    var rangesJSON: String {
        "[" + ranges.map { "[\($0.lower.map { "\($0)" } ?? "null"),\($0.upper.map { "\($0)" } ?? "null")]" }
            .joined(separator: ",") + "]"
    }
}

/// An inclusive range of numbers whose ends may be open.
public struct ClosedNumberRange: Sendable, Equatable {
    /// The lowest number in the range; `nil` for none.
    public var lower: Double?
    /// The highest number in the range; `nil` for none.
    public var upper: Double?

    /// The numbers from `lower` to `upper`, both included.
    public init(lower: Double?, upper: Double?) {
        self.lower = lower
        self.upper = upper
    }
}
