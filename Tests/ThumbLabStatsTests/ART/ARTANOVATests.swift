import Foundation
import Testing

@testable import ThumbLabStats

/// ART ANOVA results pinned by ARTool's tests (EXPECTED.md §2.1): F, df, error df, p.
@Suite struct ARTANOVATests {
    struct Expected: CustomTestStringConvertible, Sendable {
        let data: ARToolData.Set
        let term: String
        let f: String
        let df: Double
        let errorDF: Double
        let p: String?
        var testDescription: String { "\(data.file) \(term)" }
    }

    static let expected: [Expected] = [
        .init(data: ARToolData.higgins5, term: "Moisture", f: "23.8326", df: 3, errorDF: 8, p: "0.00024199"),
        .init(data: ARToolData.higgins5, term: "Fertilizer", f: "122.4017", df: 3, errorDF: 24, p: "1.1124e-14"),
        .init(data: ARToolData.higgins5, term: "Moisture:Fertilizer", f: "5.1180", df: 9, errorDF: 24, p: "0.00064665"),
        .init(data: ARToolData.higgins1, term: "Row", f: "29.9925", df: 2, errorDF: 27, p: "1.3833e-07"),
        .init(data: ARToolData.higgins1, term: "Column", f: "77.8668", df: 2, errorDF: 27, p: "6.1498e-12"),
        .init(data: ARToolData.higgins1, term: "Row:Column", f: "0.6417", df: 4, errorDF: 27, p: "0.63742"),
        .init(data: ARToolData.higginsABC, term: "A", f: "120.4706", df: 1, errorDF: 4, p: "0.00039150"),
        .init(data: ARToolData.higginsABC, term: "B", f: "120.4706", df: 1, errorDF: 4, p: "0.00039150"),
        .init(data: ARToolData.higginsABC, term: "C", f: "14.3217", df: 1, errorDF: 4, p: "0.019362"),
        .init(data: ARToolData.higginsABC, term: "A:B", f: "81.92", df: 1, errorDF: 4, p: "0.00082571"),
        .init(data: ARToolData.higginsABC, term: "A:C", f: "0.12587", df: 1, errorDF: 4, p: "0.74066"),
        .init(data: ARToolData.higginsABC, term: "B:C", f: "0.23188", df: 1, errorDF: 4, p: "0.65529"),
        .init(data: ARToolData.higginsABC, term: "A:B:C", f: "0.97154", df: 1, errorDF: 4, p: "0.38010"),
        .init(data: ARToolData.elkinAB, term: "A", f: "379.050", df: 1, errorDF: 7, p: "2.3529e-07"),
        .init(data: ARToolData.elkinAB, term: "B", f: "24.155", df: 1, errorDF: 7, p: "0.0017239"),
        .init(data: ARToolData.elkinAB, term: "A:B", f: "29.319", df: 1, errorDF: 7, p: "0.00099274"),
        .init(data: ARToolData.elkinABC, term: "A", f: "273.521", df: 1, errorDF: 7, p: nil),
        .init(data: ARToolData.elkinABC, term: "B", f: "26.415", df: 1, errorDF: 7, p: nil),
        .init(data: ARToolData.elkinABC, term: "C", f: "41.491", df: 1, errorDF: 7, p: nil),
        .init(data: ARToolData.elkinABC, term: "A:B", f: "27.350", df: 1, errorDF: 7, p: nil),
        .init(data: ARToolData.elkinABC, term: "A:C", f: "10.358", df: 1, errorDF: 7, p: "0.0147"),
        .init(data: ARToolData.elkinABC, term: "B:C", f: "45.195", df: 1, errorDF: 7, p: nil),
        .init(data: ARToolData.elkinABC, term: "A:B:C", f: "47.038", df: 1, errorDF: 7, p: "0.00024"),
    ]

    @Test(arguments: expected)
    func matchesARTool(_ expected: Expected) throws {
        let data = try expected.data.observations()
        let result = try ART.anova(data, design: expected.data.design)
        let term = try #require(result.term(expected.term))
        #expect(matchesPrinted(term.f, expected.f), "F = \(term.f), expected \(expected.f)")
        #expect(term.df == expected.df)
        #expect(term.errorDF == expected.errorDF)
        if let p = expected.p {
            #expect(matchesPrinted(term.p, p), "p = \(term.p), expected \(p)")
        }
        #expect(term.apa.hasPrefix("F(\(APA.df(expected.df)), \(APA.df(expected.errorDF))) = "))
        #expect(result.note == ARTNote.typeIError)
    }

    /// The APA string carries F with its df, p and partial eta squared on the ranks
    /// (η²p = F·df / (F·df + df_error) = 71.498 / 79.498 for Moisture).
    @Test func apaStringAndPartialEtaSquared() throws {
        let data = try ARToolData.higgins5.observations()
        let result = try ART.anova(data, design: ARToolData.higgins5.design)
        let moisture = try #require(result.term("Moisture"))
        #expect(isClose(moisture.pes, moisture.f * 3 / (moisture.f * 3 + 8), relative: 1e-10))
        #expect(moisture.apa == "F(3, 8) = 23.83, p < .001, η²p = .899")
        #expect(result.subjectsUsed == 12)
        #expect(result.subjectsDropped.isEmpty)
        #expect(result.terms.map(\.name) == ["Moisture", "Fertilizer", "Moisture:Fertilizer"])
    }

    /// ARTool's `test.art.R`: one fixed effect, y = 1…20, a alternating 1, 2 → F = 0.13636…;
    /// y = ten 1s then ten 2s with the same a → F = 0.
    @Test func singleFactorModelsFromARToolTests() throws {
        func observations(_ values: [Double]) -> [ANOVAObservation] {
            values.indices.map {
                ANOVAObservation(subject: "r\($0)", levels: ["a": "\($0 % 2 + 1)"], value: values[$0])
            }
        }
        let design = ANOVADesign(between: ["a"])
        let rising = try ART.anova(observations((1...20).map(Double.init)), design: design)
        #expect(isClose(try #require(rising.term("a")).f, 0.13636363636363636, relative: 1e-9))
        #expect(rising.diagnostics.otherEffects.allSatisfy { $0.f.isEmpty })
        let steps = try ART.anova(observations((0..<20).map { $0 < 10 ? 1 : 2 }), design: design)
        #expect(abs(try #require(steps.term("a")).f) < 1e-12)
    }

    static let allSets = [
        ARToolData.higgins5, ARToolData.higgins1, ARToolData.higginsABC, ARToolData.elkinAB, ARToolData.elkinABC,
    ]

    /// ARTool's `summary.art`: aligned responses sum to ≈ 0 and effects not of interest have
    /// F ≈ 0 on each aligned response.
    @Test(arguments: allSets)
    func alignmentDiagnosticsPass(_ set: ARToolData.Set) throws {
        let data = try set.observations()
        let result = try ART.anova(data, design: set.design)
        #expect(result.diagnostics.passed)
        #expect(result.diagnostics.alignedColumnSums.allSatisfy { abs($0) < 1e-9 })
        let effectCount = result.terms.count
        #expect(result.diagnostics.otherEffects.count == effectCount)
        for other in result.diagnostics.otherEffects {
            #expect(other.f.count == effectCount - 1)
            #expect(other.f.allSatisfy { abs($0.f) < 1e-8 }, "\(other.alignedFor): \(other.f)")
        }
    }

    /// The check must fail when the alignment does not remove the other effects: in strongly
    /// unbalanced between-subjects data, alignment by raw marginal means leaves a trace of
    /// the other effects that the type III ANOVA of the aligned responses reports.
    @Test func diagnosticsDetectAnEffectNotRemoved() throws {
        var data: [ANOVAObservation] = []
        let cells: [(String, String, [Double])] = [
            ("a1", "b1", [1, 2, 3, 4, 5, 6, 7]), ("a1", "b2", [10]),
            ("a2", "b1", [3, 9]), ("a2", "b2", [4, 8, 30, 1, 2]),
        ]
        for (a, b, values) in cells {
            for value in values {
                data.append(ANOVAObservation(subject: "s\(data.count)", levels: ["A": a, "B": b], value: value))
            }
        }
        let result = try ART.anova(data, design: ANOVADesign(between: ["A", "B"]))
        #expect(!result.diagnostics.passed)
    }

    @Test func rejectsASubjectInTwoBetweenGroups() {
        let data = [
            ANOVAObservation(subject: "s1", levels: ["G": "g1", "W": "w1"], value: 1),
            ANOVAObservation(subject: "s1", levels: ["G": "g2", "W": "w2"], value: 2),
            ANOVAObservation(subject: "s2", levels: ["G": "g2", "W": "w1"], value: 3),
            ANOVAObservation(subject: "s2", levels: ["G": "g2", "W": "w2"], value: 4),
        ]
        let error = #expect(throws: StatsError.self) {
            try ART.anova(data, design: ANOVADesign(between: ["G"], within: ["W"]))
        }
        #expect(error?.kind == .invalidDesign)
        #expect(error?.message.contains("s1") == true)
    }

    @Test func rejectsARepeatedWithinCell() {
        let data = [
            ANOVAObservation(subject: "s1", levels: ["W": "w1"], value: 1),
            ANOVAObservation(subject: "s1", levels: ["W": "w1"], value: 2),
            ANOVAObservation(subject: "s1", levels: ["W": "w2"], value: 3),
        ]
        #expect(throws: StatsError.self) { try ART.anova(data, design: ANOVADesign(within: ["W"])) }
    }

    @Test func dropsSubjectsWithAnEmptyWithinCell() throws {
        var data = try ARToolData.elkinAB.observations()
        data.removeAll { $0.subject == "s3" && $0.levels["A"] == "A2" && $0.levels["B"] == "B1" }
        let result = try ART.anova(data, design: ARToolData.elkinAB.design)
        #expect(result.subjectsDropped == ["s3"])
        #expect(result.subjectsUsed == 7)
        #expect(result.term("A")?.errorDF == 6)
    }

    /// One observation per cell leaves no error df: the ANOVA of the ranks cannot be computed.
    @Test func rejectsADesignWithoutErrorDegreesOfFreedom() {
        let data = [("a1", "b1", 1.0), ("a1", "b2", 4), ("a2", "b1", 2), ("a2", "b2", 3)].enumerated().map {
            ANOVAObservation(
                subject: "r\($0.offset)", levels: ["A": $0.element.0, "B": $0.element.1], value: $0.element.2)
        }
        #expect(throws: StatsError.self) {
            try ART.anova(data, design: ANOVADesign(between: ["A", "B"]))
        }
    }

    @Test func rejectsAnEmptyBetweenCell() {
        let data = [("a1", "b1"), ("a1", "b1"), ("a1", "b2"), ("a1", "b2"), ("a2", "b1"), ("a2", "b1")].enumerated().map
        {
            ANOVAObservation(
                subject: "r\($0.offset)", levels: ["A": $0.element.0, "B": $0.element.1], value: Double($0.offset))
        }
        let error = #expect(throws: StatsError.self) {
            try ART.anova(data, design: ANOVADesign(between: ["A", "B"]))
        }
        #expect(error?.kind == .invalidDesign)
        #expect(error?.message.contains("A=a2, B=b2") == true)
    }
}
