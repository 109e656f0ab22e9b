import Foundation
import Testing

@testable import ThumbLabStats

/// The incomplete gamma function and the chi-square distribution at shapes from 1e12 up,
/// where Temme's asymptotic expansion takes over from series that would need millions of
/// terms (Fixtures/gen_large_shape_gamma.py: 60-digit quadrature with mpmath).
@Suite struct LargeShapeGammaTests {
    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        let a: Double
        let x: Double
        let p: Double
        let q: Double
        var testDescription: String { "a = \(a), x = \(x)" }
    }

    struct Fixture: Decodable {
        let cases: [Case]
    }

    static func cases() throws -> [Case] {
        try NumericFixtures.load("large_shape_gamma", as: Fixture.self).cases
    }

    @Test func theFixtureCoversShapesFrom1e12To1e24() throws {
        let shapes = Set(try Self.cases().map(\.a))
        #expect(shapes.count == 5 && shapes.min() == 1e12 && shapes.max()! > 9.9e23)
    }

    @Test func bothTailsMatchQuadrature() throws {
        // The quadrature is good to 2e-8 relative at 30 standard deviations out (its check
        // at a = 1e6), to far better nearer the centre.
        func tolerance(_ reference: Double) -> Double { reference < 1e-100 ? 3e-8 : 1e-9 }
        for c in try Self.cases() {
            let lower = SpecialFunctions.regularizedGammaP(a: c.a, x: c.x)
            let upper = SpecialFunctions.regularizedGammaQ(a: c.a, x: c.x)
            #expect(isClose(lower, c.p, relative: tolerance(c.p)), "P at \(c.testDescription): \(lower) vs \(c.p)")
            #expect(isClose(upper, c.q, relative: tolerance(c.q)), "Q at \(c.testDescription): \(upper) vs \(c.q)")
        }
    }

    @Test func theExpansionAgreesWithTheSeriesWhereBothApply() {
        // At a = 1e12 the series still converges (in about 4e6 terms); the expansion must agree.
        let a = SpecialFunctions.largeShapeThreshold
        for k in [-6.0, -1, 0, 0.5, 3] {
            let x = a + k * a.squareRoot()
            let expansion = SpecialFunctions.largeShapeGamma(a: a, x: x)
            let series = SpecialFunctions.incompleteGamma(a: a.nextDown, x: x)
            #expect(isClose(expansion.lower, series.lower, relative: 1e-9), "k = \(k)")
            #expect(isClose(expansion.upper, series.upper, relative: 1e-9), "k = \(k)")
        }
    }

    @Test func chiSquaredWithHugeDegreesOfFreedomIsQuickAndConsistent() {
        let chi = ChiSquared(df: 1e14)
        #expect(isClose(chi.cdf(1e14), 0.5, relative: 1e-6))
        // The quantile is resolved to about 1e-13 relative in x, which is 1e-6 standard
        // deviations at this df: the cdf brackets p a hair either side of it.
        for p in [1e-12, 0.025, 0.5, 0.975] {
            let q = chi.quantile(p)
            #expect(chi.cdf(q * (1 - 1e-11)) < p && p < chi.cdf(q * (1 + 1e-11)), "p = \(p)")
            let r = chi.isf(p)
            #expect(chi.sf(r * (1 - 1e-11)) > p && p > chi.sf(r * (1 + 1e-11)), "p = \(p)")
        }
        // Far beyond any study, still an answer and not a wait: the median is df to the
        // solver's resolution in x.
        let huge = ChiSquared(df: 1e300)
        #expect(isClose(huge.cdf(1e300), 0.5, relative: 1e-12))
        #expect(isClose(huge.quantile(0.5), 1e300, relative: 1e-10))
    }
}
