import Foundation
import Testing

@testable import ThumbLabStats

/// Descriptives, quantiles, trimmed means and confidence intervals against numpy/scipy on
/// the 240 seeded samples of `gen_descriptives.py` (n 3–80, normal, log-normal, Likert-like
/// with many ties, rounded task times, heavy-tailed).
@Suite struct DescriptivesFixtureTests {
    static var samples: [DescriptivesFixture.Sample] { DescriptivesFixture.shared?.samples ?? [] }

    @Test func fixtureLoads() {
        #expect(Self.samples.count >= 200)
    }

    @Test func summariesMatchNumpy() throws {
        for (index, sample) in Self.samples.enumerated() {
            let summary = try Descriptives(sample.values, level: sample.level)
            let checks: [(String, Double, Double)] = [
                ("mean", summary.mean, sample.mean), ("sd", summary.sd, sample.sd),
                ("variance", summary.variance, sample.variance),
                ("se", summary.standardError, sample.se), ("median", summary.median, sample.median),
                ("min", summary.min, sample.min), ("max", summary.max, sample.max),
                ("iqr", summary.iqr, sample.iqr),
                ("ci_low", summary.meanInterval.lower, sample.ciLow),
                ("ci_high", summary.meanInterval.upper, sample.ciHigh),
            ]
            #expect(summary.n == sample.n)
            for (name, actual, expected) in checks {
                #expect(
                    isClose(actual, expected, relative: 1e-6, absolute: 1e-12),
                    "sample \(index) \(name): \(actual) vs \(expected)")
            }
        }
    }

    @Test(arguments: QuantileType.allCases)
    func quantilesMatchR(type: QuantileType) throws {
        for (index, sample) in Self.samples.enumerated() {
            let expected = try #require(sample.quantiles[String(type.rawValue)])
            let actual = try Descriptives.quantiles(sample.values, sample.probs, type: type)
            for (p, (value, reference)) in zip(sample.probs, zip(actual, expected)) {
                #expect(
                    isClose(value, reference, relative: 1e-9, absolute: 1e-12),
                    "sample \(index) type \(type.rawValue) p=\(p): \(value) vs \(reference)")
            }
        }
    }

    @Test func trimmedMeansMatchScipy() throws {
        for (index, sample) in Self.samples.enumerated() {
            for (key, expected) in sample.trimmed {
                let trim = try #require(Double(key))
                let actual = try Descriptives.trimmedMean(sample.values, trim: trim)
                #expect(
                    isClose(actual, expected, relative: 1e-9, absolute: 1e-12),
                    "sample \(index) trim \(key): \(actual) vs \(expected)")
            }
        }
    }

    @Test func geometricMeansMatchScipy() throws {
        var checked = 0
        for (index, sample) in Self.samples.enumerated() {
            guard let value = sample.geomean, let low = sample.geomeanLow,
                let high = sample.geomeanHigh
            else { continue }
            let result = try GeometricMean(sample.values, level: sample.level)
            #expect(isClose(result.value, value, relative: 1e-9), "sample \(index) geomean")
            #expect(isClose(result.interval.lower, low, relative: 1e-6), "sample \(index) low")
            #expect(isClose(result.interval.upper, high, relative: 1e-6), "sample \(index) high")
            checked += 1
        }
        #expect(checked >= 100)
    }
}
