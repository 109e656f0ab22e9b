/// A named effect size with, where a standard one exists, its confidence interval.
///
/// The `symbol` is what APA strings print (`d_z`, `g`, `r_rb`); the `name` says exactly
/// which variant it is, because several effect sizes share a letter (Lakens 2013).
public struct EffectSize: Sendable, Equatable {
    /// The full name, such as "Cohen's d_z (mean difference / SD of differences)".
    public let name: String
    /// The short symbol used in APA strings, such as "d_z".
    public let symbol: String
    /// The point estimate.
    public let value: Double
    /// The confidence interval, when one is computed.
    public let interval: Interval?

    /// A confidence interval and how it was obtained.
    public struct Interval: Sendable, Equatable {
        /// The lower limit.
        public let low: Double
        /// The upper limit.
        public let high: Double
        /// The confidence level, such as 0.95.
        public let level: Double
        /// How the interval was computed, with its reference.
        public let method: String

        public init(low: Double, high: Double, level: Double, method: String) {
            self.low = low
            self.high = high
            self.level = level
            self.method = method
        }
    }

    public init(name: String, symbol: String, value: Double, interval: Interval? = nil) {
        self.name = name
        self.symbol = symbol
        self.value = value
        self.interval = interval
    }

    /// The APA fragment, such as "d_z = 1.01"; values bounded by 1 (correlations) drop the
    /// leading zero.
    public var apa: String {
        let bounded = symbol.hasPrefix("r") || symbol == "CLES"
        let number = bounded ? APA.unit(value, digits: 2) : APA.value(value)
        return "\(symbol) = \(number)"
    }
}
