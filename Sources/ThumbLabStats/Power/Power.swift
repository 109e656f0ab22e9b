import Foundation

/// Analytic power of the tests a study plans, as G*Power (Faul et al. 2007), R's `pwr`
/// and pingouin's `power_*` compute it (Cohen 1988). Each function takes two of power,
/// sample size and effect size, passes `nil` for the third, and solves it: the power
/// directly from the noncentral distribution, n and the effect size by Brent's bracketing
/// root finder. See <doc:Planning> for the formulas.
///
/// Invalid input throws ``StatsError``: a power or α outside (0, 1) (a power to solve for
/// must exceed α), a sample size below the test's minimum of 2, and every other parameter
/// outside its range give an ``StatsError/Kind/outOfRange`` error whose
/// ``StatsError/range`` holds the parameter, its value and the interval accepted.
public enum Power {
    /// Cohen's f from η²: f = √(η²/(1 − η²)) (Cohen 1988, eq. 8.2.19).
    ///
    /// - Throws: ``StatsError/Kind/outOfRange`` unless 0 ≤ η² < 1.
    public static func f(eta2: Double) throws -> Double {
        try AcceptedRange(.effectSize, value: eta2, lower: 0, upper: 1, includesLower: true, includesUpper: false)
            .check()
        return (eta2 / (1 - eta2)).squareRoot()
    }

    /// η² from Cohen's f: η² = f²/(1 + f²).
    static func eta2(f: Double) -> Double {
        f * f / (1 + f * f)
    }
}

/// What a design contributes to a power computation: its power function, and the figures
/// (df, noncentrality, critical value) the result reports for a given n and effect.
struct PowerDesign {
    let test: PowerResult.Test
    let problem: PowerProblem
    let alternative: Alternative?
    let groups: Int
    let correlation: Double?
    let epsilon: Double?
    let effectName: String
    /// The range an effect size to solve n from must lie in (it must move power away from α).
    let usefulEffect: (Double) -> AcceptedRange
    let figures: (_ n: Double, _ effect: Double) -> (df1: Double, df2: Double?, noncentrality: Double, critical: Double)
    let policy: String

    /// Solves for whichever of `effect`, `n` and `power` is nil and returns the full result.
    func solve(effect: Double?, n: Double?, power: Double?, alpha: Double) throws -> PowerResult {
        try AcceptedRange(.alpha, value: alpha, lower: 0, upper: 1, includesLower: false, includesUpper: false).check()
        let unknowns = [effect == nil, n == nil, power == nil].filter { $0 }.count
        guard unknowns == 1 else {
            throw StatsError(
                .invalidArgument,
                "give exactly two of the power, the sample size and the effect size; the third is solved from them")
        }
        let solvedFor: PowerResult.Unknown
        var size: Double
        var effectSize: Double
        let achieved: Double
        if let power {
            try AcceptedRange(.power, value: power, lower: alpha, upper: 1, includesLower: false, includesUpper: false)
                .check()
            achieved = power
            if let n {
                solvedFor = .effectSize
                size = n
                effectSize = try problem.solveEffect(n: n, target: power)
            } else {
                solvedFor = .n
                effectSize = effect ?? 0
                try usefulEffect(effectSize).check()
                size = try problem.solveN(effect: effectSize, target: power)
            }
        } else {
            solvedFor = .power
            size = n ?? 0
            effectSize = effect ?? 0
            guard effectSize.isFinite else { throw StatsError(outOfRange: usefulEffect(effectSize)) }
            achieved = try problem.powerAt(n: size, effect: effectSize)
        }
        let required = Int((size * (1 - 1e-12)).rounded(.up))
        let figures = figures(size, effectSize)
        return PowerResult(
            test: test, solvedFor: solvedFor, alpha: alpha, power: achieved, n: size, nRequired: required,
            powerAtNRequired: problem.power(Double(required), effectSize), effectSize: effectSize,
            effectName: effectName, eta2: effectName == "f" ? Power.eta2(f: effectSize) : nil,
            alternative: alternative, groups: groups, correlation: correlation, epsilon: epsilon,
            df1: figures.df1, df2: figures.df2, noncentrality: figures.noncentrality,
            criticalValue: figures.critical, policy: policy)
    }
}
