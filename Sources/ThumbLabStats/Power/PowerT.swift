import Foundation

/// The design of a planned t test.
public enum TTestDesign: String, Sendable, CaseIterable {
    /// One sample against a fixed mean.
    case oneSample = "one-sample"
    /// Two conditions measured on the same participants.
    case paired
    /// Two independent groups of equal size.
    case twoSample = "two-sample"
}

extension Power {
    /// Power, sample size or effect size of a t test (Cohen 1988, ch. 2; R's `pwr.t.test`;
    /// pingouin's `power_ttest`): pass `nil` for the one to solve.
    ///
    /// With k = 1 (one-sample, paired) or 2 (two-sample, n per group), the statistic is
    /// noncentral t with ν = k(n − 1) and δ = d·√(n/k). Two-sided power is
    /// P(T > t₁₋α/₂) + P(T < −t₁₋α/₂); `greater` is P(T > t₁₋α) and `less` P(T < t_α).
    /// The solved d is positive, or negative for `less`.
    ///
    /// - Parameters:
    ///   - design: one-sample, paired or two-sample.
    ///   - d: Cohen's d (d_z for paired designs), or nil to solve it.
    ///   - n: participants (per group for two samples, at least 2), or nil to solve it.
    ///   - power: the power, in (α, 1), or nil to compute it.
    ///   - alpha: the significance level, in (0, 1).
    ///   - alternative: the alternative hypothesis.
    /// - Throws: ``StatsError`` when not exactly one of d, n and power is nil or a value is
    ///   out of range (``StatsError/range`` says which).
    public static func t(
        design: TTestDesign, d: Double?, n: Double?, power: Double?, alpha: Double = 0.05,
        alternative: Alternative = .twoSided
    ) throws -> PowerResult {
        let samples = design == .twoSample ? 2.0 : 1.0
        let figures = { (n: Double, d: Double) -> (Double, Double?, Double, Double) in
            let df = samples * (n - 1)
            let central = StudentT(df: df)
            let critical: Double
            switch alternative {
            case .twoSided: critical = central.isf(alpha / 2)
            case .greater: critical = central.isf(alpha)
            case .less: critical = central.quantile(alpha)
            }
            return (df, nil, d * (n / samples).squareRoot(), critical)
        }
        let problem = PowerProblem(minimumN: 2, effectDirection: alternative == .less ? -1 : 1) { n, d in
            let (df, _, delta, critical) = figures(n, d)
            let noncentral = NoncentralT(df: df, noncentrality: delta)
            switch alternative {
            case .twoSided: return noncentral.sf(critical) + noncentral.cdf(-critical)
            case .greater: return noncentral.sf(critical)
            case .less: return noncentral.cdf(critical)
            }
        }
        let test: PowerResult.Test =
            design == .oneSample ? .oneSampleT : design == .paired ? .pairedT : .twoSampleT
        let useful = { (d: Double) -> AcceptedRange in
            switch alternative {
            case .twoSided:
                return AcceptedRange(
                    .effectSize, value: abs(d), lower: 0, upper: .infinity, includesLower: false, includesUpper: false)
            case .greater:
                return AcceptedRange(
                    .effectSize, value: d, lower: 0, upper: .infinity, includesLower: false, includesUpper: false)
            case .less:
                return AcceptedRange(
                    .effectSize, value: d, lower: -.infinity, upper: 0, includesLower: false, includesUpper: false)
            }
        }
        let design = PowerDesign(
            test: test, problem: problem, alternative: alternative, groups: design == .oneSample ? 1 : 2,
            correlation: nil, epsilon: nil, effectName: "d", usefulEffect: useful, figures: figures,
            policy:
                "noncentral t with df = \(samples == 2 ? "2(n − 1)" : "n − 1") and δ = d·√(\(samples == 2 ? "n/2" : "n")), "
                + "\(alternative.phrase) at α (Cohen 1988, ch. 2; as pwr.t.test and pingouin power_ttest)")
        return try design.solve(effect: d, n: n, power: power, alpha: alpha)
    }
}
