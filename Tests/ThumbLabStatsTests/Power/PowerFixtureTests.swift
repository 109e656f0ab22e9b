import Foundation
import Testing

@testable import ThumbLabStats

/// Power, solved n and solved effect size against pingouin and R's pwr on the 400 random
/// cases of `Fixtures/gen_power.py`.
@Suite struct PowerFixtureTests {
    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        let test: String
        let design: String?
        let alternative: String
        let alpha: Double
        let groups: Int
        let effect: Double
        let n: Double
        let correlation: Double?
        let epsilon: Double?
        let power: Double
        let target: Double
        let nSolved: Double
        let effectSolved: Double

        enum CodingKeys: String, CodingKey {
            case test, design, alternative, alpha, groups, effect, n, correlation, epsilon, power, target
            case nSolved = "n_solved"
            case effectSolved = "effect_solved"
        }

        var testDescription: String {
            "\(test) \(design ?? "") \(alternative) k=\(groups) es=\(effect) n=\(n) alpha=\(alpha)"
        }

        /// Our result for the given effect, n and power (one of them nil).
        func compute(effect: Double?, n: Double?, power: Double?) throws -> PowerResult {
            switch test {
            case "t":
                return try Power.t(
                    design: try #require(TTestDesign(rawValue: design ?? "")), d: effect, n: n, power: power,
                    alpha: alpha, alternative: try #require(Alternative(rawValue: alternative)))
            case "anova":
                return try Power.anova(groups: groups, f: effect, n: n, power: power, alpha: alpha)
            default:
                return try Power.rmANOVA(
                    levels: groups, f: effect, n: n, power: power, correlation: correlation ?? 0,
                    epsilon: epsilon ?? 1, alpha: alpha)
            }
        }
    }

    struct Fixture: Decodable {
        let cases: [Case]
    }

    static let cases: [Case] = (try? NumericFixtures.load("power", as: Fixture.self).cases) ?? []

    @Test func fixtureLoads() {
        #expect(Self.cases.count == 400)
        #expect(Set(Self.cases.map(\.test)) == ["t", "anova", "rm-anova"])
    }

    @Test(arguments: cases)
    func powerMatches(_ entry: Case) throws {
        let result = try entry.compute(effect: entry.effect, n: entry.n, power: nil)
        #expect(abs(result.power - entry.power) < 1e-9, "power \(result.power), expected \(entry.power)")
        #expect(result.solvedFor == .power)
    }

    @Test(arguments: cases)
    func solvedNMatches(_ entry: Case) throws {
        let result = try entry.compute(effect: entry.effect, n: nil, power: entry.target)
        #expect(abs(result.n - entry.nSolved) < 1e-6, "n \(result.n), expected \(entry.nSolved)")
        #expect(result.nRequired == Int(entry.nSolved.rounded(.up)))
        #expect(result.powerAtNRequired >= entry.target)
    }

    @Test(arguments: cases)
    func solvedEffectMatches(_ entry: Case) throws {
        let result = try entry.compute(effect: nil, n: entry.n, power: entry.target)
        #expect(
            abs(result.effectSize - entry.effectSolved) < 1e-7,
            "effect \(result.effectSize), expected \(entry.effectSolved)")
    }
}
