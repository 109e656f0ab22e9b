import Foundation
import Testing

@testable import ThumbLabStats

/// Out-of-range input throws an ``StatsError/Kind/outOfRange`` error that carries the
/// parameter, its value and the interval accepted; a published value is reproduced.
@Suite struct PowerInputTests {
    /// Calls `body` and returns the range of the out-of-range error it throws.
    private func range(_ body: () throws -> PowerResult) throws -> AcceptedRange {
        do {
            _ = try body()
        } catch let error as StatsError {
            #expect(error.kind == .outOfRange)
            #expect(error.message == error.range?.message)
            return try #require(error.range)
        }
        Issue.record("no error thrown")
        throw StatsError(.invalidArgument, "no error")
    }

    @Test(arguments: [0.0, 1.0, -0.1, 1.5, Double.nan])
    func alphaOutsideZeroOneIsRefused(_ alpha: Double) throws {
        let found = try range { try Power.t(design: .paired, d: 0.5, n: 20, power: nil, alpha: alpha) }
        #expect(found.parameter == .alpha)
        #expect(found.interval == "(0, 1)")
        #expect(found.value.isNaN || found.value == alpha)
    }

    @Test(arguments: [0.0, 1.0, 0.01, 1.2])
    func powerOutsideAlphaOneIsRefused(_ power: Double) throws {
        let found = try range { try Power.anova(groups: 3, f: 0.25, n: nil, power: power, alpha: 0.05) }
        #expect(found.parameter == .power)
        #expect(found.interval == "(0.05, 1)")
    }

    @Test func nBelowTheMinimumIsRefused() throws {
        let t = try range { try Power.t(design: .twoSample, d: 0.5, n: 1.5, power: nil) }
        #expect(
            t == AcceptedRange(.n, value: 1.5, lower: 2, upper: .infinity, includesLower: true, includesUpper: false))
        #expect(t.message == "the sample size must be in [2, ∞), got 1.5")
        let rm = try range { try Power.rmANOVA(levels: 3, f: nil, n: 1, power: 0.8) }
        #expect(rm.parameter == .n)
    }

    @Test func designParametersAreChecked() throws {
        #expect(try range { try Power.anova(groups: 1, f: 0.2, n: 10, power: nil) }.parameter == .groups)
        #expect(try range { try Power.rmANOVA(levels: 1, f: 0.2, n: 10, power: nil) }.parameter == .levels)
        let correlation = try range { try Power.rmANOVA(levels: 3, f: 0.2, n: 10, power: nil, correlation: 1) }
        #expect(correlation.parameter == .correlation && correlation.interval == "(-1, 1)")
        let epsilon = try range { try Power.rmANOVA(levels: 3, f: 0.2, n: 10, power: nil, epsilon: 0.4) }
        #expect(epsilon.parameter == .epsilon && epsilon.interval == "[0.5, 1]")
        #expect(try range { try Power.anova(groups: 3, f: -0.1, n: 10, power: nil) }.parameter == .effectSize)
        #expect(throws: StatsError.self) { try Power.f(eta2: 1) }
    }

    @Test func anEffectThatCannotReachThePowerIsRefused() throws {
        let zero = try range { try Power.anova(groups: 3, f: 0, n: nil, power: 0.8) }
        #expect(zero.parameter == .effectSize && zero.interval == "(0, ∞)")
        let wrongSide = try range { try Power.t(design: .paired, d: 0.5, n: nil, power: 0.8, alternative: .less) }
        #expect(wrongSide.interval == "(-∞, 0)")
    }

    @Test func exactlyOneUnknownIsRequired() {
        #expect(throws: StatsError.self) { try Power.t(design: .paired, d: 0.5, n: 20, power: 0.8) }
        #expect(throws: StatsError.self) { try Power.anova(groups: 3, f: nil, n: nil, power: 0.8) }
    }

    /// Cohen (1988), Table 2.4.1: a two-sided two-sample t test at α = .05 needs 64
    /// participants per group for power .80 at d = 0.5.
    @Test func cohenTwoSampleTableValue() throws {
        let result = try Power.t(design: .twoSample, d: 0.5, n: nil, power: 0.8)
        #expect(result.nRequired == 64)
        #expect(result.solvedFor == .n)
        #expect(result.powerAtNRequired >= 0.8)
        #expect(try Power.t(design: .twoSample, d: 0.5, n: 63, power: nil).power < 0.8)
    }

    @Test func eta2AndFConvert() throws {
        #expect(abs(try Power.f(eta2: 0.06) - (0.06 / 0.94).squareRoot()) < 1e-15)
        let result = try Power.anova(groups: 3, f: try Power.f(eta2: 0.06), n: 20, power: nil)
        #expect(abs((result.eta2 ?? 0) - 0.06) < 1e-15)
    }

    @Test func theSentenceStatesTheSampleAndTheEffect() throws {
        let solved = try Power.rmANOVA(levels: 3, f: 0.25, n: nil, power: 0.8)
        #expect(
            solved.sentence
                == "A sample of 28 participants gives 80% power to detect f = 0.25 at α = .05 (81.2% with 28) in a repeated-measures ANOVA of 3 levels (ρ = .50, ε = 1)."
        )
        let corrected = try Power.rmANOVA(levels: 4, f: 0.25, n: 20, power: nil, correlation: 0.6, epsilon: 0.8)
        #expect(corrected.sentence.hasSuffix("in a repeated-measures ANOVA of 4 levels (ρ = .60, ε = .80)."))
        let perGroup = try Power.anova(groups: 3, f: 0.25, n: 20, power: nil)
        #expect(perGroup.sentence.hasPrefix("A sample of 20 participants per group (60 in total) gives "))
        let effect = try Power.t(design: .paired, d: nil, n: 24, power: 0.9, alpha: 0.01)
        #expect(effect.sentence.contains("to detect d = 0.") && effect.sentence.contains("or larger at α = .01"))
    }
}
