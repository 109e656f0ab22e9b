import Foundation

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

        /// Creates an interval from its limits, level and method.
        public init(low: Double, high: Double, level: Double, method: String) {
            self.low = low
            self.high = high
            self.level = level
            self.method = method
        }
    }

    /// Creates an effect size from its name, APA symbol, value and optional interval.
    public init(name: String, symbol: String, value: Double, interval: Interval? = nil) {
        self.name = name
        self.symbol = symbol
        self.value = value
        self.interval = interval
    }

    /// The APA fragment, such as "d_z = 1.01"; values bounded by 1 (correlations) drop the
    /// leading zero.
    public var apa: String { apaPart.text }
    /// ``apa`` as a typed part.
    public var apaPart: APAStatistic.Part {
        let bounded = symbol.hasPrefix("r") || symbol == "CLES"
        return .init(APAStatistic.Symbol(symbol), bounded ? APA.unit(value, digits: 2) : APA.value(value))
    }
}

/// Rank-based effect sizes for two conditions.
public enum RankBiserial {
    /// The matched-pairs rank-biserial correlation r = (W+ − W−)/(W+ + W−) (Kerby 2014,
    /// "The simple difference formula", Compr. Psychol. 3:11), with the Fisher-z interval of
    /// R's effectsize package (`rank_biserial(paired = TRUE)`): tanh(atanh r ± z·SE),
    /// SE = √((2n³ + 3n² + n)/6) / (n(n+1)/2), n the number of nonzero differences. No
    /// interval when |r| = 1 or `level` is outside (0, 1); NaN figures for n < 1.
    public static func matchedPairs(_ r: Double, nonzero n: Int, level: Double) -> EffectSize {
        let count = Double(n)
        let maximum = count * (count + 1) / 2
        let se = ((2 * count * count * count + 3 * count * count + count) / 6).squareRoot() / maximum
        return EffectSize(
            name: "matched-pairs rank-biserial correlation (Kerby 2014)", symbol: "r_rb", value: r,
            interval: fisherInterval(r, se: se, level: level)
        )
    }

    /// The rank-biserial correlation of two independent samples, r = 2U/(mn) − 1, where U
    /// counts the pairs with x > y (ties one half) (Glass 1966; Kerby 2014), with the
    /// Fisher-z interval of R's effectsize, SE = √((m + n + 1)/(3mn)). No interval when
    /// |r| = 1 or `level` is outside (0, 1); NaN figures for m or n < 1.
    public static func twoSample(u: Double, m: Int, n: Int, level: Double) -> EffectSize {
        let product = Double(m) * Double(n)
        let r = 2 * u / product - 1
        let se = ((Double(m) + Double(n) + 1) / (3 * product)).squareRoot()
        return EffectSize(
            name: "rank-biserial correlation (Glass 1966)", symbol: "r_rb", value: r,
            interval: fisherInterval(r, se: se, level: level)
        )
    }

    /// The common-language effect size P(X > Y) + ½P(X = Y) over all m·n pairs
    /// (McGraw & Wong 1992, in the nonparametric form of Vargha & Delaney 2000), equal to U/(mn).
    public static func commonLanguage(u: Double, m: Int, n: Int) -> EffectSize {
        EffectSize(
            name: "common-language effect size P(X > Y) + ½P(X = Y) (McGraw & Wong 1992)", symbol: "CLES",
            value: u / (Double(m) * Double(n))
        )
    }

    /// No interval when |r| = 1 or the level is outside (0, 1).
    private static func fisherInterval(_ r: Double, se: Double, level: Double) -> EffectSize.Interval? {
        guard abs(r) < 1, level > 0, level < 1 else { return nil }
        let z = Normal().isf((1 - level) / 2)
        let center = atanh(r)
        return EffectSize.Interval(
            low: tanh(center - z * se), high: tanh(center + z * se), level: level,
            method: "Fisher z transformation (as R effectsize rank_biserial)"
        )
    }
}
