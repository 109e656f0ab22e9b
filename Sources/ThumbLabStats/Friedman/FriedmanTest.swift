import Foundation

/// The Friedman rank test for k related conditions, with tie correction, Kendall's W and the
/// Iman–Davenport F variant.
///
/// Within each subject the k values are ranked (average ties). With rank sums `R_j`,
/// Kendall's coefficient of concordance corrected for ties is
/// `W = (12 Σ R_j² − 3 n² k (k+1)²) / (n² k (k²−1) − n Σ(t³−t))`, where `t` runs over the
/// sizes of tie groups within rows (Kendall & Babington Smith 1939; Conover 1999, §5.8).
/// The Friedman statistic is `Q = n (k−1) W`, referred to χ² with k−1 df — the same value
/// as R's `friedman.test`, `scipy.stats.friedmanchisquare` and pingouin's `friedman`.
/// The F variant (Iman & Davenport 1980; pingouin `method="f"`) is
/// `F = (n−1) W / (1−W)` with df `k−1−2/n` and `(n−1)(k−1−2/n)`.
public struct FriedmanResult: Sendable, Equatable {
    /// Number of subjects used.
    public var n: Int
    /// Number of conditions.
    public var k: Int
    /// The tie-corrected Friedman chi-square statistic Q.
    public var chiSquare: Double
    /// Degrees of freedom of Q, k − 1.
    public var df: Double
    /// Upper-tail χ² p-value of Q.
    public var p: Double
    /// Kendall's W, corrected for ties.
    public var kendallW: Double
    /// The tie correction factor `1 − Σ(t³−t) / (n k (k²−1))` (1 without ties).
    public var tieCorrection: Double
    /// Iman–Davenport F; nil when W = 1 (perfect agreement), where F is unbounded.
    public var f: Double?
    /// Numerator df of F, `k − 1 − 2/n`.
    public var fDF1: Double
    /// Denominator df of F, `(n − 1)(k − 1 − 2/n)`.
    public var fDF2: Double
    /// p-value of F; 0 when W = 1.
    public var fP: Double
    /// Mean rank per condition, in the order of ``FriedmanData/conditions``.
    public var meanRanks: [Double]
    /// Rank sum per condition.
    public var rankSums: [Double]
    /// Subjects removed for missing values.
    public var subjectsDropped: [String]
    /// How the test was computed.
    public var policy: String
    /// APA-style report, e.g. `χ²(2, N = 22) = 11.14, p = .004, W = .253`.
    public var apaStatistic: APAStatistic
    /// ``apaStatistic`` as plain text.
    public var apa: String { apaStatistic.description }
}

extension Friedman {
    /// Runs the Friedman test on complete-block data.
    ///
    /// - Throws: ``StatsError/Kind/constantData`` when every subject ties all conditions (the
    ///   statistic is undefined).
    public static func test(_ data: FriedmanData) throws -> FriedmanResult {
        let n = Double(data.n)
        let k = Double(data.k)
        let rankSums = data.rankSums
        let sumOfSquares = rankSums.reduce(0) { $0 + $1 * $1 }
        let tieSum = data.tieSum
        let denominator = n * n * k * (k * k - 1) - n * tieSum
        guard denominator > 0 else {
            throw StatsError(
                .constantData,
                "Every subject has the same value in all conditions; the Friedman statistic is undefined.")
        }
        let w = max(0, (12 * sumOfSquares - 3 * n * n * k * (k + 1) * (k + 1)) / denominator)
        let q = n * (k - 1) * w
        let df = k - 1
        let fDF1 = k - 1 - 2 / n
        let fDF2 = (n - 1) * fDF1
        var f: Double?
        var fP = 0.0
        if w < 1 {
            let value = w * (n - 1) / (1 - w)
            f = value
            fP = FDistribution(df1: fDF1, df2: fDF2).sf(value)
        }
        let p = ChiSquared(df: df).sf(q)
        let apa = APAStatistic([
            .init("χ²", df: [APA.df(df), "N = \(data.n)"], APA.value(q)), .p(p), .init("W", APA.unit(w)),
        ])
        return FriedmanResult(
            n: data.n, k: data.k, chiSquare: q, df: df, p: p, kendallW: w,
            tieCorrection: 1 - tieSum / (n * k * (k * k - 1)),
            f: f, fDF1: fDF1, fDF2: fDF2, fP: fP,
            meanRanks: rankSums.map { $0 / n }, rankSums: rankSums,
            subjectsDropped: data.subjectsDropped,
            policy: "ranks within subjects with average ties; Q corrected for ties; p from χ²(k−1); "
                + "Kendall's W tie-corrected; F variant of Iman & Davenport (1980); "
                + "\(data.subjectsDropped.count) subject(s) with missing values removed",
            apaStatistic: apa)
    }
}
