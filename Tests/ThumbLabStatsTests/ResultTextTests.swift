import Foundation
import Testing

@testable import ThumbLabStats

/// The APA strings and policy texts of Tukey's HSD and the regressions, against
/// `Fixtures/result_texts.json` (scipy's `tukey_hsd` and `linregress`, statsmodels' `Logit`,
/// strings formatted by `gen_result_texts.py`).
@Suite struct ResultTextTests {
    struct TukeyCase: Decodable {
        struct Comparison: Decodable {
            let a: String
            let b: String
            let q: Double
            let p: Double
            let apa: String
        }
        let values: [Double]
        let groups: [String]
        let comparisons: [Comparison]
    }

    struct RegressionCase<Outcome: Decodable>: Decodable {
        let x: [Double]
        let y: [Outcome]
        let slope: Double
        let p: Double
        let apa: String
    }

    struct Fixture: Decodable {
        let tukey: [TukeyCase]
        let linear: [RegressionCase<Double>]
        let logistic: [RegressionCase<Int>]
    }

    static func fixture() throws -> Fixture { try NumericFixtures.load("result_texts", as: Fixture.self) }

    @Test func tukeyComparisonsGiveScipysFiguresAndTheirAPAText() throws {
        let cases = try Self.fixture().tukey
        #expect(cases.count == 6)
        for c in cases {
            let result = try ANOVA.tukeyHSD(values: c.values, groups: c.groups)
            #expect(result.comparisons.count == c.comparisons.count)
            for expected in c.comparisons {
                let comparison = try #require(result.comparison(expected.a, expected.b))
                #expect(isClose(comparison.q, expected.q, relative: 1e-9))
                #expect(isClose(comparison.p, expected.p, relative: 1e-6, absolute: 1e-9))
                #expect(comparison.apa == expected.apa)
            }
            #expect(result.policy.contains("Tukey-Kramer"))
            #expect(result.policy.contains("95% simultaneous intervals"))
        }
    }

    @Test func linearRegressionGivesLinregresssFiguresAndItsAPAText() throws {
        let cases = try Self.fixture().linear
        #expect(cases.count == 6)
        for c in cases {
            let fit = try Regression.linear(c.x, c.y)
            #expect(isClose(fit.slope, c.slope, relative: 1e-9))
            #expect(isClose(fit.p, c.p, relative: 1e-6))
            #expect(fit.apa == c.apa)
        }
    }

    @Test func logisticRegressionGivesStatsmodelsFiguresAndItsAPAText() throws {
        let cases = try Self.fixture().logistic
        #expect(cases.count == 6)
        for c in cases {
            let fit = try Regression.logistic(c.x, c.y.map { $0 == 1 })
            #expect(isClose(fit.slope, c.slope, relative: 1e-6))
            #expect(isClose(fit.slopeP, c.p, relative: 1e-5))
            #expect(fit.apa == c.apa)
        }
    }

    @Test(arguments: SphericityCorrection.allCases)
    func theANOVAPolicyNamesTheCorrectionRequested(_ correction: SphericityCorrection) throws {
        var rows: [ANOVAObservation] = []
        let data = [[5.1, 6.0, 7.2], [4.8, 5.9, 6.1], [5.5, 6.6, 8.0], [4.0, 5.1, 5.8], [5.0, 5.2, 6.9]]
        for (subject, values) in data.enumerated() {
            for (level, value) in zip(["a", "b", "c"], values) {
                rows.append(ANOVAObservation(subject: "S\(subject)", levels: ["F": level], value: value))
            }
        }
        let result = try ANOVA.repeatedMeasures(rows, design: ANOVADesign(within: ["F"]), correction: correction)
        #expect(result.policy.hasPrefix("Type III ANOVA (afex), \(correction.words),"))
        let expectedWords: [SphericityCorrection: String] = [
            .none: "no sphericity correction", .greenhouseGeisser: "Greenhouse-Geisser correction",
            .huynhFeldt: "Huynh-Feldt correction",
            .auto: "Greenhouse-Geisser correction where Mauchly's test gives p < .05",
        ]
        #expect(correction.words == expectedWords[correction])
    }
}
