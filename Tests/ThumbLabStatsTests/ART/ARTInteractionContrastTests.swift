import Foundation
import Testing

@testable import ThumbLabStats

/// ARTool's `art.con(m, "A:B", interaction = TRUE)` on ElkinAB (EXPECTED.md §2.1).
@Suite struct ARTInteractionContrastTests {
    @Test func elkinDifferenceOfDifferences() throws {
        let data = try ARToolData.elkinAB.observations()
        let contrasts = try ART.interactionContrasts(data, design: ARToolData.elkinAB.design, term: "A:B")
        let contrast = try #require(contrasts.first)
        #expect(contrasts.count == 1)
        #expect(contrast.label == "A1 - A2 × B1 - B2")
        #expect(isClose(contrast.estimate, 8.5, relative: 1e-12))
        #expect(contrast.df == 21)
        #expect(matchesPrinted(contrast.t, "4.050"))
        #expect(matchesPrinted(contrast.p, ".0006"))
    }

    /// A 3 × 2 interaction has 3 × 1 contrasts, each crossing a pair of A with B1 − B2, and
    /// the family-wise adjustment covers all of them.
    @Test func crossesEveryPairOfEachFactor() throws {
        let data = try ARToolData.higgins5.observations()
        let contrasts = try ART.interactionContrasts(
            data, design: ARToolData.higgins5.design, term: "Moisture:Fertilizer", adjust: .bonferroni)
        #expect(contrasts.count == 6 * 6)
        #expect(contrasts.first?.label == "m1 - m2 × f1 - f2")
        for contrast in contrasts {
            #expect(isClose(contrast.pAdjusted, min(1, contrast.p * 36), relative: 1e-12))
            #expect(contrast.df == 24)
        }
    }

    @Test func rejectsAMainEffect() throws {
        let data = (0..<8).map {
            ANOVAObservation(
                subject: "s\($0)", levels: ["A": "a\($0 % 2)", "B": "b\($0 / 4)"], value: Double($0 * 7 % 5))
        }
        let error = #expect(throws: StatsError.self) {
            try ART.interactionContrasts(data, design: ANOVADesign(between: ["A", "B"]), term: "A")
        }
        #expect(error?.kind == .invalidArgument)
    }
}
