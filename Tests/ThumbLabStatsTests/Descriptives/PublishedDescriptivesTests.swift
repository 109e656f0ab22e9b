import Testing

@testable import ThumbLabStats

/// The worked examples of EXPECTED.md §1, to the precision printed there.
@Suite struct PublishedDescriptivesTests {
    @Test func geometricMeanOfTaskTimes() throws {
        let times = [12.3, 15.1, 9.8, 22.4, 11.0, 13.7, 30.2, 10.5]
        let result = try GeometricMean(times)
        #expect(isClose(result.value, 14.4947, absolute: 5e-5))
        #expect(isClose(result.interval.lower, 10.4163, absolute: 5e-5))
        #expect(isClose(result.interval.upper, 20.1699, absolute: 5e-5))
        let summary = try Descriptives(times)
        #expect(summary.mean == 15.625)
        #expect(summary.median == 13.0)
    }

    @Test(arguments: [
        // successes, trials, method, lower, upper (EXPECTED.md §1, four decimals)
        (4, 5, ProportionIntervalMethod.adjustedWald, 0.3596, 0.9797),
        (9, 10, .adjustedWald, 0.574, 1.0), (10, 10, .adjustedWald, 0.6791, 1.0),
        (0, 10, .adjustedWald, 0.0, 0.3209), (7, 12, .adjustedWald, 0.3189, 0.8074),
        (4, 5, .wilson, 0.3755, 0.9638), (4, 5, .clopperPearson, 0.2836, 0.9949),
        (10, 10, .clopperPearson, 0.6915, 1.0), (0, 10, .clopperPearson, 0.0, 0.3085),
        (9, 10, .clopperPearson, 0.5550, 0.9975),
    ])
    func proportionIntervals(
        successes: Int, trials: Int, method: ProportionIntervalMethod, lower: Double,
        upper: Double
    ) throws {
        let interval = try ProportionInterval(successes: successes, trials: trials, method: method)
        let digits = lower == 0.574 ? 5e-4 : 5e-5
        #expect(isClose(interval.lower, lower, absolute: digits), "lower \(interval.lower)")
        #expect(isClose(interval.upper, upper, absolute: 5e-5), "upper \(interval.upper)")
    }

    @Test func adjustedWaldCentre() throws {
        // Tullis's worked example: 4/5 → p_adj = 0.6696 (truncated; 0.66966 with exact z).
        let interval = try ProportionInterval(successes: 4, trials: 5)
        #expect(interval.center >= 0.6696 && interval.center < 0.6697)
        #expect(interval.proportion == 0.8)
        #expect(interval.method == .adjustedWald)
    }
}
