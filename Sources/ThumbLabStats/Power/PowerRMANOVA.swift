import Foundation

extension Power {
    /// Power, sample size or effect size of the within-subjects test of a one-way
    /// repeated-measures ANOVA, as G*Power's "ANOVA: repeated measures, within factors" in
    /// its default convention (Faul et al. 2007) and pingouin's `power_rm_anova`: pass `nil`
    /// for the one to solve.
    ///
    /// With m levels, n participants, correlation ρ among the repeated measures and
    /// sphericity correction ε, F is noncentral F with df₁ = (m − 1)ε, df₂ = (n − 1)(m − 1)ε
    /// and λ = f²·n·m·ε / (1 − ρ); power = P(F > F₁₋α(df₁, df₂)).
    ///
    /// - Parameters:
    ///   - levels: the number of levels m of the within factor (at least 2).
    ///   - f: Cohen's f (≥ 0; ``f(eta2:)`` converts η²), or nil to solve it.
    ///   - n: participants (at least 2), or nil to solve it.
    ///   - power: the power, in (α, 1), or nil to compute it.
    ///   - correlation: ρ, in (−1, 1).
    ///   - epsilon: ε, from its lower bound 1/(m − 1) to 1.
    ///   - alpha: the significance level, in (0, 1).
    /// - Throws: ``StatsError`` when not exactly one of f, n and power is nil or a value is
    ///   out of range (``StatsError/range`` says which).
    public static func rmANOVA(
        levels: Int, f: Double?, n: Double?, power: Double?, correlation: Double = 0.5, epsilon: Double = 1,
        alpha: Double = 0.05
    ) throws -> PowerResult {
        try AcceptedRange(
            .levels, value: Double(levels), lower: 2, upper: .infinity, includesLower: true, includesUpper: false
        )
        .check()
        try AcceptedRange(
            .correlation, value: correlation, lower: -1, upper: 1, includesLower: false, includesUpper: false
        )
        .check()
        let m = Double(levels)
        try AcceptedRange(
            .epsilon, value: epsilon, lower: 1 / (m - 1), upper: 1, includesLower: true, includesUpper: true
        )
        .check()
        let figures = { (n: Double, f: Double) -> (Double, Double?, Double, Double) in
            let df1 = (m - 1) * epsilon
            let df2 = (n - 1) * df1
            let lambda = f * f * n * m * epsilon / (1 - correlation)
            return (df1, df2, lambda, FDistribution(df1: df1, df2: df2).isf(alpha))
        }
        let design = PowerDesign(
            test: .rmANOVA, problem: fTestProblem(figures), alternative: nil, groups: levels,
            correlation: correlation, epsilon: epsilon, effectName: "f", usefulEffect: positiveF, figures: figures,
            policy: "noncentral F with df1 = (m − 1)ε, df2 = (n − 1)(m − 1)ε and λ = f²·n·m·ε/(1 − ρ) "
                + "(G*Power's default for within factors, Faul et al. 2007; as pingouin power_rm_anova)")
        try checkF(f)
        return try design.solve(effect: f, n: n, power: power, alpha: alpha)
    }
}
