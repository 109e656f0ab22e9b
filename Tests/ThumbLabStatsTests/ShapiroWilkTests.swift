import Testing

@testable import ThumbLabStats

@Suite struct ShapiroWilkTests {
    /// scipy.stats.shapiro on samples of 3 to 5000 values (normal, skewed, uniform, rounded).
    @Test(arguments: TwoSampleFixture.shared.shapiro_wilk)
    func matchesScipy(_ c: TwoSampleFixture.ShapiroCase) throws {
        let result = try ShapiroWilk.test(c.x)
        #expect(result.n == c.x.count)
        #expect(matchesReference(result.w, c.w), "W \(result.w) vs \(c.w)")
        #expect(matchesReference(result.p, c.p), "p \(result.p) vs \(c.p)")
    }

    @Test func coefficientsHaveUnitLength() {
        for n in [4, 5, 6, 11, 12, 50, 999] {
            let half = ShapiroWilkCoefficients.halfCoefficients(n: n)
            let sumOfSquares = 2 * half.reduce(0) { $0 + $1 * $1 }
            #expect(abs(sumOfSquares - 1) < 1e-12)
            #expect(half.allSatisfy { $0 > 0 })
        }
    }

    @Test func invariantToLocationAndScale() throws {
        let x = [2.1, 3.4, 1.9, 5.6, 4.4, 3.3, 2.8, 6.1, 3.9, 4.0, 2.2, 3.1]
        let base = try ShapiroWilk.test(x)
        let moved = try ShapiroWilk.test(x.map { 1e6 + 3 * $0 })
        #expect(matchesReference(moved.w, base.w, relative: 1e-9))
        #expect(matchesReference(moved.p, base.p, relative: 1e-7))
        #expect(base.apa.hasPrefix("W = 0."))
    }

    @Test func rejectsUnusableSamples() {
        #expect(throws: StatsError.self) { try ShapiroWilk.test([1, 2]) }
        #expect(throws: StatsError.self) { try ShapiroWilk.test([4, 4, 4, 4]) }
        #expect(throws: StatsError.self) { try ShapiroWilk.test([1, .nan, 3, 4]) }
        #expect(throws: StatsError.self) { try ShapiroWilk.test((0..<5001).map(Double.init)) }
    }
}
