import Testing

@testable import ThumbLabStats

/// Invalid input throws a StatsError that says what is wrong; nothing returns NaN.
@Suite struct InvalidInputTests {
    @Test func emptyAndTooShortSamples() {
        #expect(throws: StatsError.self) { try Descriptives([]) }
        #expect(throws: StatsError.self) { try Descriptives([3]) }
        #expect(throws: StatsError.self) { try Descriptives.meanConfidenceInterval([1]) }
        #expect(throws: StatsError.self) { try Descriptives.quantile([], 0.5) }
        #expect(throws: StatsError.self) { try Descriptives.trimmedMean([], trim: 0.1) }
        #expect(throws: StatsError.self) { try GeometricMean([2]) }
        let error = #expect(throws: StatsError.self) { try Descriptives([3]) }
        #expect(error?.kind == .tooFewObservations)
        #expect(error?.message.contains("1 value") == true)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteValues(bad: Double) {
        let values = [1, 2, bad, 4]
        #expect(throws: StatsError.self) { try Descriptives(values) }
        #expect(throws: StatsError.self) { try Descriptives.quantiles(values, [0.5]) }
        #expect(throws: StatsError.self) { try Descriptives.trimmedMean(values, trim: 0.2) }
        #expect(throws: StatsError.self) { try GeometricMean(values) }
        let error = #expect(throws: StatsError.self) { try Descriptives(values) }
        #expect(error?.kind == .nonFinite)
        #expect(error?.message.contains("position 3") == true)
    }

    @Test func geometricMeanNeedsPositiveValues() {
        for bad in [0.0, -1.5] {
            let error = #expect(throws: StatsError.self) { try GeometricMean([1, bad, 3]) }
            #expect(error?.kind == .invalidArgument)
            #expect(error?.message.contains("positive") == true)
        }
    }

    @Test func argumentsOutOfRange() {
        #expect(throws: StatsError.self) { try Descriptives.quantile([1, 2, 3], 1.5) }
        #expect(throws: StatsError.self) { try Descriptives.quantile([1, 2, 3], -0.1) }
        #expect(throws: StatsError.self) { try Descriptives.trimmedMean([1, 2, 3], trim: 0.6) }
        #expect(throws: StatsError.self) { try Descriptives.trimmedMean([1, 2, 3], trim: -0.1) }
        #expect(throws: StatsError.self) { try Descriptives([1, 2, 3], level: 1) }
        #expect(throws: StatsError.self) { try Descriptives.meanConfidenceInterval([1, 2, 3], level: 0) }
        #expect(throws: StatsError.self) { try ProportionInterval(successes: 1, trials: 0) }
        #expect(throws: StatsError.self) { try ProportionInterval(successes: 6, trials: 5) }
        #expect(throws: StatsError.self) { try ProportionInterval(successes: -1, trials: 5) }
        #expect(throws: StatsError.self) {
            try ProportionInterval(successes: 2, trials: 5, level: 1.2)
        }
    }

    @Test func constantSampleHasZeroSpreadNotNaN() throws {
        let summary = try Descriptives([4, 4, 4])
        #expect(summary.sd == 0 && summary.iqr == 0)
        #expect(summary.meanInterval.lower == 4 && summary.meanInterval.upper == 4)
        let geometric = try GeometricMean([2, 2, 2])
        #expect(isClose(geometric.value, 2, relative: 1e-15))
    }

    @Test func trimmedMeanFollowsR() throws {
        // mean(c(1, 2, 3, 4, 100), trim = 0.2) = 3; trim = 0.5 is the median.
        #expect(try Descriptives.trimmedMean([1, 2, 3, 4, 100], trim: 0.2) == 3)
        #expect(try Descriptives.trimmedMean([1, 2, 3, 4, 100, 7], trim: 0.5) == 3.5)
        #expect(try Descriptives.trimmedMean([5, 1, 3], trim: 0) == 3)
    }

    @Test func quantileTypesOnASmallSample() throws {
        // R: quantile(c(1, 3, 4, 9), 0.5, type = 1...9) → 3, 3.5, 3, 3, 3.5, 3.5, 3.5, 3.5, 3.5;
        //    quantile(c(1, 3, 4, 9), 0.3, type = 1...9) → 3, 3, 1, 1.4, 2.4, 2, 2.8, 2.2667, 2.3.
        let values = [9.0, 1, 4, 3]
        let medians = try QuantileType.allCases.map { try Descriptives.quantile(values, 0.5, type: $0) }
        for (value, reference) in zip(medians, [3, 3.5, 3, 3, 3.5, 3.5, 3.5, 3.5, 3.5]) {
            #expect(isClose(value, reference, relative: 1e-12))
        }
        let thirty = try QuantileType.allCases.map { try Descriptives.quantile(values, 0.3, type: $0) }
        let expected = [3, 3, 1, 1.4, 2.4, 2, 2.8, 2.2666666666666666, 2.3]
        for (value, reference) in zip(thirty, expected) {
            #expect(isClose(value, reference, relative: 1e-12))
        }
    }
}
