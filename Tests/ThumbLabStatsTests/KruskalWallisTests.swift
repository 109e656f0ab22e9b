import Foundation
import Testing

@testable import ThumbLabStats

/// The Kruskal-Wallis H test on published examples, its report and its errors.
@Suite struct KruskalWallisTests {
    /// R's `?kruskal.test` example (Hollander & Wolfe 1973, p. 116, mucociliary efficiency):
    /// "Kruskal-Wallis chi-squared = 0.77143, df = 2, p-value = 0.68"; scipy.stats.kruskal
    /// gives H = 0.7714285714285722, p = 0.6799647735788936. No ties, so H = 27/35 exactly.
    @Test func hollanderWolfe() throws {
        let normal = [2.9, 3.0, 2.5, 2.6, 3.2]
        let airway = [3.8, 2.7, 4.0, 2.4]
        let asbestosis = [2.8, 3.4, 3.7, 2.2, 2.0]
        let result = try KruskalWallis.test([normal, airway, asbestosis], labels: ["normal", "airway", "asbestosis"])
        #expect(matchesPrinted(result.h, "0.77143"))
        #expect(matchesPrinted(result.p, "0.68"))
        #expect(isClose(result.h, 27.0 / 35.0, relative: 1e-15))
        #expect(isClose(result.p, 0.6799647735788936, relative: 1e-13))
        #expect(result.df == 2)
        #expect(result.n == 14)
        #expect(result.k == 3)
        #expect(result.groups == ["normal", "airway", "asbestosis"])
        #expect(result.counts == [5, 4, 5])
        #expect(result.rankSums == [36, 36, 33])
        #expect(result.meanRanks == [7.2, 9, 6.6])
        #expect(result.tieCorrection == 1)
        #expect(isClose(result.epsilonSquared.value, 27.0 / 35.0 / 13, relative: 1e-15))
        #expect(isClose(try #require(result.etaSquaredH).value, (27.0 / 35.0 - 2) / 11, relative: 1e-14))
        #expect(result.apa == "H(2) = 0.77, p = .680, ε² = .06")
        #expect(result.policy.contains("corrected for ties"))
        #expect(result.policy.contains("k − 1 df"))
    }

    /// Fixture case 6 (five groups of 29 ordinal ratings): H = 18.164, p = .0011.
    @Test func apaString() throws {
        let reference = KruskalWallisFixtureTests.cases[5]
        let result = try KruskalWallis.test(reference.samples)
        #expect(result.apa == "H(4) = 18.16, p = .001, ε² = .13")
        let tiny = KruskalWallisFixtureTests.cases.first { $0.scipyP < 0.001 }
        #expect(try KruskalWallis.test(try #require(tiny).samples).apa.contains("p < .001"))
    }

    /// Long data: groups keep their order of first appearance, values may interleave.
    @Test func longDataKeepsFirstAppearanceOrder() throws {
        let result = try KruskalWallis.test(
            values: [3, 1, 4, 1, 5, 9, 2, 6], groups: ["b", "a", "b", "c", "a", "c", "a", "b"])
        #expect(result.groups == ["b", "a", "c"])
        #expect(result.counts == [3, 3, 2])
        // Ranks: 1→1.5 (twice), 2→3, 3→4, 4→5, 5→6, 6→7, 9→8.
        #expect(result.rankSums == [16, 10.5, 9.5])
        #expect(result.tieCorrection == 1 - 6.0 / 504)
        let wide = try KruskalWallis.test([[3, 4, 6], [1, 5, 2], [1, 9]], labels: ["b", "a", "c"])
        #expect(wide == result)
    }

    /// With one value per group and no ties, H = N − 1 = k − 1 and η²_H is 0/0.
    @Test func singletonGroups() throws {
        let result = try KruskalWallis.test([[1], [3], [2], [5]])
        #expect(result.groups == ["1", "2", "3", "4"])
        #expect(isClose(result.h, 3, relative: 1e-15))
        #expect(result.etaSquaredH == nil)
        #expect(isClose(result.epsilonSquared.value, 1, relative: 1e-15))
    }

    @Test func lengthMismatch() {
        expectKind(.lengthMismatch) { try KruskalWallis.test(values: [1, 2, 3], groups: ["a", "b"]) }
        expectKind(.lengthMismatch) { try KruskalWallis.test([[1, 2], [3]], labels: ["a"]) }
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func nonFinite(_ bad: Double) {
        expectKind(.nonFinite) { try KruskalWallis.test(values: [1, 2, bad, 4], groups: ["a", "a", "b", "b"]) }
        expectKind(.nonFinite) { try KruskalWallis.test([[1, 2], [3, bad]]) }
    }

    @Test func fewerThanTwoGroups() {
        expectKind(.invalidDesign) { try KruskalWallis.test(values: [1, 2, 3], groups: ["a", "a", "a"]) }
        expectKind(.invalidDesign) { try KruskalWallis.test(values: [], groups: []) }
        expectKind(.invalidDesign) { try KruskalWallis.test([[1, 2, 3]]) }
        expectKind(.invalidDesign) { try KruskalWallis.test([]) }
    }

    @Test func duplicateLabels() {
        expectKind(.invalidDesign) { try KruskalWallis.test([[1, 2], [3, 4]], labels: ["a", "a"]) }
    }

    @Test func emptyGroup() {
        expectKind(.tooFewObservations) { try KruskalWallis.test([[1, 2], [], [3]]) }
    }

    @Test func constantData() {
        expectKind(.constantData) { try KruskalWallis.test(values: [2, 2, 2, 2], groups: ["a", "b", "a", "b"]) }
        expectKind(.constantData) { try KruskalWallis.test([[5], [5, 5], [5]]) }
    }

    private func expectKind(
        _ kind: StatsError.Kind, sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () throws -> KruskalWallisResult
    ) {
        let error = #expect(throws: StatsError.self, sourceLocation: sourceLocation) { try body() }
        #expect(error?.kind == kind, sourceLocation: sourceLocation)
        #expect(error?.message.isEmpty == false, sourceLocation: sourceLocation)
    }
}

/// Random designs from `Fixtures/gen_kruskal.py` against `scipy.stats.kruskal` and against H
/// computed in exact rational arithmetic. H agrees with the exact value to 4e-16 relative and
/// with scipy to 9e-13 (scipy's own rounding, largest where H is small); p agrees with scipy
/// to 4e-14.
@Suite struct KruskalWallisFixtureTests {
    struct Case: Decodable, Sendable {
        let samples: [[Double]]
        let scipyH: Double
        let scipyP: Double
        let exactH: Double
        let meanRanks: [Double]

        enum CodingKeys: String, CodingKey {
            case samples
            case scipyH = "scipy_h"
            case scipyP = "scipy_p"
            case exactH = "exact_h"
            case meanRanks = "mean_ranks"
        }
    }

    struct File: Decodable {
        let cases: [Case]
    }

    static let cases: [Case] = (try? NumericFixtures.load("kruskal", as: File.self).cases) ?? []

    @Test func fixtureHasEnoughCases() {
        #expect(Self.cases.count >= 50)
    }

    @Test(arguments: Self.cases.indices)
    func matchesScipy(_ index: Int) throws {
        let reference = Self.cases[index]
        let result = try KruskalWallis.test(reference.samples)
        let n = reference.samples.reduce(0) { $0 + $1.count }
        let k = reference.samples.count
        #expect(isClose(result.h, reference.scipyH, relative: 1e-11), "H \(result.h) vs scipy \(reference.scipyH)")
        #expect(isClose(result.h, reference.exactH, relative: 1e-15), "H \(result.h) vs exact \(reference.exactH)")
        #expect(isClose(result.p, reference.scipyP, relative: 1e-12), "p \(result.p) vs scipy \(reference.scipyP)")
        #expect(result.df == Double(k - 1))
        #expect(result.n == n)
        #expect(result.counts == reference.samples.map(\.count))
        for (actual, expected) in zip(result.meanRanks, reference.meanRanks) {
            #expect(isClose(actual, expected, relative: 1e-15))
        }
        #expect(result.tieCorrection > 0 && result.tieCorrection <= 1)
        #expect(isClose(result.epsilonSquared.value, reference.exactH / Double(n - 1), relative: 1e-14))
        if n > k {
            let eta = try #require(result.etaSquaredH)
            #expect(isClose(eta.value, (reference.exactH - Double(k - 1)) / Double(n - k), absolute: 1e-14))
        } else {
            #expect(result.etaSquaredH == nil)
        }

        // The same design as interleaved long data.
        var values: [Double] = []
        var groups: [String] = []
        for position in 0..<(reference.samples.map(\.count).max() ?? 0) {
            for (group, sample) in reference.samples.enumerated() where position < sample.count {
                values.append(sample[position])
                groups.append(String(group + 1))
            }
        }
        let long = try KruskalWallis.test(values: values, groups: groups)
        #expect(isClose(long.h, result.h, relative: 1e-15))
        #expect(long.groups == result.groups)
        #expect(long.counts == result.counts)
        #expect(long.meanRanks == result.meanRanks)
    }
}
