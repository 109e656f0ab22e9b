import Foundation
import Testing

@testable import ThumbLabStats

/// A repeated-measures ANOVA of two subjects: F and the Greenhouse-Geisser figures are
/// defined, the Huynh-Feldt epsilon is 0/0 and reported as undefined (NaN), never +∞
/// (Fixtures/gen_two_subject_anova.py).
@Suite("ANOVA with two subjects")
struct ANOVATwoSubjectTests {
    struct Reference: Decodable {
        let values: [[Double]]
        let f: Double
        let df1: Double
        let df2: Double
        let p: Double
        let epsilonGG: Double
        let pGG: Double
        let hfNumerator: Double
        let hfDenominator: Double
    }

    static func analyse(_ correction: SphericityCorrection) throws -> (Reference, ANOVATerm) {
        let reference = try NumericFixtures.load("two_subject_anova", as: Reference.self)
        let data = reference.values.enumerated().flatMap { subject, row in
            row.enumerated().map { level, value in
                ANOVAObservation(subject: "s\(subject + 1)", levels: ["X": "x\(level + 1)"], value: value)
            }
        }
        let result = try ANOVA.repeatedMeasures(data, design: ANOVADesign(within: ["X"]), correction: correction)
        return (reference, try #require(result.term("X")))
    }

    @Test func huynhFeldtEpsilonIsUndefinedAndTheRestMatches() throws {
        let (reference, term) = try Self.analyse(.auto)
        #expect(reference.hfNumerator == 0 && reference.hfDenominator == 0)
        #expect(isClose(term.f, reference.f, relative: 1e-10))
        #expect(term.df == reference.df1 && term.errorDF == reference.df2)
        #expect(isClose(term.p, reference.p, relative: 1e-10))
        let sphericity = try #require(term.sphericity)
        #expect(isClose(sphericity.epsilonGG, reference.epsilonGG, relative: 1e-10))
        #expect(isClose(sphericity.pGG, reference.pGG, relative: 1e-8))
        #expect(sphericity.epsilonHF.isNaN)
        #expect(sphericity.epsilonHFApplied.isNaN)
        #expect(sphericity.pHF.isNaN)
    }

    @Test func huynhFeldtCorrectionPrintsNotAvailable() throws {
        let (_, term) = try Self.analyse(.huynhFeldt)
        #expect(term.correctedP.isNaN)
        #expect(term.apa == "F(NA, NA) = 12.54, p = NA, η²G = \(APA.unit(term.ges))")
        #expect(!term.apa.contains("inf") && !term.apa.contains("Inf"))
    }

    @Test func greenhouseGeisserCorrectionStaysDefined() throws {
        let (reference, term) = try Self.analyse(.greenhouseGeisser)
        #expect(isClose(term.correctedP, reference.pGG, relative: 1e-8))
        #expect(term.apa.hasPrefix("F(1, 1) = 12.54, p = .175"))
    }
}
