import Foundation
import Testing

@testable import ThumbLabStats

/// The tests, effect sizes and descriptives with a NaN or out-of-range parameter: each
/// throws a ``StatsError`` naming the parameter, or (for the non-throwing rank-biserial
/// helpers) gives no interval; none traps.
@Suite struct StatisticsDomainTests {
    static let x = [4.1, 5.3, 6.2, 5.9, 7.4, 6.6]
    static let y = [3.2, 4.8, 6.0, 4.1, 6.9, 5.0]
    static let badLevels: [Double] = [.nan, 0, 1, -0.5, 1.5, .infinity]

    static func invalidArgument(_ body: () throws -> Void) -> Bool {
        do {
            try body()
            return false
        } catch let error as StatsError {
            return error.kind == .invalidArgument || error.kind == .nonFinite
        } catch {
            return false
        }
    }

    @Test(arguments: badLevels)
    func aConfidenceLevelOutsideTheOpenUnitIntervalIsRefused(level: Double) {
        let (x, y) = (Self.x, Self.y)
        #expect(Self.invalidArgument { _ = try TTest.oneSample(x, confidenceLevel: level) })
        #expect(Self.invalidArgument { _ = try TTest.paired(x, y, confidenceLevel: level) })
        #expect(Self.invalidArgument { _ = try TTest.student(x, y, confidenceLevel: level) })
        #expect(Self.invalidArgument { _ = try TTest.welch(x, y, confidenceLevel: level) })
        #expect(Self.invalidArgument { _ = try WilcoxonSignedRank.test(x, y, confidenceLevel: level) })
        #expect(Self.invalidArgument { _ = try MannWhitney.test(x, y, confidenceLevel: level) })
        #expect(Self.invalidArgument { _ = try EffectSizes.cohenD(x, y, confidenceLevel: level) })
        #expect(Self.invalidArgument { _ = try EffectSizes.hedgesG(x, y, confidenceLevel: level) })
        #expect(Self.invalidArgument { _ = try Descriptives.meanConfidenceInterval(x, level: level) })
        #expect(Self.invalidArgument { _ = try Descriptives(x, level: level) })
        #expect(Self.invalidArgument { _ = try GeometricMean(x, level: level) })
        #expect(Self.invalidArgument { _ = try ProportionInterval(successes: 3, trials: 10, level: level) })
        #expect(
            Self.invalidArgument {
                _ = try ANOVA.tukeyHSD(
                    values: x + y, groups: x.map { _ in "a" } + y.map { _ in "b" }, confidenceLevel: level)
            })
    }

    @Test(arguments: [Double.nan, -0.1, 1.1, .infinity])
    func aQuantileProbabilityOutsideTheUnitIntervalIsRefused(p: Double) {
        #expect(Self.invalidArgument { _ = try Descriptives.quantile(Self.x, p) })
        #expect(Self.invalidArgument { _ = try Descriptives.quantiles(Self.x, [0.5, p]) })
    }

    @Test(arguments: [Double.nan, -0.1, 0.6, .infinity])
    func aTrimOutsideItsRangeIsRefused(trim: Double) {
        #expect(Self.invalidArgument { _ = try Descriptives.trimmedMean(Self.x, trim: trim) })
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func aNonFiniteNullMeanIsRefused(mu: Double) {
        #expect(Self.invalidArgument { _ = try TTest.oneSample(Self.x, mu: mu) })
    }

    @Test(arguments: [Double.nan, .infinity])
    func nonFiniteDataAreRefused(bad: Double) {
        let x = Self.x + [bad]
        let y = Self.y + [1]
        #expect(Self.invalidArgument { _ = try TTest.paired(x, y) })
        #expect(Self.invalidArgument { _ = try WilcoxonSignedRank.test(x, y) })
        #expect(Self.invalidArgument { _ = try MannWhitney.test(x, y) })
        #expect(Self.invalidArgument { _ = try ShapiroWilk.test(x) })
        #expect(Self.invalidArgument { _ = try Descriptives.quantile(x, 0.5) })
    }

    @Test(arguments: badLevels)
    func rankBiserialIntervalsNeedALevelInsideTheUnitInterval(level: Double) {
        #expect(RankBiserial.matchedPairs(0.4, nonzero: 10, level: level).interval == nil)
        #expect(RankBiserial.twoSample(u: 30, m: 8, n: 9, level: level).interval == nil)
        #expect(RankBiserial.matchedPairs(0.4, nonzero: 10, level: 0.95).interval != nil)
    }
}
