import Testing

@testable import ThumbLabStats

/// `Binomial.quantile` against scipy's `binom.ppf` (Fixtures/gen_binomial_quantiles.py).
@Suite struct BinomialQuantileTests {
    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        let n: Int
        let p: Double
        let q: Double
        let k: Int
        var testDescription: String { "n=\(n) p=\(p) q=\(q)" }
    }

    static let cases = (try? NumericFixtures.load("binomial_quantiles", as: [Case].self)) ?? []

    @Test func fixtureIsPresent() {
        #expect(Self.cases.count > 200)
    }

    @Test(arguments: cases)
    func quantileMatchesScipy(_ c: Case) {
        #expect(Binomial(trials: c.n, probability: c.p).quantile(c.q) == Double(c.k))
    }

    @Test func quantileInvertsTheCdfAtEveryK() {
        let distribution = Binomial(trials: 25, probability: 0.37)
        for k in 0...25 {
            #expect(distribution.quantile(distribution.cdf(k)) == Double(k))
        }
        #expect(distribution.quantile(0) == 0)
        #expect(distribution.quantile(1) == 25)
    }
}
