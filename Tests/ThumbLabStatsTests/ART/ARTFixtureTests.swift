import Foundation
import Testing

@testable import ThumbLabStats

/// Random unbalanced between, two-way within and mixed designs from `Fixtures/gen_art.py`:
/// the ANOVA of each effect's aligned ranks against statsmodels (type III, sum-to-zero) and
/// pingouin, and for the between designs the ART-C contrasts of "A" and "A:B" against
/// statsmodels' cell-means model, at 1e-6 relative; for the within and mixed designs the
/// ART-C t-ratios against statsmodels' REML fit of the subject random intercept, at 1e-6
/// relative (its optimizer run with tight tolerances).
@Suite struct ARTFixtureTests {
    struct Row: Decodable, Sendable {
        let subject: String
        let levels: [String: String]
        let y: Double
    }

    struct Term: Decodable, Sendable {
        let term: String
        let f: Double
        let df: Double
        let error_df: Double
        let p: Double
    }

    struct Contrast: Decodable, Sendable {
        let a: String
        let b: String
        let estimate: Double
        let t: Double
        let df: Double
        let p: Double
        let p_holm: Double
    }

    struct InterceptContrast: Decodable, Sendable {
        let a: String
        let b: String
        let estimate: Double
        let t: Double
    }

    struct Case: Decodable, Sendable {
        let kind: String
        let contrasts: [String: [Contrast]]?
        let intercept_contrasts: [String: [InterceptContrast]]?
        let between: [String]
        let within: [String]
        let rows: [Row]
        let terms: [Term]
    }

    struct File: Decodable {
        let cases: [Case]
    }

    static let cases: [Case] = (try? NumericFixtures.load("art", as: File.self).cases) ?? []

    @Test func fixtureCoversEveryKindOfDesign() {
        #expect(Set(Self.cases.map(\.kind)) == ["between", "within", "mixed"])
        #expect(Self.cases.count >= 20)
    }

    @Test(arguments: Self.cases.indices)
    func matchesReference(_ index: Int) throws {
        let reference = Self.cases[index]
        let data = reference.rows.map { ANOVAObservation(subject: $0.subject, levels: $0.levels, value: $0.y) }
        let result = try ART.anova(
            data, design: ANOVADesign(between: reference.between, within: reference.within))
        #expect(result.terms.count == reference.terms.count)
        for expected in reference.terms {
            let term = try #require(result.term(expected.term), "no term \(expected.term)")
            #expect(isClose(term.f, expected.f, absolute: 1e-10), "\(reference.kind) \(expected.term) F")
            #expect(term.df == expected.df)
            #expect(term.errorDF == expected.error_df)
            #expect(isClose(term.p, expected.p), "\(reference.kind) \(expected.term) p")
        }
        if reference.kind == "between" {
            #expect(result.diagnostics.alignedColumnSums.allSatisfy { abs($0) < 1e-8 })
        } else {
            #expect(result.diagnostics.passed)
        }
    }

    @Test(arguments: Self.cases.indices.filter { Self.cases[$0].contrasts != nil })
    func artCMatchesReference(_ index: Int) throws {
        let reference = Self.cases[index]
        let data = reference.rows.map { ANOVAObservation(subject: $0.subject, levels: $0.levels, value: $0.y) }
        let design = ANOVADesign(between: reference.between, within: reference.within)
        for (term, expected) in try #require(reference.contrasts) {
            let result = try ART.contrasts(data, design: design, term: term)
            #expect(result.contrasts.count == expected.count)
            for (contrast, reference) in zip(result.contrasts, expected) {
                #expect(contrast.a == reference.a && contrast.b == reference.b)
                #expect(
                    isClose(contrast.estimate, reference.estimate, absolute: 1e-10),
                    "\(term) \(contrast.a)-\(contrast.b)")
                #expect(isClose(contrast.t, reference.t, absolute: 1e-10), "\(term) \(contrast.a)-\(contrast.b) t")
                #expect(contrast.df == reference.df)
                #expect(isClose(contrast.p, reference.p), "\(term) \(contrast.a)-\(contrast.b) p")
                #expect(isClose(contrast.pAdjusted, reference.p_holm), "\(term) \(contrast.a)-\(contrast.b) Holm")
            }
        }
    }

    @Test(arguments: Self.cases.indices.filter { Self.cases[$0].intercept_contrasts != nil })
    func artCWithSubjectInterceptMatchesREML(_ index: Int) throws {
        let reference = Self.cases[index]
        let data = reference.rows.map { ANOVAObservation(subject: $0.subject, levels: $0.levels, value: $0.y) }
        let design = ANOVADesign(between: reference.between, within: reference.within)
        for (term, expected) in try #require(reference.intercept_contrasts) {
            let result = try ART.contrasts(data, design: design, term: term, model: .subjectIntercept)
            #expect(result.contrasts.count == expected.count)
            for (contrast, reference) in zip(result.contrasts, expected) {
                let label = "\(term) \(contrast.a)-\(contrast.b)"
                #expect(contrast.a == reference.a && contrast.b == reference.b)
                #expect(isClose(contrast.estimate, reference.estimate, relative: 1e-9, absolute: 1e-9), "\(label)")
                #expect(isClose(contrast.t, reference.t, relative: 1e-6, absolute: 1e-8), "\(label) t")
            }
        }
    }
}
