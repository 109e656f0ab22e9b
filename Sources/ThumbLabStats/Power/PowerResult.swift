import Foundation

/// The power of a planned test, with the sample size and effect size it goes with: what
/// ``Power/t(design:d:n:power:alpha:alternative:)``, ``Power/anova(groups:f:n:power:alpha:)``
/// and ``Power/rmANOVA(levels:f:n:power:correlation:epsilon:alpha:)`` return, whichever of
/// the three they solved for.
public struct PowerResult: Sendable, Equatable {
    /// The planned test.
    public enum Test: String, Sendable, CaseIterable {
        /// One-sample t test.
        case oneSampleT = "one-sample-t"
        /// Paired t test.
        case pairedT = "paired-t"
        /// Two-sample t test with equal groups and pooled variance.
        case twoSampleT = "two-sample-t"
        /// One-way between-subjects ANOVA with equal groups.
        case anova
        /// One within-subjects factor, repeated-measures ANOVA.
        case rmANOVA = "rm-anova"
    }

    /// Which of power, sample size and effect size was computed from the other two.
    public enum Unknown: String, Sendable, CaseIterable {
        /// The power was computed.
        case power
        /// The sample size was solved.
        case n
        /// The effect size was solved.
        case effectSize = "effect-size"
    }

    /// The planned test.
    public let test: Test
    /// What was solved for.
    public let solvedFor: Unknown
    /// The significance level α.
    public let alpha: Double
    /// The power 1 − β: computed, or the target when n or the effect size was solved.
    public let power: Double
    /// The sample size (per group for ``Test/twoSampleT`` and ``Test/anova``): given, or
    /// the exact fractional solution.
    public let n: Double
    /// The whole number of participants (per group) to recruit: n rounded up.
    public let nRequired: Int
    /// The power at ``nRequired``, at least ``power`` when n was solved.
    public let powerAtNRequired: Double
    /// The effect size: Cohen's d for t tests, Cohen's f for ANOVAs; given or solved.
    public let effectSize: Double
    /// "d" or "f".
    public let effectName: String
    /// η² = f²/(1 + f²) for ANOVAs; nil for t tests.
    public let eta2: Double?
    /// The alternative of a t test; nil for ANOVAs.
    public let alternative: Alternative?
    /// The number of groups (ANOVA) or levels of the within factor (RM-ANOVA); 2 for t tests
    /// of two groups or conditions, 1 for the one-sample test.
    public let groups: Int
    /// The correlation among repeated measures (RM-ANOVA only).
    public let correlation: Double?
    /// The sphericity correction ε (RM-ANOVA only).
    public let epsilon: Double?
    /// Degrees of freedom of the t statistic, or the numerator df of F.
    public let df1: Double
    /// The denominator df of F; nil for t tests.
    public let df2: Double?
    /// The noncentrality parameter: δ of the t statistic or λ of F.
    public let noncentrality: Double
    /// The critical value of the statistic at α: the upper one for a two-sided t test, the
    /// lower (negative) one for `less`.
    public let criticalValue: Double
    /// The formulas used, in words, with their sources.
    public let policy: String

    /// The sentence for a paper, such as "A sample of 18 participants gives 80% power to
    /// detect f = 0.25 at α = .05 in a repeated-measures ANOVA of 3 levels (ρ = .50, ε = 1)."
    public var sentence: String {
        let sample = "\(nRequired) participants" + (isPerGroup ? " per group (\(nRequired * groups) in total)" : "")
        let target = Self.percent(power)
        let effect = "\(effectName) = \(APA.value(effectSize))" + (solvedFor == .effectSize ? " or larger" : "")
        var text = "A sample of \(sample) gives \(target) power to detect \(effect) at α = \(Self.level(alpha))"
        if solvedFor == .n && Self.percent(powerAtNRequired) != target {
            text += " (\(Self.percent(powerAtNRequired)) with \(nRequired))"
        }
        return text + " in " + designPhrase + "."
    }

    /// Whether ``n`` counts each of several groups.
    public var isPerGroup: Bool { test == .twoSampleT || test == .anova }

    /// The test in words: "a two-sided paired t test", "a one-way ANOVA of 3 groups".
    public var designPhrase: String {
        switch test {
        case .oneSampleT, .pairedT, .twoSampleT:
            let kind = test == .oneSampleT ? "one-sample" : test == .pairedT ? "paired" : "two-sample"
            return "a \((alternative ?? .twoSided).phrase) \(kind) t test"
        case .anova: return "a one-way ANOVA of \(groups) groups"
        case .rmANOVA:
            let rho = APA.unit(correlation ?? 0, digits: 2)
            let epsilon = self.epsilon ?? 1
            let correction = epsilon == 1 ? "1" : APA.unit(epsilon, digits: 2)
            return "a repeated-measures ANOVA of \(groups) levels (ρ = \(rho), ε = \(correction))"
        }
    }

    /// A probability as a percentage: "80%", "81.3%".
    static func percent(_ p: Double) -> String {
        let tenths = (p * 1000).rounded() / 10
        return tenths == tenths.rounded() ? "\(Int(tenths))%" : String(format: "%.1f%%", tenths)
    }

    /// A significance level without the leading zero and with its own digits: ".05", ".005".
    static func level(_ alpha: Double) -> String {
        var text = String(format: "%.6f", alpha)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text.hasPrefix("0.") ? String(text.dropFirst()) : text
    }
}
