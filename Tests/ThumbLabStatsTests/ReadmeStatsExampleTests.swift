import Testing
import ThumbLabStats

/// The statistics example in README.md, run as written, with the values the README
/// prints (R's `?wilcox.test` depression data; EXPECTED.md §2.3).
@Suite struct ReadmeStatsExampleTests {
    @Test func theStatisticsExampleGivesRsNumbers() throws {
        let before = [1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30]
        let after = [0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29]
        let t = try TTest.paired(before, after)
        let w = try WilcoxonSignedRank.test(before, after)

        let observations = before.indices.flatMap { i in
            [
                ANOVAObservation(subject: "S\(i)", levels: ["time": "before"], value: before[i]),
                ANOVAObservation(subject: "S\(i)", levels: ["time": "after"], value: after[i]),
            ]
        }
        let anova = try ANOVA.repeatedMeasures(observations, design: ANOVADesign(within: ["time"]))

        #expect(t.apa == "t(8) = 3.04, p = .016, d_z = 1.01")
        #expect(w.wPlus == 40 && w.method.rawValue == "exact")
        #expect(abs(w.p - 20.0 / 512.0) < 1e-12)
        #expect(anova.terms.map(\.name) == ["time"])
        #expect(abs(anova.terms[0].f - 3.0354 * 3.0354) < 1e-3)
        print(t.apa, w.apa, anova.terms[0].apa, separator: "\n")
    }
}
