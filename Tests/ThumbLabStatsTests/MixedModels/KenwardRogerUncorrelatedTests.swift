import Foundation
import Testing

@testable import ThumbLabStats

/// Kenward-Roger tables of uncorrelated random slopes (lme4's `||`, one variance per column)
/// against pbkrtest on the non-singular designs of `lmm_slopes.json`
/// (`gen_kenward_roger_uncorrelated.R`): only the variances and the residual are covariance
/// parameters, as pbkrtest counts one per random-effect term.
@Suite("Kenward-Roger of uncorrelated random slopes against pbkrtest")
struct KenwardRogerUncorrelatedTests {
    struct Reference: Decodable, Sendable, CustomStringConvertible {
        struct Table: Decodable, Sendable {
            let term: [String]
            let f: [Double]
            let numdf: [Double]
            let dendf: [Double]
            let p: [Double]
        }
        let name: String
        let formula: String
        let kenward_roger: Table
        var description: String { name }
    }

    static let references: [Reference] = {
        (try? NumericFixtures.load("kenward_roger_uncorrelated", as: [Reference].self)) ?? []
    }()

    @Test func everyNonSingularDesignIsChecked() {
        #expect(Self.references.count >= 8)
    }

    @Test(arguments: references)
    func matchesPbkrtest(_ reference: Reference) throws {
        let design = try #require(RandomSlopesCase.all.first { $0.name == reference.name })
        let spec = try #require(design.fits["uncorrelated"]).specification(factors: design.factors.values)
        let fit = try MixedModel.linear(design.observations, model: spec)
        #expect(fit.formula == reference.formula)
        let terms = try fit.kenwardRogerTerms()
        let expected = reference.kenward_roger
        try #require(terms.map(\.name) == expected.term, "\(reference.name): \(terms.map(\.name))")
        for (index, term) in terms.enumerated() {
            func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-4 * max(abs(b), 1e-8) }
            #expect(
                close(term.f, expected.f[index]), "\(reference.name) \(term.name) F \(term.f) vs \(expected.f[index])")
            #expect(term.numeratorDF == expected.numdf[index])
            #expect(
                close(term.denominatorDF, expected.dendf[index]),
                "\(reference.name) \(term.name) df \(term.denominatorDF) vs \(expected.dendf[index])")
            #expect(
                close(term.p, expected.p[index]), "\(reference.name) \(term.name) p \(term.p) vs \(expected.p[index])")
        }
    }
}
