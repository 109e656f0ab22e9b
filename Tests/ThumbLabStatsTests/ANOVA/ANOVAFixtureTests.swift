import Foundation
import Testing

@testable import ThumbLabStats

/// Random designs of `Fixtures/gen_anova.py` compared at 1e-6 relative: one and two within
/// factors and balanced mixed designs against pingouin 0.7; unbalanced between-subjects
/// factorial designs against statsmodels' type III `anova_lm` with sum-to-zero contrasts, and
/// unbalanced mixed designs against per-contrast statsmodels type III fits summed as car does.
@Suite("ANOVA against generated reference designs")
struct ANOVAFixtureTests {
    typealias Support = ANOVATestSupport

    @Test func fixtureCoversTheRequiredDesigns() throws {
        let fixture = try #require(ANOVAFixture.shared, "Fixtures/anova.json is missing or unreadable")
        #expect(fixture.designs.count >= 50)
        let kinds = Set(fixture.designs.map(\.kind))
        #expect(kinds == ["within", "mixed", "between"])
        #expect(fixture.designs.contains { $0.within.count == 2 })
        #expect(fixture.designs.contains { $0.kind == "between" && $0.between.count >= 2 })
    }

    @Test(arguments: ANOVAFixture.shared?.designs ?? [])
    func matchesReference(_ design: ANOVAFixture.Design) throws {
        let result = try ANOVA.repeatedMeasures(
            design.anovaObservations, design: ANOVADesign(between: design.between, within: design.within))
        #expect(result.terms.map(\.name) == design.terms.map(\.name))
        #expect(result.subjectsDropped.isEmpty)
        for (term, expected) in zip(result.terms, design.terms) {
            let pairs: [(String, Double, Double?)] = [
                ("SS", term.ss, expected.ss), ("df", term.df, expected.df), ("F", term.f, expected.f),
                ("p", term.p, expected.p), ("error SS", term.errorSS, expected.errorSS),
                ("error df", term.errorDF, expected.errorDF), ("ges", term.ges, expected.ges),
                ("pes", term.pes, expected.pes),
            ]
            for case (let label, let actual, let reference?) in pairs {
                #expect(Support.close(actual, reference), "\(term.name) \(label): \(actual) vs \(reference)")
            }
            if design.unbalanced != true && design.within.count < 3 { try checkSphericity(term, expected) }
        }
    }

    /// The order of rows and of first appearance of levels does not change any figure.
    @Test(arguments: (ANOVAFixture.shared?.designs ?? []).filter { $0.unbalanced == true })
    func resultIgnoresRowOrder(_ design: ANOVAFixture.Design) throws {
        let anovaDesign = ANOVADesign(between: design.between, within: design.within)
        let forward = try ANOVA.repeatedMeasures(design.anovaObservations, design: anovaDesign)
        var shuffled = design.anovaObservations
        // A fixed permutation: every third row first, then the rest reversed.
        shuffled =
            stride(from: 0, to: shuffled.count, by: 3).map { shuffled[$0] }
            + shuffled.indices.filter { $0 % 3 != 0 }.reversed().map { shuffled[$0] }
        let permuted = try ANOVA.repeatedMeasures(shuffled, design: anovaDesign, correction: .huynhFeldt)
        #expect(forward.terms.map(\.name) == permuted.terms.map(\.name))
        for (a, b) in zip(forward.terms, permuted.terms) {
            #expect(Support.close(a.ss, b.ss, relative: 1e-9) && Support.close(a.f, b.f, relative: 1e-9), "\(a.name)")
            #expect(Support.close(a.ges, b.ges, relative: 1e-9), "\(a.name)")
            if let sa = a.sphericity, let sb = b.sphericity {
                #expect(Support.close(sa.epsilonGG, sb.epsilonGG, relative: 1e-9), "\(a.name)")
                #expect(Support.close(sa.mauchlyW, sb.mauchlyW, relative: 1e-8), "\(a.name)")
            } else {
                #expect(a.sphericity == nil && b.sphericity == nil, "\(a.name)")
            }
        }
    }

    private func checkSphericity(_ term: ANOVATerm, _ expected: ANOVAFixture.ExpectedTerm) throws {
        guard let gg = expected.epsilonGG else {
            #expect(term.sphericity == nil, "\(term.name) should have no sphericity test")
            return
        }
        let sphericity = try #require(term.sphericity, "\(term.name) has no sphericity")
        var pairs: [(String, Double, Double?)] = [
            ("epsilon GG", sphericity.epsilonGG, gg), ("Mauchly W", sphericity.mauchlyW, expected.mauchlyW),
            ("Mauchly p", sphericity.p, expected.mauchlyP), ("p GG", sphericity.pGG, expected.pGG),
            ("chi-square", sphericity.chiSquare, expected.chiSquare),
        ]
        pairs.append(("epsilon HF applied", sphericity.epsilonHFApplied, expected.epsilonHFApplied))
        for case (let label, let actual, let reference?) in pairs {
            #expect(Support.close(actual, reference), "\(term.name) \(label): \(actual) vs \(reference)")
        }
    }
}
