import ThumbLabStats

/// The test ``Study/compare(_:selection:)`` chooses for one within factor and complete
/// data, run on an n × k table of per-participant level values: with two levels, the paired
/// t test, or Wilcoxon's signed-rank test when Shapiro-Wilk rejects normality of the paired
/// differences; with more, the RM-ANOVA (Greenhouse-Geisser corrected when Mauchly's test
/// rejects sphericity at .05), or Friedman's test when Shapiro-Wilk rejects normality of the
/// ANOVA residuals. Each simulated study of a power simulation is analysed so.
enum OneWayWithinTest {
    /// The analysis in words, for the assumptions.
    static let description =
        "as a comparison would analyse it: with two levels a paired t test, or Wilcoxon's signed-rank test when "
        + "Shapiro-Wilk rejects normality of the differences; with more, the RM-ANOVA (Greenhouse-Geisser corrected "
        + "where Mauchly's test rejects sphericity), or Friedman's test when Shapiro-Wilk rejects normality of the "
        + "residuals"

    /// The p-value of the chosen test, nil when the table cannot be tested (no variation).
    static func p(_ rows: [[Double]], alpha: Double) -> Double? {
        let k = rows[0].count
        if k == 2 {
            let differences = rows.map { $0[0] - $0[1] }
            if rejectsNormality(differences, alpha: alpha) {
                return try? WilcoxonSignedRank.test(rows.map { $0[0] }, rows.map { $0[1] }).p
            }
            return try? TTest.paired(rows.map { $0[0] }, rows.map { $0[1] }).p
        }
        if rejectsNormality(residuals(rows), alpha: alpha) {
            return try? Friedman.test(FriedmanData(conditions: (0..<k).map { "\($0)" }, values: rows)).p
        }
        guard let term = try? rmANOVA(rows) else { return nil }
        if let sphericity = term.sphericity, sphericity.p < 0.05 { return sphericity.pGG }
        return term.p
    }

    /// The RM-ANOVA of the table's one within factor.
    static func rmANOVA(_ rows: [[Double]]) throws -> ANOVATerm {
        let observations = rows.enumerated().flatMap { subject, row in
            row.enumerated().map { level, value in
                ANOVAObservation(subject: "\(subject)", levels: ["level": "\(level)"], value: value)
            }
        }
        let result = try ANOVA.repeatedMeasures(observations, design: ANOVADesign(within: ["level"]))
        guard let term = result.term("level") else {
            throw StatsError(.invalidDesign, "the RM-ANOVA has no level term")
        }
        return term
    }

    /// The residuals y_ij − ȳ_i − ȳ_j + ȳ the comparison's normality check reads.
    static func residuals(_ rows: [[Double]]) -> [Double] {
        let n = Double(rows.count)
        let k = rows[0].count
        let rowMeans = rows.map { $0.reduce(0, +) / Double(k) }
        let columnMeans = (0..<k).map { j in rows.reduce(0) { $0 + $1[j] } / n }
        let grand = rowMeans.reduce(0, +) / n
        return rows.indices.flatMap { i in (0..<k).map { j in rows[i][j] - rowMeans[i] - columnMeans[j] + grand } }
    }

    /// Whether Shapiro-Wilk rejects normality at α; a sample it cannot test does not reject.
    private static func rejectsNormality(_ sample: [Double], alpha: Double) -> Bool {
        guard sample.count >= 3, sample.count <= 5000, let test = try? ShapiroWilk.test(sample) else { return false }
        return test.p < alpha
    }
}
