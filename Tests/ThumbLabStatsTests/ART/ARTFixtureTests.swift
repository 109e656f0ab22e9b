import Foundation
import Testing

@testable import ThumbLabStats

/// Random unbalanced between, two-way within and mixed designs from `Fixtures/gen_art.py`:
/// the ANOVA of each effect's aligned ranks against statsmodels (type III, sum-to-zero) and
/// pingouin, at 1e-6 relative.
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

    struct Case: Decodable, Sendable {
        let kind: String
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
        let result = try alignedRankTransformANOVA(
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
}
