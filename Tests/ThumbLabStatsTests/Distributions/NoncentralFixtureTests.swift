import Foundation
import Testing

@testable import ThumbLabStats

/// The noncentral t and F distributions against 30-digit mpmath values on the grid of
/// `Fixtures/gen_noncentral.py` (noncentrality up to 400 for t and 3000 for F, df from 1 to
/// 1e5), to 1e-10 absolute and 1e-8 relative.
@Suite struct NoncentralFixtureTests {
    struct Case: Decodable, Sendable {
        let distribution: String
        let x: Double
        let params: [Double]
        let cdf: Double
        let sf: Double
    }

    struct Fixture: Decodable {
        let cases: [Case]
    }

    static let cases: [Case] = (try? NumericFixtures.load("noncentral", as: Fixture.self).cases) ?? []

    @Test func fixtureLoads() {
        #expect(Self.cases.filter { $0.distribution == "t" }.count == 500)
        #expect(Self.cases.filter { $0.distribution == "f" }.count == 400)
    }

    @Test(arguments: ["t", "f"])
    func matchesReference(_ family: String) {
        let selected = Self.cases.filter { $0.distribution == family }
        #expect(!selected.isEmpty)
        for entry in selected {
            let p = entry.params
            let (cdf, sf) =
                family == "t"
                ? (
                    NoncentralT(df: p[0], noncentrality: p[1]).cdf(entry.x),
                    NoncentralT(df: p[0], noncentrality: p[1]).sf(entry.x)
                )
                : (
                    NoncentralF(df1: p[0], df2: p[1], noncentrality: p[2]).cdf(entry.x),
                    NoncentralF(df1: p[0], df2: p[1], noncentrality: p[2]).sf(entry.x)
                )
            #expect(
                isClose(cdf, entry.cdf, relative: 1e-8, absolute: 1e-10),
                "\(family)\(p).cdf(\(entry.x)) = \(cdf), expected \(entry.cdf)")
            #expect(
                isClose(sf, entry.sf, relative: 1e-8, absolute: 1e-10),
                "\(family)\(p).sf(\(entry.x)) = \(sf), expected \(entry.sf)")
        }
    }
}
