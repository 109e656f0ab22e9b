import Foundation
import Testing

@testable import ThumbLabStats

/// Proportion intervals against statsmodels (and the adjusted-Wald formula) and p.adjust
/// against statsmodels' multipletests, on the seeded cases of `gen_descriptives.py`.
@Suite struct ProportionAndAdjustmentFixtureTests {
    @Test func proportionIntervalsMatchStatsmodels() throws {
        let cases = DescriptivesFixture.shared?.proportions ?? []
        #expect(cases.count >= 200)
        for entry in cases {
            let methods: [(ProportionIntervalMethod, [Double])] = [
                (.adjustedWald, entry.adjustedWald), (.wilson, entry.wilson),
                (.clopperPearson, entry.clopperPearson),
            ]
            for (method, expected) in methods {
                let interval = try ProportionInterval(
                    successes: entry.successes, trials: entry.trials, level: entry.level,
                    method: method)
                let label = "\(method) \(entry.successes)/\(entry.trials) at \(entry.level)"
                #expect(
                    isClose(interval.lower, expected[0], relative: 1e-6, absolute: 1e-14),
                    "\(label) lower \(interval.lower) vs \(expected[0])")
                #expect(
                    isClose(interval.upper, expected[1], relative: 1e-6, absolute: 1e-14),
                    "\(label) upper \(interval.upper) vs \(expected[1])")
            }
        }
    }

    @Test(arguments: PAdjustMethod.allCases)
    func adjustmentsMatchStatsmodels(method: PAdjustMethod) throws {
        let cases = DescriptivesFixture.shared?.adjustments ?? []
        #expect(cases.count >= 200)
        for (index, entry) in cases.enumerated() {
            let expected = try #require(entry.adjusted[method.rawValue])
            let actual = PValues.adjust(entry.p, method: method)
            for (value, reference) in zip(actual, expected) {
                #expect(
                    isClose(value, reference, relative: 1e-9, absolute: 1e-300),
                    "vector \(index) \(method): \(value) vs \(reference)")
            }
        }
    }
}
