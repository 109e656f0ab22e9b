import Foundation

/// How a confidence interval for a binomial proportion is computed.
public enum ProportionIntervalMethod: String, CaseIterable, Sendable {
    /// Adjusted Wald (Agresti & Coull 1998), the default that Sauro & Lewis (2005)
    /// recommend for completion and error rates: add z²/2 successes and z²/2 failures, then
    /// use the Wald interval; clipped to [0, 1].
    case adjustedWald = "adjusted-wald"
    /// Wilson (1927) score interval.
    case wilson
    /// Clopper & Pearson (1934) exact interval from beta quantiles, as R's `binom.test`;
    /// guarantees at least the nominal coverage.
    case clopperPearson = "clopper-pearson"
}

/// A confidence interval for a proportion x/n.
public struct ProportionInterval: Sendable, Equatable {
    /// The number of successes x.
    public let successes: Int
    /// The number of trials n.
    public let trials: Int
    /// The observed proportion x/n.
    public let proportion: Double
    /// The lower limit, in [0, 1].
    public let lower: Double
    /// The upper limit, in [0, 1].
    public let upper: Double
    /// Confidence level, such as 0.95.
    public let level: Double
    /// The method that computed the interval.
    public let method: ProportionIntervalMethod
    /// For the adjusted Wald interval, its centre (x + z²/2)/(n + z²); otherwise x/n.
    public let center: Double

    /// Computes the interval.
    ///
    /// With z = Φ⁻¹(1 − α/2):
    /// - adjusted Wald: p̃ = (x + z²/2)/(n + z²), p̃ ± z√(p̃(1 − p̃)/(n + z²)), clipped to [0, 1];
    /// - Wilson: [x + z²/2 ± z√(x(n − x)/n + z²/4)] / (n + z²);
    /// - Clopper-Pearson: [B⁻¹(α/2; x, n − x + 1), B⁻¹(1 − α/2; x + 1, n − x)], 0 when x = 0
    ///   and 1 when x = n.
    ///
    /// - Throws: ``StatsError`` when n < 1, x is outside 0...n, or the level is outside (0, 1).
    public init(
        successes: Int, trials: Int, level: Double = 0.95,
        method: ProportionIntervalMethod = .adjustedWald
    ) throws {
        guard trials >= 1 else {
            throw StatsError(.tooFewObservations, "a proportion needs at least 1 trial; got \(trials)")
        }
        guard successes >= 0 && successes <= trials else {
            throw StatsError(
                .invalidArgument, "successes must be between 0 and \(trials); got \(successes)")
        }
        try InputValidation.requireLevel(level)
        let x = Double(successes)
        let n = Double(trials)
        let alpha = 1 - level
        let z = Normal().isf(alpha / 2)
        let z2 = z * z
        self.successes = successes
        self.trials = trials
        self.level = level
        self.method = method
        proportion = x / n
        switch method {
        case .adjustedWald:
            let adjustedTrials = n + z2
            let adjusted = (x + z2 / 2) / adjustedTrials
            let half = z * (adjusted * (1 - adjusted) / adjustedTrials).squareRoot()
            center = adjusted
            lower = Swift.max(0, adjusted - half)
            upper = Swift.min(1, adjusted + half)
        case .wilson:
            let middle = (x + z2 / 2) / (n + z2)
            let half = z / (n + z2) * (x * (n - x) / n + z2 / 4).squareRoot()
            center = x / n
            lower = Swift.max(0, middle - half)
            upper = Swift.min(1, middle + half)
        case .clopperPearson:
            center = x / n
            lower =
                successes == 0
                ? 0 : BetaDistribution(alpha: x, beta: n - x + 1).quantile(alpha / 2)
            upper =
                successes == trials
                ? 1 : BetaDistribution(alpha: x + 1, beta: n - x).isf(alpha / 2)
        }
    }
}
