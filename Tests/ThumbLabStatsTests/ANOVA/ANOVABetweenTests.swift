import Foundation
import Testing

@testable import ThumbLabStats

/// Between-subjects ANOVA on small data whose sums of squares are computed by hand.
@Suite("Between-subjects ANOVA")
struct ANOVABetweenTests {
    typealias Support = ANOVATestSupport

    static let groups: [(String, [Double])] = [("a", [4, 5, 6]), ("b", [7, 8, 9, 10]), ("c", [1, 2])]

    static var observations: [ANOVAObservation] {
        var row = 0
        return groups.flatMap { group, values in
            values.map { value in
                row += 1
                return ANOVAObservation(subject: "r\(row)", levels: ["G": group], value: value)
            }
        }
    }

    @Test func oneWayMatchesTheTextbookDecomposition() throws {
        // Grand mean 52/9; SS between = Σ n_g (ȳ_g − ȳ)², SS within = 2 + 5 + 0.5.
        let grand = 52.0 / 9
        let parts: [Double] = [3 * pow(5 - grand, 2), 4 * pow(8.5 - grand, 2), 2 * pow(1.5 - grand, 2)]
        let ssBetween = parts.reduce(0, +)
        let result = try ANOVA.repeatedMeasures(Self.observations, design: ANOVADesign(between: ["G"]))
        #expect(result.terms.count == 1 && result.subjectsUsed == 9)
        let term = try #require(result.term("G"))
        #expect(Support.close(term.ss, ssBetween, relative: 1e-12))
        #expect(term.df == 2 && term.errorDF == 6)
        #expect(Support.close(term.errorSS, 7.5, relative: 1e-12))
        #expect(Support.close(term.f, ssBetween / 2 / (7.5 / 6), relative: 1e-12))
        #expect(Support.close(term.ges, ssBetween / (ssBetween + 7.5), relative: 1e-12))
        #expect(term.ges == term.pes)
        #expect(term.sphericity == nil && term.correction == .none)
        #expect(term.apa.hasPrefix("F(2, 6) = 27.22, p < .001"))
    }

    @Test func tukeyUsesTheSameErrorMeanSquare() throws {
        let values = Self.groups.flatMap(\.1)
        let labels = Self.groups.flatMap { group, values in Array(repeating: group, count: values.count) }
        let tukey = try ANOVA.tukeyHSD(values: values, groups: labels)
        let anova = try #require(
            try ANOVA.repeatedMeasures(Self.observations, design: ANOVADesign(between: ["G"])).term("G"))
        #expect(Support.close(tukey.meanSquareError, anova.errorSS / anova.errorDF, relative: 1e-12))
        #expect(tukey.groups == ["a", "b", "c"] && tukey.counts == [3, 4, 2])
        let ab = try #require(tukey.comparison("b", "a"))
        #expect(ab.a == "a" && Support.close(ab.difference, -3.5, relative: 1e-12))
        let expectedSE: Double = (1.25 / 2 * (1.0 / 3 + 1.0 / 4)).squareRoot()
        #expect(Support.close(ab.standardError, expectedSE, relative: 1e-12))
        #expect(ab.ciLow < ab.difference && ab.difference < ab.ciHigh)
    }

    @Test func tukeyRejectsBadInput() {
        let cases: [(values: [Double], groups: [String], kind: StatsError.Kind)] = [
            ([1, 2, 3], ["a", "b"], .lengthMismatch),
            ([1, .nan, 3, 4], ["a", "a", "b", "b"], .nonFinite),
            ([1, 2, 3], ["a", "a", "a"], .invalidDesign),
            ([1, 2], ["a", "b"], .tooFewObservations),
            ([1, 1, 3, 3], ["a", "a", "b", "b"], .constantData),
        ]
        for testCase in cases {
            do {
                _ = try ANOVA.tukeyHSD(values: testCase.values, groups: testCase.groups)
                Issue.record("expected a \(testCase.kind) error for \(testCase.values) \(testCase.groups)")
            } catch let error as StatsError {
                #expect(error.kind == testCase.kind, "\(testCase.values) \(testCase.groups): \(error.message)")
            } catch {
                Issue.record("unexpected error \(error)")
            }
        }
        #expect(throws: StatsError.self) {
            try ANOVA.tukeyHSD(values: [1, 2, 3, 5], groups: ["a", "a", "b", "b"], confidenceLevel: 1)
        }
    }
}
