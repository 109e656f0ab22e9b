import Foundation
import Testing

@testable import ThumbLabStats

/// Which sphericity correction is applied, and how the APA string reports it. Reference
/// figures from pingouin 0.7 (`rm_anova(correction=True)`, `epsilon(correction="hf")`).
@Suite("ANOVA sphericity corrections")
struct ANOVACorrectionTests {
    typealias Support = ANOVATestSupport

    static func oneWay(_ columns: [[Double]]) -> [ANOVAObservation] {
        columns.enumerated().flatMap { level, values in
            values.enumerated().map { ANOVAObservation(subject: "s\($0)", levels: ["X": "x\(level + 1)"], value: $1) }
        }
    }

    /// pingouin's `epsilon` docstring data: Mauchly p = .096, ε_GG = .5588, ε_HF = .6223.
    static let docstring = oneWay([[2.2, 3.1, 4.3, 4.1, 7.2], [1.1, 2.5, 4.1, 5.2, 6.4], [8.2, 4.5, 3.4, 6.2, 7.2]])

    /// Ten subjects whose third level runs against the others: Mauchly p = 6.4e-11.
    static let violated = oneWay([
        [2.1, -2.6, 0.4, -0.7, -0.7, -0.3, -1.9, -0.3, -0.7, 3.3],
        [2.3, -1.9, 0.8, -0.4, -0.2, 0.2, -1.3, 0.0, -0.6, 3.8],
        [-4.9, 5.5, 1.9, 3.3, 2.1, 2.8, -0.6, 3.5, 0.8, -9.0],
    ])

    struct Case: Sendable, CustomTestStringConvertible {
        var correction: SphericityCorrection
        var applied: SphericityCorrection
        var epsilon: Double
        var p: Double
        var apa: String
        var testDescription: String { correction.rawValue }
    }

    @Test(arguments: [
        Case(correction: .none, applied: .none, epsilon: 1, p: 0.178517, apa: "F(2, 8) = 2.15, p = .179, η²G = .203"),
        Case(
            correction: .greenhouseGeisser, applied: .greenhouseGeisser, epsilon: 0.558775, p: 0.211692,
            apa: "F(1.12, 4.47) = 2.15, p = .212, η²G = .203"),
        Case(
            correction: .huynhFeldt, applied: .huynhFeldt, epsilon: 0.6223448, p: 0.2068035,
            apa: "F(1.24, 4.98) = 2.15, p = .207, η²G = .203"),
        Case(correction: .auto, applied: .none, epsilon: 1, p: 0.178517, apa: "F(2, 8) = 2.15, p = .179, η²G = .203"),
    ])
    func correctionIsAppliedAsRequested(_ expected: Case) throws {
        let result = try ANOVA.repeatedMeasures(
            Self.docstring, design: ANOVADesign(within: ["X"]), correction: expected.correction)
        #expect(result.correction == expected.correction)
        let term = try #require(result.term("X"))
        #expect(term.correction == expected.applied)
        #expect(Support.close(term.epsilon, expected.epsilon, relative: 1e-5))
        #expect(Support.close(term.correctedP, expected.p, relative: 1e-5))
        #expect(Support.close(term.p, 0.178517, relative: 1e-5), "the uncorrected p stays in p")
        #expect(term.apa == expected.apa)
    }

    @Test func autoCorrectsWhenMauchlyRejects() throws {
        let result = try ANOVA.repeatedMeasures(Self.violated, design: ANOVADesign(within: ["X"]), correction: .auto)
        let term = try #require(result.term("X"))
        let sphericity = try #require(term.sphericity)
        #expect(Support.close(sphericity.mauchlyW, 0.002833, relative: 1e-3))
        #expect(Support.close(sphericity.p, 6.440101e-11, relative: 1e-5))
        #expect(term.correction == .greenhouseGeisser)
        #expect(Support.close(term.epsilon, 0.500709, relative: 1e-5))
        #expect(Support.close(term.correctedP, 0.758274, relative: 1e-5))
        #expect(term.apa == "F(1.00, 9.01) = 0.10, p = .758, η²G = .010")
    }

    @Test func termsWithOneDegreeOfFreedomAreNeverCorrected() throws {
        let twoLevels = Self.oneWay([[2.2, 3.1, 4.3, 4.1, 7.2], [1.1, 2.5, 4.1, 5.2, 6.4]])
        let term = try #require(
            try ANOVA.repeatedMeasures(twoLevels, design: ANOVADesign(within: ["X"]), correction: .greenhouseGeisser)
                .term("X"))
        #expect(term.sphericity == nil && term.correction == .none && term.epsilon == 1)
        #expect(term.apa.hasPrefix("F(1, 4) = "))
    }

    @Test func singularResidualsGiveMauchlyZero() throws {
        // Three subjects, four levels: the 3 × 3 residual SSP has rank 2.
        let data = Self.oneWay([[1, 2, 4], [2, 2, 5], [3, 5, 4], [4, 3, 7]])
        let term = try #require(try ANOVA.repeatedMeasures(data, design: ANOVADesign(within: ["X"])).term("X"))
        let sphericity = try #require(term.sphericity)
        #expect(sphericity.mauchlyW == 0 && sphericity.p == 0)
        #expect(sphericity.epsilonGG > 1.0 / 3 && sphericity.epsilonGG <= 1)
        #expect(!term.f.isNaN && !term.p.isNaN && !sphericity.pGG.isNaN && !sphericity.pHF.isNaN)
    }
}
