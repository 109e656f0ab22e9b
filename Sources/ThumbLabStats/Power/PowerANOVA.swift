import Foundation

extension Power {
    /// Power, sample size per group or effect size of a one-way between-subjects ANOVA with
    /// equal groups (Cohen 1988, ch. 8; R's `pwr.anova.test`; pingouin's `power_anova`; the
    /// fixed-effects omnibus test of G*Power, Faul et al. 2007): pass `nil` for the one to
    /// solve.
    ///
    /// With k groups of n, F is noncentral F with df₁ = k − 1, df₂ = k(n − 1) and
    /// λ = f²·k·n; power = P(F > F₁₋α(df₁, df₂)).
    ///
    /// - Parameters:
    ///   - groups: the number of groups k (at least 2).
    ///   - f: Cohen's f (≥ 0; ``f(eta2:)`` converts η²), or nil to solve it.
    ///   - n: participants per group (at least 2), or nil to solve it.
    ///   - power: the power, in (α, 1), or nil to compute it.
    ///   - alpha: the significance level, in (0, 1).
    /// - Throws: ``StatsError`` when not exactly one of f, n and power is nil or a value is
    ///   out of range (``StatsError/range`` says which).
    public static func anova(
        groups: Int, f: Double?, n: Double?, power: Double?, alpha: Double = 0.05
    ) throws -> PowerResult {
        try AcceptedRange(
            .groups, value: Double(groups), lower: 2, upper: .infinity, includesLower: true, includesUpper: false
        )
        .check()
        let k = Double(groups)
        let figures = { (n: Double, f: Double) -> (Double, Double?, Double, Double) in
            let df1 = k - 1
            let df2 = k * (n - 1)
            return (df1, df2, f * f * k * n, FDistribution(df1: df1, df2: df2).isf(alpha))
        }
        let design = PowerDesign(
            test: .anova, problem: fTestProblem(figures), alternative: nil, groups: groups, correlation: nil,
            epsilon: nil, effectName: "f", usefulEffect: positiveF, figures: figures,
            policy: "noncentral F with df1 = k − 1, df2 = k(n − 1) and λ = f²·k·n, n per group "
                + "(Cohen 1988, ch. 8; as pwr.anova.test and pingouin power_anova)")
        try checkF(f)
        return try design.solve(effect: f, n: n, power: power, alpha: alpha)
    }

    /// The power function of an F test whose df and λ come from `figures`.
    static func fTestProblem(
        _ figures: @escaping (Double, Double) -> (Double, Double?, Double, Double)
    ) -> PowerProblem {
        PowerProblem(minimumN: 2, effectDirection: 1) { n, f in
            let (df1, df2, lambda, critical) = figures(n, f)
            return NoncentralF(df1: df1, df2: df2 ?? .infinity, noncentrality: lambda).sf(critical)
        }
    }

    /// The range of an f to solve n from: positive.
    static func positiveF(_ f: Double) -> AcceptedRange {
        AcceptedRange(.effectSize, value: f, lower: 0, upper: .infinity, includesLower: false, includesUpper: false)
    }

    /// Throws unless a given f is finite and non-negative.
    static func checkF(_ f: Double?) throws {
        guard let f else { return }
        try AcceptedRange(.effectSize, value: f, lower: 0, upper: .infinity, includesLower: true, includesUpper: false)
            .check()
    }
}
