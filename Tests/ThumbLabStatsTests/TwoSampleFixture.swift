import Foundation
import Testing

@testable import ThumbLabStats

/// The reference results written by `Fixtures/gen_two_sample.py` (scipy, pingouin and numpy).
struct TwoSampleFixture: Decodable, Sendable {
    struct TTest: Decodable, Sendable {
        let t: Double
        let df: Double
        let p: Double
        let estimate: Double
        let ci_low: Double?
        let ci_high: Double?
    }

    struct ZP: Decodable, Sendable {
        let z: Double?
        let p: Double
    }

    struct SignedRank: Decodable, Sendable {
        let w_plus: Double
        let w_minus: Double
        let n_used: Int
        let normal_cc: ZP
        let normal: ZP
        let exact: ZP?
        let exact_rounded: ZP?
        let permutation: ZP?
        let rank_biserial: Double
        let rank_biserial_ci: [Double]?
    }

    struct Wilcoxon: Decodable, Sendable {
        let zeros: Int
        let wilcox: SignedRank
        let pratt: SignedRank
    }

    struct PairedEffects: Decodable, Sendable {
        let d_z: Double
        let g_z: Double
        let d_z_ci_noncentral: [Double]
        let g_z_ci_noncentral: [Double]
        let d_z_ci_normal: [Double]
        let d_av: Double
        let d_av_pingouin: Double
        let g_av_pingouin: Double
    }

    struct PairedCase: Decodable, Sendable, CustomTestStringConvertible {
        let id: String
        let x: [Double]
        let y: [Double]
        let alternative: String
        let level: Double
        let mu: Double
        let one_sample_t: TTest
        let paired_t: TTest
        let wilcoxon: Wilcoxon
        let effect_sizes: PairedEffects
        var testDescription: String { "\(id) (n = \(x.count), \(alternative))" }
    }

    struct RankSum: Decodable, Sendable {
        let u: Double
        let ties: Bool
        let normal_cc: ZP
        let normal: ZP
        let exact: ZP?
        let cles: Double
        let rank_biserial: Double
        let rank_biserial_ci: [Double]?
    }

    struct IndependentEffects: Decodable, Sendable {
        let cohen_d: Double
        let hedges_g: Double
        let cohen_d_pingouin: Double
        let hedges_g_pingouin: Double
        let cohen_d_ci_noncentral: [Double]
        let hedges_g_ci_noncentral: [Double]
        let cohen_d_ci_normal: [Double]
        let hedges_g_ci_normal: [Double]
    }

    struct IndependentCase: Decodable, Sendable, CustomTestStringConvertible {
        let id: String
        let x: [Double]
        let y: [Double]
        let alternative: String
        let level: Double
        let student_t: TTest
        let welch_t: TTest
        let mann_whitney: RankSum
        let effect_sizes: IndependentEffects
        var testDescription: String { "\(id) (m = \(x.count), n = \(y.count), \(alternative))" }
    }

    struct ShapiroCase: Decodable, Sendable, CustomTestStringConvertible {
        let id: String
        let x: [Double]
        let w: Double
        let p: Double
        var testDescription: String { id }
    }

    let paired: [PairedCase]
    let independent: [IndependentCase]
    let shapiro_wilk: [ShapiroCase]

    /// The fixture, or an empty one if it cannot be read (``TwoSampleFixtureTests`` then fails).
    static let shared: TwoSampleFixture =
        (try? load()) ?? TwoSampleFixture(paired: [], independent: [], shapiro_wilk: [])

    static func load() throws -> TwoSampleFixture {
        guard let url = Bundle.module.url(forResource: "two_sample", withExtension: "json", subdirectory: "Fixtures")
        else {
            throw StatsError(.invalidArgument, "Fixtures/two_sample.json is missing from the test bundle")
        }
        return try JSONDecoder().decode(TwoSampleFixture.self, from: Data(contentsOf: url))
    }
}

extension Alternative {
    /// The alternative named as scipy names it.
    init(scipy name: String) {
        switch name {
        case "less": self = .less
        case "greater": self = .greater
        default: self = .twoSided
        }
    }
}

/// Relative closeness with a tiny absolute floor for values at zero.
func matchesReference(_ actual: Double, _ expected: Double, relative: Double = 1e-6, absolute: Double = 1e-10) -> Bool {
    if actual == expected { return true }
    return abs(actual - expected) <= relative * abs(expected) + absolute
}

/// Closeness of an interval limit to a reference that is nil for an infinite limit.
func matchesReferenceLimit(_ actual: Double, _ expected: Double?, relative: Double = 1e-6) -> Bool {
    guard let expected else { return actual.isInfinite }
    return matchesReference(actual, expected, relative: relative)
}

@Suite struct TwoSampleFixtureTests {
    @Test func fixtureHoldsEnoughCases() throws {
        let fixture = try TwoSampleFixture.load()
        #expect(fixture.paired.count + fixture.independent.count >= 200)
        #expect(fixture.shapiro_wilk.count >= 20)
        let sizes = fixture.paired.map(\.x.count) + fixture.independent.flatMap { [$0.x.count, $0.y.count] }
        #expect(sizes.min()! <= 5)
        #expect(sizes.max()! >= 70)
        #expect(fixture.paired.contains { $0.wilcoxon.zeros > 0 })
        #expect(fixture.independent.contains { $0.mann_whitney.ties })
    }
}
