import Foundation

/// A parameter of a planning computation, the value given for it and the interval it must
/// lie in: what an ``StatsError/Kind/outOfRange`` error carries so that a caller can say
/// what to change.
public struct AcceptedRange: Sendable, Equatable {
    /// The parameters whose range is checked.
    public enum Parameter: String, Sendable, CaseIterable {
        /// The power, 1 − β.
        case power
        /// The significance level α.
        case alpha
        /// The sample size (per group for between-subjects designs).
        case n
        /// The effect size (d, f or η²).
        case effectSize
        /// The number of groups of a one-way ANOVA.
        case groups
        /// The number of levels of a within-subjects factor.
        case levels
        /// The correlation among repeated measures.
        case correlation
        /// The sphericity correction ε.
        case epsilon

        /// The parameter in words, for messages.
        public var phrase: String {
            switch self {
            case .power: return "the power"
            case .alpha: return "the significance level alpha"
            case .n: return "the sample size"
            case .effectSize: return "the effect size"
            case .groups: return "the number of groups"
            case .levels: return "the number of levels"
            case .correlation: return "the correlation among repeated measures"
            case .epsilon: return "the sphericity correction epsilon"
            }
        }
    }

    /// The parameter out of range.
    public let parameter: Parameter
    /// The value given.
    public let value: Double
    /// The lower end of the interval.
    public let lower: Double
    /// The upper end of the interval (may be `.infinity`).
    public let upper: Double
    /// Whether `lower` itself is accepted.
    public let includesLower: Bool
    /// Whether `upper` itself is accepted.
    public let includesUpper: Bool

    /// A range check of `parameter` with value `value` against the interval from `lower` to
    /// `upper`, each end open or closed.
    public init(
        _ parameter: Parameter, value: Double, lower: Double, upper: Double, includesLower: Bool,
        includesUpper: Bool
    ) {
        self.parameter = parameter
        self.value = value
        self.lower = lower
        self.upper = upper
        self.includesLower = includesLower
        self.includesUpper = includesUpper
    }

    /// Whether `value` lies in the interval (false for NaN).
    public var contains: Bool {
        let aboveLower = includesLower ? value >= lower : value > lower
        let belowUpper = includesUpper ? value <= upper : value < upper
        return aboveLower && belowUpper
    }

    /// The interval in mathematical notation, such as `(0, 1)` or `[2, ∞)`.
    public var interval: String {
        let open = includesLower && lower.isFinite ? "[" : "("
        let close = includesUpper && upper.isFinite ? "]" : ")"
        let low = lower.isFinite ? Self.text(lower) : "-∞"
        let high = upper.isFinite ? Self.text(upper) : "∞"
        return "\(open)\(low), \(high)\(close)"
    }

    /// The value given, as the shortest decimal that reads back as it ("1" for 1.0).
    public var valueText: String { Self.text(value) }

    /// "<parameter> must be in <interval>, got <value>".
    public var message: String {
        "\(parameter.phrase) must be in \(interval), got \(valueText)"
    }

    /// Throws an ``StatsError/Kind/outOfRange`` error unless `value` lies in the interval.
    func check() throws {
        guard contains else { throw StatsError(outOfRange: self) }
    }

    /// The shortest decimal that reads back as `value`, "1" for 1.0.
    static func text(_ value: Double) -> String {
        if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
        return "\(value)"
    }
}
