/// The normal approximation of a rank statistic, shared by the signed-rank and rank-sum tests.
///
/// z = (S − E − c)/σ, where the continuity correction c is +½ for `.greater`, −½ for `.less`
/// and ½·sign(S − E) for `.twoSided` (0 when S = E), the rule of R's `wilcox.test`
/// (Hollander & Wolfe 1973, §3.1 and §4.1).
struct RankNormalApproximation: Sendable {
    let z: Double
    let p: Double

    init(statistic: Double, mean: Double, sd: Double, alternative: Alternative, continuityCorrection: Bool) {
        var shift = 0.0
        if continuityCorrection {
            switch alternative {
            case .greater: shift = 0.5
            case .less: shift = -0.5
            case .twoSided: shift = statistic > mean ? 0.5 : (statistic < mean ? -0.5 : 0)
            }
        }
        z = (statistic - mean - shift) / sd
        let normal = Normal()
        p = pValue(lower: normal.cdf(z), upper: normal.sf(z), alternative: alternative)
    }
}

/// The wording shared by the reports of the rank tests.
enum RankTestReport {
    /// The phrases that describe a normal approximation with tie-corrected variance.
    static func normalPhrases(continuityCorrection: Bool) -> [String] {
        [
            "normal approximation with tie-corrected variance",
            continuityCorrection ? "continuity correction" : "no continuity correction",
        ]
    }

    /// `symbol = statistic[, z = …], p = …, effect`, the statistic printed as an integer when
    /// it is one and with one decimal otherwise (rank sums are multiples of ½).
    static func apa(symbol: String, statistic: Double, z: Double?, p: Double, effect: EffectSize) -> String {
        let number = statistic == statistic.rounded() ? String(Int(statistic)) : APA.value(statistic, digits: 1)
        let zPart = z.map { ", z = \(APA.value($0))" } ?? ""
        return "\(symbol) = \(number)\(zPart), \(APA.p(p)), \(effect.apa)"
    }
}
