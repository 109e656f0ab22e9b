import Foundation

/// Which trials a time measure uses: every trial of the selection, or the hits alone.
/// Error rates always count every trial of the selection.
public enum TimeTrials: String, CaseIterable, Sendable, Codable {
    /// Every trial with a time.
    case all
    /// Only trials whose selection hit the target (their recorded hit, else an error count
    /// of 0); a miss, or a trial with neither, leaves the time measures.
    case hits
}

/// The scale on which an outlier rule judges times: their natural logarithms (task times
/// are close to log-normal) or the milliseconds themselves. A range rule is always in ms.
public enum OutlierScale: String, CaseIterable, Sendable, Codable {
    /// ln(time in ms); times of 0 ms or less have no logarithm and are never judged.
    case log
    /// Time in ms.
    case raw
}

/// A rule that removes a trial's time from the time measures when it lies far from the
/// other times of its participant in its condition (or outside fixed bounds).
///
/// Each rule is applied once, within each participant × condition (every factor the
/// study records), over the trials the time measures use; groups of fewer than 3 trials
/// are left as they are. A value exactly on a fence is kept.
public enum OutlierRule: Sendable, Equatable, CustomStringConvertible {
    /// Removed when |x − mean| > k × SD, SD with n − 1 in the denominator.
    case sd(Double)
    /// Removed when |x − median| > k × 1.4826 × MAD, MAD the median absolute deviation
    /// (Leys, Ley, Klein, Bernard & Licata 2013, J. Exp. Soc. Psychol. 49:764–766); none when
    /// the MAD is 0.
    case mad(Double)
    /// Removed when x < Q1 − k × IQR or x > Q3 + k × IQR, with type-7 quartiles (Tukey's
    /// fences; Hyndman & Fan 1996's type 7, R's and numpy's default).
    case iqr(Double)
    /// Removed when the time is below `low` or above `high` milliseconds, whatever the
    /// scale; a `nil` bound is open.
    case range(low: Double?, high: Double?)

    /// The accepted forms, for messages.
    public static let forms = OutlierRuleFlaw.forms

    /// Reads `sd:3`, `mad:2.5`, `iqr:1.5`, `range:200-5000`, `range:200-` or `range:-5000`.
    /// - Throws: ``ThumbLabError/parameter(_:)`` for an unknown rule, a K that is not a
    ///   positive number, or a range whose low bound is above its high bound.
    public init(parsing text: String) throws {
        func invalid(_ flaw: OutlierRuleFlaw) -> ThumbLabError {
            .parameter(.malformedOutlierRule(text: text, flaw: flaw))
        }
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw invalid(.expectedNameAndValue) }
        let name = parts[0].lowercased()
        let value = String(parts[1])
        if name == "range" {
            self = try Self.range(value, invalid: invalid)
            return
        }
        guard let k = Double(value), k.isFinite else { throw invalid(.factorNotANumber) }
        guard k > 0 else { throw invalid(.factorNotPositive) }
        switch name {
        case "sd": self = .sd(k)
        case "mad": self = .mad(k)
        case "iqr": self = .iqr(k)
        default: throw invalid(.unknownRule(name: String(parts[0])))
        }
    }

    private static func range(_ value: String, invalid: (OutlierRuleFlaw) -> ThumbLabError) throws -> OutlierRule {
        // A leading minus would be a negative bound, which a time never needs: the first
        // '-' separates the bounds.
        guard let dash = value.firstIndex(of: "-") else { throw invalid(.expectedLowHigh) }
        func bound(_ text: Substring) throws -> Double? {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { return nil }
            guard let number = Double(trimmed), number.isFinite, number >= 0 else {
                throw invalid(.notATime(text: trimmed))
            }
            return number
        }
        let low = try bound(value[..<dash])
        let high = try bound(value[value.index(after: dash)...])
        if low == nil, high == nil { throw invalid(.noBound) }
        if let low, let high, low > high {
            throw invalid(.lowAboveHigh(low: low, high: high))
        }
        return .range(low: low, high: high)
    }

    /// The rule as it is written: `sd:3`, `range:200-5000`.
    public var description: String {
        switch self {
        case .sd(let k): "sd:\(NumberText.shortest(k))"
        case .mad(let k): "mad:\(NumberText.shortest(k))"
        case .iqr(let k): "iqr:\(NumberText.shortest(k))"
        case .range(let low, let high):
            "range:\(low.map(NumberText.shortest) ?? "")-\(high.map(NumberText.shortest) ?? "")"
        }
    }

    /// Whether the rule judges on a scale (a range is always in ms).
    public var usesScale: Bool {
        if case .range = self { return false }
        return true
    }
}
