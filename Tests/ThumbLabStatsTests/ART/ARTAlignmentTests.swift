import Foundation
import Testing

@testable import ThumbLabStats

/// The aligned and ranked columns ARTool ships for its reference data sets
/// (`*.art.csv`, EXPECTED.md §2.1).
@Suite struct ARTAlignmentTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let file: String
        let factors: [String]
        let response: String
        var testDescription: String { file }
    }

    static let cases = [
        Case(file: "Higgins1990Table5", factors: ["Moisture", "Fertilizer"], response: "DryMatter"),
        Case(file: "Higgins1990Table1", factors: ["Row", "Column"], response: "Response"),
        Case(file: "HigginsABC", factors: ["A", "B", "C"], response: "Y"),
    ]

    @Test(arguments: cases)
    func matchesARToolAlignedAndRankedColumns(_ reference: Case) throws {
        let table = try NonparametricFixtures.table("artool/\(reference.file).art.csv")
        let alignment = try ARTAlignment(
            values: table.numbers(reference.response), levels: table.levels(reference.factors),
            factors: reference.factors)
        #expect(alignment.effects.count == (1 << reference.factors.count) - 1)
        for effect in alignment.effects {
            let suffix = "\(reference.response)..for.\(effect.factors.joined(separator: "."))"
            let aligned = try table.numbers("aligned.\(suffix)")
            let ranks = try table.numbers("ART.\(suffix)")
            for row in aligned.indices {
                #expect(abs(effect.aligned[row] - aligned[row]) < 1e-9, "\(effect.name) aligned row \(row + 1)")
            }
            #expect(effect.ranks == ranks, "\(effect.name) ranks")
            #expect(abs(effect.alignedSum) < 1e-9)
        }
    }

    /// EXPECTED.md's gotcha: two aligned Column values of Higgins1990Table1 are equal in
    /// exact arithmetic (−1.158333…) and must share a rank; depending on the order of the
    /// floating-point sums they may differ in the last bits, which rounding to 8 decimals
    /// before ranking absorbs.
    @Test func valuesEqualInExactArithmeticShareARank() throws {
        let table = try NonparametricFixtures.table("artool/Higgins1990Table1.art.csv")
        let alignment = try ARTAlignment(
            values: table.numbers("Response"), levels: table.levels(["Row", "Column"]), factors: ["Row", "Column"])
        let column = try #require(alignment.effect(named: "Column"))
        let tied = column.aligned.indices.filter { abs(column.aligned[$0] + 1.158333333) < 1e-6 }
        #expect(tied.count == 2)
        #expect(tied.map { column.ranks[$0] } == [11.5, 11.5])
        let x = -1.1583333333333333
        let perturbed = [x, x.nextDown.nextDown, 0.5]
        #expect(RankingSupport.ranks(perturbed) == [2, 1, 3])
        #expect(RankingSupport.ranks(perturbed.map { RankingSupport.rounded($0, digits: 8) }) == [1.5, 1.5, 3])
    }

    @Test func effectsAreListedByOrderThenDesignOrder() throws {
        let levels: [[String: String]] = (0..<8).map {
            ["A": "a\($0 & 1)", "B": "b\(($0 >> 1) & 1)", "C": "c\(($0 >> 2) & 1)"]
        }
        let alignment = try ARTAlignment(
            values: (0..<8).map { Double($0 * $0) }, levels: levels, factors: ["A", "B", "C"])
        #expect(alignment.effects.map(\.name) == ["A", "B", "C", "A:B", "A:C", "B:C", "A:B:C"])
    }

    @Test func rejectsAnEmptyCell() {
        let levels: [[String: String]] = [["A": "a1", "B": "b1"], ["A": "a1", "B": "b2"], ["A": "a2", "B": "b1"]]
        #expect(throws: StatsError.self) {
            try ARTAlignment(values: [1, 2, 3], levels: levels, factors: ["A", "B"])
        }
    }

    @Test func rejectsAOneLevelFactor() {
        let levels: [[String: String]] = [["A": "a1"], ["A": "a1"]]
        let error = #expect(throws: StatsError.self) {
            try ARTAlignment(values: [1, 2], levels: levels, factors: ["A"])
        }
        #expect(error?.kind == .invalidDesign)
    }

    @Test func rejectsNonFiniteValues() {
        let levels: [[String: String]] = [["A": "a1"], ["A": "a2"]]
        let error = #expect(throws: StatsError.self) {
            try ARTAlignment(values: [1, .nan], levels: levels, factors: ["A"])
        }
        #expect(error?.kind == .nonFinite)
    }

    @Test func rejectsAMissingLevel() {
        let levels: [[String: String]] = [["A": "a1"], ["B": "a2"]]
        #expect(throws: StatsError.self) { try ARTAlignment(values: [1, 2], levels: levels, factors: ["A"]) }
    }
}

/// The alignment in a balanced four-factor design: each aligned response keeps exactly its
/// own effect and removes every other effect of the factorial model (all orders, including
/// three-way terms that share factors with the effect of interest).
@Suite struct ARTAlignmentFourFactorTests {
    static let factors = ["A", "B", "C", "D"]
    static let sizes = [2, 3, 2, 2]

    /// A balanced design with two replicates per cell and deterministic, irregular values.
    static func design() -> (levels: [[String: String]], values: [Double]) {
        var levels: [[String: String]] = []
        var values: [Double] = []
        var state: UInt64 = 20_260_514
        for a in 0..<2 {
            for b in 0..<3 {
                for c in 0..<2 {
                    for d in 0..<2 {
                        for _ in 0..<2 {
                            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                            levels.append(["A": "a\(a)", "B": "b\(b)", "C": "c\(c)", "D": "d\(d)"])
                            values.append(Double(state >> 40) / 1e4 + Double(a * b) - Double(c * d * b))
                        }
                    }
                }
            }
        }
        return (levels, values)
    }

    /// The estimated effect of `term` at each row: inclusion–exclusion of marginal means.
    static func effect(_ values: [Double], _ levels: [[String: String]], term: [String]) -> [Double] {
        var total = [Double](repeating: 0, count: values.count)
        for mask in 0..<(1 << term.count) {
            let subset = term.indices.filter { mask & (1 << $0) != 0 }.map { term[$0] }
            let sign: Double = (term.count - subset.count) % 2 == 0 ? 1 : -1
            let keys = levels.map { row in subset.map { row[$0]! }.joined(separator: "|") }
            var sums: [String: Double] = [:]
            var counts: [String: Double] = [:]
            for (key, value) in zip(keys, values) {
                sums[key, default: 0] += value
                counts[key, default: 0] += 1
            }
            for row in values.indices { total[row] += sign * sums[keys[row]]! / counts[keys[row]]! }
        }
        return total
    }

    @Test func eachAlignedResponseCarriesOnlyItsOwnEffect() throws {
        let (levels, values) = Self.design()
        let alignment = try ARTAlignment(values: values, levels: levels, factors: Self.factors)
        #expect(alignment.effects.count == 15)
        for effect in alignment.effects {
            for other in alignment.effects {
                let estimated = Self.effect(effect.aligned, levels, term: other.factors)
                if other.name == effect.name {
                    let original = Self.effect(values, levels, term: effect.factors)
                    #expect(
                        zip(estimated, original).allSatisfy { abs($0 - $1) < 1e-9 }, "\(effect.name) keeps its effect")
                } else {
                    #expect(estimated.allSatisfy { abs($0) < 1e-9 }, "\(other.name) removed from \(effect.name)")
                }
            }
        }
    }
}
