import Foundation
import Testing

@testable import ThumbLabStats

/// ART-C t-ratios pinned by ARTool's `test.art.con.R` ("same result as ARTool.exe + JMP")
/// and EXPECTED.md §2.1, for both error models.
@Suite struct ARTContrastTests {
    /// ART-C on a reference data set.
    static func contrasts(
        _ set: ARToolData.Set, term: String, adjustment: ContrastAdjustment = .method(.holm),
        model: ARTContrastModel = .subjectIntercept
    ) throws -> ARTContrastResult {
        let data = try set.observations()
        return try ART.contrasts(data, design: set.design, term: term, adjustment: adjustment, model: model)
    }

    struct Expected: CustomTestStringConvertible, Sendable {
        let data: ARToolData.Set
        let term: String
        let model: ARTContrastModel
        /// Contrast "a - b" → t ratio.
        let t: [(String, Double)]
        var testDescription: String { "\(data.file) \(term) \(model)" }
    }

    static let expected: [Expected] = [
        .init(
            data: ARToolData.higgins5, term: "Moisture", model: .subjectIntercept,
            t: [
                ("m1 - m2", -5.606839446), ("m1 - m3", -8.197725544), ("m1 - m4", -3.68391617),
                ("m2 - m3", -2.590886098), ("m2 - m4", 1.9229232756), ("m3 - m4", 4.5138093733),
            ]),
        .init(
            data: ARToolData.higgins5, term: "Moisture", model: .fixedEffectsOnly,
            t: [
                ("m1 - m2", -7.400493839), ("m1 - m3", -10.82021662), ("m1 - m4", -4.862418335),
                ("m2 - m3", -3.419722785), ("m2 - m4", 2.5380755044), ("m3 - m4", 5.9577982894),
            ]),
        .init(
            data: ARToolData.higgins5, term: "Moisture:Fertilizer", model: .subjectIntercept,
            t: [("m1,f1 - m1,f2", -1.107980814), ("m1,f1 - m2,f1", -3.036288461), ("m1,f1 - m2,f2", -5.007904345)]),
        .init(
            data: ARToolData.higgins5, term: "Moisture:Fertilizer", model: .fixedEffectsOnly,
            t: [("m1,f1 - m1,f2", -0.7886463535), ("m1,f1 - m2,f1", -3.0362884611), ("m1,f1 - m2,f2", -5.0079043449)]),
        .init(
            data: ARToolData.elkinAB, term: "A:B", model: .subjectIntercept,
            t: [
                ("A1,B1 - A1,B2", -0.487275267), ("A1,B1 - A2,B1", -16.40493399), ("A1,B1 - A2,B2", -20.7904114),
                ("A1,B2 - A2,B1", -15.918), ("A1,B2 - A2,B2", -20.303), ("A2,B1 - A2,B2", -4.385),
            ]),
        .init(data: ARToolData.elkinABC, term: "A", model: .subjectIntercept, t: [("A1 - A2", -16.98)]),
        .init(data: ARToolData.elkinABC, term: "A", model: .fixedEffectsOnly, t: [("A1 - A2", -5.772)]),
        .init(
            data: ARToolData.elkinABC, term: "A:B", model: .subjectIntercept,
            t: [("A1,B1 - A1,B2", -0.072115146), ("A1,B1 - A2,B1", -14.74754746), ("A1,B1 - A2,B2", -10.13217808)]),
        .init(
            data: ARToolData.elkinABC, term: "A:B", model: .fixedEffectsOnly,
            t: [("A1,B1 - A1,B2", -0.022614705), ("A1,B1 - A2,B1", -4.6247071), ("A1,B1 - A2,B2", -3.177366003)]),
        .init(
            data: ARToolData.elkinABC, term: "A:B:C", model: .subjectIntercept,
            t: [
                ("A1,B1,C1 - A1,B1,C2", -8.041788515), ("A1,B1,C1 - A1,B2,C2", -8.041788515),
                ("A1,B1,C1 - A2,B2,C2", -7.835588809),
            ]),
        .init(
            data: ARToolData.elkinABC, term: "A:B:C", model: .fixedEffectsOnly,
            t: [
                ("A1,B1,C1 - A1,B1,C2", -2.060574615), ("A1,B1,C1 - A1,B2,C2", -2.060574615),
                ("A1,B1,C1 - A2,B2,C2", -2.007739368),
            ]),
    ]

    @Test(arguments: expected)
    func tRatiosMatchARTool(_ expected: Expected) throws {
        let result = try Self.contrasts(expected.data, term: expected.term, model: expected.model)
        for (label, t) in expected.t {
            let contrast = try #require(result.contrasts.first { "\($0.a) - \($0.b)" == label }, "no contrast \(label)")
            // ARTool's tests compare at relative tolerance 1e-4; values given with at most three
            // decimals are compared to their printed precision.
            let printedDecimals = String(t).split(separator: ".").last?.count ?? 0
            let matches =
                printedDecimals <= 3 ? matchesPrinted(contrast.t, String(t)) : abs(contrast.t - t) <= 1e-4 * abs(t)
            #expect(matches, "\(label): t = \(contrast.t), expected \(t)")
        }
        #expect(result.note == ARTNote.typeIError)
    }

    /// Higgins1990Table5 Moisture with the subject intercept: estimates, SE, df 8, and the
    /// Tukey and Holm p-values of EXPECTED.md §2.1.
    @Test func higginsMoistureEstimatesAndAdjustedP() throws {
        let holm = try Self.contrasts(ARToolData.higgins5, term: "Moisture")
        let tukey = try Self.contrasts(ARToolData.higgins5, term: "Moisture", adjustment: .tukey)
        let estimates = ["-23.08", "-33.75", "-15.17", "-10.67", "7.92", "18.58"]
        let tukeyP = [".0023", ".0002", ".0256", ".1184", ".2915", ".0085"]
        let holmP = [".0025", ".0002", ".0186", ".0641", ".0907", ".0079"]
        #expect(holm.contrasts.count == 6)
        for index in holm.contrasts.indices {
            let contrast = holm.contrasts[index]
            #expect(matchesPrinted(contrast.estimate, estimates[index]), "estimate \(contrast.estimate)")
            #expect(matchesPrinted(contrast.se, "4.12"), "SE \(contrast.se)")
            #expect(contrast.df == 8)
            #expect(
                matchesPrinted(holm.contrasts[index].pAdjusted, holmP[index]), "Holm \(holm.contrasts[index].pAdjusted)"
            )
            #expect(
                matchesPrinted(tukey.contrasts[index].pAdjusted, tukeyP[index]),
                "Tukey \(tukey.contrasts[index].pAdjusted)")
        }
    }

    /// ElkinAB A:B: SE 0.77 and df 21 for every contrast (EXPECTED.md §2.1).
    @Test func elkinInteractionContrastsUseTheWithinSubjectError() throws {
        let result = try Self.contrasts(ARToolData.elkinAB, term: "A:B")
        #expect(result.levels == ["A1,B1", "A1,B2", "A2,B1", "A2,B2"])
        for contrast in result.contrasts {
            #expect(contrast.df == 21)
            #expect(matchesPrinted(contrast.se, "0.77"))
        }
    }

    @Test func rejectsAnUnknownTerm() throws {
        let data = (0..<4).map { ANOVAObservation(subject: "s\($0)", levels: ["A": "a\($0 % 2)"], value: Double($0)) }
        let error = #expect(throws: StatsError.self) {
            try ART.contrasts(data, design: ANOVADesign(between: ["A"]), term: "B")
        }
        #expect(throws: StatsError.self) {
            try ART.contrasts(data, design: ANOVADesign(between: ["A"]), term: "A:A")
        }
        #expect(error?.kind == .invalidArgument)
    }

    /// A subject without a value in one within cell is removed before aligning, and named.
    @Test func dropsSubjectsWithAnEmptyWithinCell() throws {
        var data = try ARToolData.elkinAB.observations()
        data.removeAll { $0.subject == "s5" && $0.levels["A"] == "A1" && $0.levels["B"] == "B2" }
        let result = try ART.contrasts(data, design: ARToolData.elkinAB.design, term: "A:B")
        #expect(result.subjectsDropped == ["s5"])
        #expect(result.contrasts.allSatisfy { $0.df == 18 })
    }

    /// Between-only data: the lm model, df = N − cells, and SE from the within-cell error.
    @Test func betweenDesignUsesTheLinearModel() throws {
        let a = try Self.contrasts(ARToolData.higgins1, term: "Row", model: .subjectIntercept)
        let b = try Self.contrasts(ARToolData.higgins1, term: "Row", model: .fixedEffectsOnly)
        #expect(a.contrasts.map(\.t) == b.contrasts.map(\.t))
        #expect(a.contrasts.allSatisfy { $0.df == 27 })
    }
}
