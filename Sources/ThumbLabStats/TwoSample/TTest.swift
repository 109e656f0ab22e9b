import Foundation

/// The result of a one-sample, paired, Student or Welch t-test, with every figure a paper
/// reports.
///
/// Formulas as R's `t.test` and scipy's `ttest_1samp`/`ttest_rel`/`ttest_ind`:
/// t = (estimate − μ₀) / SE, p from Student's t with `df` degrees of freedom, and the
/// confidence interval estimate ± t_{df, 1−α/2}·SE (one-sided alternatives give a half-open
/// interval with an infinite limit, as R does).
public struct TTestResult: Sendable, Equatable {
    /// Which t-test was run.
    public enum Kind: String, Sendable, CaseIterable {
        /// One-sample t-test of the mean against μ₀.
        case oneSample = "one-sample-t"
        /// Paired t-test of the mean difference against 0.
        case paired = "paired-t"
        /// Student's two-sample t-test with pooled variance.
        case student = "student-t"
        /// Welch's two-sample t-test with unequal variances.
        case welch = "welch-t"

        /// The test's name as a methods section writes it.
        public var name: String {
            switch self {
            case .oneSample: return "One-sample t-test"
            case .paired: return "Paired t-test"
            case .student: return "Student's two-sample t-test"
            case .welch: return "Welch's two-sample t-test"
            }
        }
    }

    /// Which t-test was run; its raw value is the JSON `test` name.
    public let kind: Kind
    /// The alternative hypothesis tested.
    public let alternative: Alternative
    /// The t statistic.
    public let t: Double
    /// Degrees of freedom (Welch–Satterthwaite for `.welch`, so not always integral).
    public let df: Double
    /// The p-value for `alternative`.
    public let p: Double
    /// The estimate the interval belongs to: mean(x) for a one-sample test (as R reports
    /// it), mean(x − y) for a paired test, mean(x) − mean(y) for two samples.
    public let estimate: Double
    /// The null value of the difference (μ₀ for a one-sample test, else 0).
    public let nullValue: Double
    /// The standard error of `estimate`.
    public let standardError: Double
    /// The confidence level of the interval.
    public let confidenceLevel: Double
    /// Lower limit of the interval of `estimate` (−∞ for `.less`).
    public let ciLow: Double
    /// Upper limit of the interval of `estimate` (+∞ for `.greater`).
    public let ciHigh: Double
    /// The standardized effect size that goes with the test: d for a one-sample test,
    /// d_z for a paired test, Cohen's d (pooled SD) for two independent samples.
    public let effectSize: EffectSize

    /// The test's name.
    public var name: String { kind.name }

    /// The difference from the null: `estimate − nullValue`.
    public var meanDifference: Double { estimate - nullValue }

    /// The policy in words, for reports.
    public var policy: String {
        let dfWords: String
        switch kind {
        case .welch: dfWords = "Welch–Satterthwaite degrees of freedom (variances not assumed equal)"
        case .student: dfWords = "pooled variance (variances assumed equal)"
        case .paired: dfWords = "differences x − y"
        case .oneSample: dfWords = "null mean \(nullValue)"
        }
        let percent = String(format: "%g", confidenceLevel * 100)
        let target = kind == .oneSample ? "mean" : "difference"
        return "\(alternative.phrase); \(dfWords); \(percent)% CI of the \(target)"
    }

    /// The APA string in the papaja style: `t(8) = 3.04, p = .016, d_z = 1.01`.
    public var apa: String { apaStatistic.description }
    /// ``apa`` as typed parts.
    public var apaStatistic: APAStatistic {
        APAStatistic([.init("t", df: [APA.df(df)], APA.value(t)), .p(p), effectSize.apaPart])
    }

    /// Builds the result from the test's ingredients.
    init(
        kind: Kind, alternative: Alternative, estimate: Double, nullValue: Double, standardError: Double,
        df: Double, confidenceLevel: Double, effectSize: EffectSize
    ) {
        let distribution = StudentT(df: df)
        let t = (estimate - nullValue) / standardError
        self.kind = kind
        self.alternative = alternative
        self.t = t
        self.df = df
        self.p = pValue(lower: distribution.cdf(t), upper: distribution.sf(t), alternative: alternative)
        self.estimate = estimate
        self.nullValue = nullValue
        self.standardError = standardError
        self.confidenceLevel = confidenceLevel
        let alpha = 1 - confidenceLevel
        switch alternative {
        case .twoSided:
            let critical = distribution.isf(alpha / 2)
            ciLow = estimate - critical * standardError
            ciHigh = estimate + critical * standardError
        case .less:
            ciLow = -.infinity
            ciHigh = estimate + distribution.isf(alpha) * standardError
        case .greater:
            ciLow = estimate - distribution.isf(alpha) * standardError
            ciHigh = .infinity
        }
        self.effectSize = effectSize
    }
}
