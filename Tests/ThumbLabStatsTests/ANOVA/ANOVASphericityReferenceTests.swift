import Foundation
import Testing

@testable import ThumbLabStats

/// Sphericity anchors: the synthetic 3×3 within data (EXPECTED.md §2.4, afex = pingouin
/// 0.7.0) and the example of pingouin's `epsilon`/`sphericity` docstrings (§2.2).
@Suite("ANOVA sphericity anchors")
struct ANOVASphericityReferenceTests {
    typealias Support = ANOVATestSupport

    @Test
    func syntheticThreeByThreeWithin() throws {
        let rows = try Support.readCSV("synthetic/synthetic_3x3_within.csv")
        let data = Support.observations(rows, subject: "S", factors: ["A", "B"], value: "Y")
        let result = try ANOVA.repeatedMeasures(data, design: ANOVADesign(within: ["A", "B"]))
        let a = try #require(result.term("A"))
        let b = try #require(result.term("B"))
        let ab = try #require(result.term("A:B"))
        #expect(a.df == 2 && a.errorDF == 22 && ab.df == 4 && ab.errorDF == 44)
        #expect(Support.matches(a.f, "12.1574") && Support.matches(b.f, "4.2265") && Support.matches(ab.f, "0.2041"))
        let sa = try #require(a.sphericity)
        let sb = try #require(b.sphericity)
        let sab = try #require(ab.sphericity)
        #expect(Support.matches(sa.epsilonGG, "0.67649") && Support.matches(sa.epsilonHF, "0.73783"))
        #expect(Support.matches(sa.mauchlyW, "0.52178"))
        #expect(Support.matches(sb.epsilonGG, "0.78945") && Support.matches(sb.epsilonHF, "0.89941"))
        #expect(Support.matches(sab.epsilonGG, "0.65198") && Support.matches(sab.epsilonHF, "0.87271"))
        #expect(Support.matches(sab.mauchlyW, "0.09638") && Support.matches(sab.p, "0.009813"))
    }

    @Test func pingouinEpsilonDocstringExample() throws {
        let columns: [(String, [Double])] = [
            ("A", [2.2, 3.1, 4.3, 4.1, 7.2]), ("B", [1.1, 2.5, 4.1, 5.2, 6.4]), ("C", [8.2, 4.5, 3.4, 6.2, 7.2]),
        ]
        let data = columns.flatMap { level, values in
            values.enumerated().map { ANOVAObservation(subject: "s\($0)", levels: ["X": level], value: $1) }
        }
        let term = try #require(try ANOVA.repeatedMeasures(data, design: ANOVADesign(within: ["X"])).term("X"))
        let sphericity = try #require(term.sphericity)
        #expect(Support.matches(sphericity.epsilonLB, "0.50"))
        #expect(Support.matches(sphericity.epsilonGG, "0.56"))
        #expect(Support.matches(sphericity.epsilonHF, "0.62"))
        #expect(Support.matches(sphericity.mauchlyW, "0.21"))
        #expect(Support.matches(sphericity.chiSquare, "4.677"))
        #expect(sphericity.df == 2)
        #expect(Support.matches(sphericity.p, "0.096"))
    }
}
