import Foundation
import Testing

@testable import ThumbLabStats

/// Kenward-Roger F tests against `anova(m, ddf = "Kenward-Roger")` (lmerTest over pbkrtest)
/// for the REML fits of `gen_mixed_models.R`, and of `gen_kenward_roger.R` (up to 1,536 trials,
/// 96 per participant; unbalanced, with correlated random slopes of a 3-level factor and of a
/// covariate). The goal is 1e-4; measured: ddf within 2e-8, F and p within 3e-6 (lmerTest's
/// hypotheses carry ~1e-7 of ginv/zapsmall noise), so the test holds ddf to 1e-6 and F and p
/// to 1e-5.
@Suite("Kenward-Roger df against pbkrtest")
struct KenwardRogerFixtureTests {
    static var cases: [MixedModelCase] {
        (MixedModelCase.linear + MixedModelCase.kenwardRoger).filter { !($0.expected.anovaKR?.isEmpty ?? true) }
    }

    @Test func largerDesignsAreChecked() {
        #expect(MixedModelCase.kenwardRoger.count == 4)
    }

    @Test(arguments: cases)
    func matchesPbkrtest(_ reference: MixedModelCase) throws {
        let fit = try MixedModel.linear(reference.observations, model: reference.specification)
        let expected = try #require(reference.expected.anovaKR)
        let terms = try fit.kenwardRogerTerms()
        #expect(terms.map(\.name) == reference.expected.anova.term.values)
        for (index, term) in terms.enumerated() {
            let label = "\(reference.name) \(term.name)"
            #expect(
                relativeError(term.f, expected.f.values[index]) < 1e-5,
                "\(label) F \(term.f) vs \(expected.f.values[index])")
            #expect(
                relativeError(term.denominatorDF, expected.dendf.values[index]) < 1e-6,
                "\(label) ddf \(term.denominatorDF) vs \(expected.dendf.values[index])")
            #expect(
                relativeError(term.p, expected.p.values[index]) < 1e-5,
                "\(label) p \(term.p) vs \(expected.p.values[index])")
        }
    }

    @Test func mlFitsAreRefused() throws {
        let reference = try #require(MixedModelCase.linear.first)
        let fit = try MixedModel.linear(reference.observations, model: reference.specification, estimation: .ml)
        #expect(throws: StatsError.self) { try fit.kenwardRogerTerms() }
    }
}
