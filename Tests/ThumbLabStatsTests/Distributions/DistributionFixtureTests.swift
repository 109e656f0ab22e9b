import Foundation
import Testing

@testable import ThumbLabStats

/// Every distribution function against scipy/mpmath on the grid of
/// `Fixtures/gen_distributions.py` (tails down to 1e-300, df up to 1e10 and infinity).
@Suite struct DistributionFixtureTests {
    struct Case: Decodable, Sendable {
        let distribution: String
        let params: [FixtureNumber]
        let function: String
        let x: FixtureNumber
        let expected: FixtureNumber

        var parameters: [Double] { params.map(\.value) }
    }

    struct Fixture: Decodable {
        let cases: [Case]
    }

    static let cases: [Case] =
        (try? NumericFixtures.load("distributions", as: Fixture.self).cases) ?? []

    @Test func fixtureLoads() {
        #expect(Self.cases.count > 4000)
    }

    @Test(arguments: ["normal", "t", "chi2", "f", "beta", "binomial", "special"])
    func matchesReference(_ family: String) throws {
        let selected = Self.cases.filter { $0.distribution == family }
        #expect(!selected.isEmpty)
        for entry in selected {
            let actual = try #require(evaluate(entry), "unknown case \(entry)")
            let tolerance = entry.expected.value == 0 ? 1e-300 : 0
            #expect(
                isClose(actual, entry.expected.value, relative: 1e-6, absolute: tolerance),
                "\(family)\(entry.parameters).\(entry.function)(\(entry.x.value)) = \(actual), expected \(entry.expected.value)"
            )
        }
    }

    @Test func studentizedRangeMatchesScipy() {
        let selected = Self.cases.filter { $0.distribution == "studentized_range" }
        #expect(selected.count > 50)
        for entry in selected {
            guard let actual = evaluate(entry) else { continue }
            // cdf/sf to 1e-6 relative or 1e-9 absolute (scipy's sf is 1 − cdf, so it reads 0
            // where ours is 2.5e-25); quantiles to 1e-6 relative.
            let absolute = entry.function == "quantile" ? 0 : 1e-9
            #expect(
                isClose(actual, entry.expected.value, relative: 1e-6, absolute: absolute),
                "ptukey\(entry.parameters).\(entry.function)(\(entry.x.value)) = \(actual), expected \(entry.expected.value)"
            )
        }
    }

    private func evaluate(_ entry: Case) -> Double? {
        let p = entry.parameters
        let x = entry.x.value
        switch entry.distribution {
        case "normal": return continuous(Normal(mean: p[0], sd: p[1]), entry.function, x)
        case "t": return continuous(StudentT(df: p[0]), entry.function, x)
        case "chi2": return continuous(ChiSquared(df: p[0]), entry.function, x)
        case "f": return continuous(FDistribution(df1: p[0], df2: p[1]), entry.function, x)
        case "beta": return continuous(BetaDistribution(alpha: p[0], beta: p[1]), entry.function, x)
        case "binomial":
            let binomial = Binomial(trials: Int(p[0]), probability: p[1])
            switch entry.function {
            case "pmf": return binomial.pmf(Int(x))
            case "cdf": return binomial.cdf(Int(x))
            case "sf": return binomial.sf(Int(x))
            default: return nil
            }
        case "studentized_range":
            let range = StudentizedRange(groups: p[0], df: p[1])
            switch entry.function {
            case "cdf": return range.cdf(x)
            case "sf": return range.sf(x)
            case "quantile": return range.quantile(x)
            default: return nil
            }
        case "special": return special(entry.function, p, x)
        default: return nil
        }
    }

    private func continuous(_ d: some ContinuousDistributionForTests, _ function: String, _ x: Double)
        -> Double?
    {
        switch function {
        case "pdf": return d.pdf(x)
        case "cdf": return d.cdf(x)
        case "sf": return d.sf(x)
        case "quantile": return d.quantile(x)
        case "isf": return d.isf(x)
        default: return nil
        }
    }

    private func special(_ function: String, _ p: [Double], _ x: Double) -> Double? {
        typealias S = SpecialFunctions
        switch function {
        case "logGamma": return S.logGamma(x)
        case "logBeta": return S.logBeta(p[0], p[1])
        case "betaI": return S.regularizedIncompleteBeta(x: x, a: p[0], b: p[1])
        case "betaIc": return S.regularizedIncompleteBetaComplement(x: x, a: p[0], b: p[1])
        case "gammaP": return S.regularizedGammaP(a: p[0], x: x)
        case "gammaQ": return S.regularizedGammaQ(a: p[0], x: x)
        case "erf": return S.erf(x)
        case "erfc": return S.erfc(x)
        default: return nil
        }
    }
}

/// The five functions every continuous distribution offers, so one switch tests them all.
protocol ContinuousDistributionForTests {
    func pdf(_ x: Double) -> Double
    func cdf(_ x: Double) -> Double
    func sf(_ x: Double) -> Double
    func quantile(_ p: Double) -> Double
    func isf(_ p: Double) -> Double
}

extension Normal: ContinuousDistributionForTests {}
extension StudentT: ContinuousDistributionForTests {}
extension ChiSquared: ContinuousDistributionForTests {}
extension FDistribution: ContinuousDistributionForTests {}
extension BetaDistribution: ContinuousDistributionForTests {}
