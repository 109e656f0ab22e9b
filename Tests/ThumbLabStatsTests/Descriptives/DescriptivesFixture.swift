import Foundation

/// The contents of `Fixtures/descriptives.json` (written by `gen_descriptives.py`).
struct DescriptivesFixture: Decodable {
    struct Sample: Decodable, Sendable {
        let values: [Double]
        let level: Double
        let n: Int
        let mean, sd, variance, se, median, min, max, iqr: Double
        let ciLow, ciHigh: Double
        let probs: [Double]
        let quantiles: [String: [Double]]
        let trimmed: [String: Double]
        let geomean, geomeanLow, geomeanHigh: Double?

        enum CodingKeys: String, CodingKey {
            case values, level, n, mean, sd, variance, se, median, min, max, iqr, probs
            case quantiles, trimmed, geomean
            case ciLow = "ci_low"
            case ciHigh = "ci_high"
            case geomeanLow = "geomean_low"
            case geomeanHigh = "geomean_high"
        }
    }

    struct Proportion: Decodable, Sendable {
        let successes, trials: Int
        let level: Double
        let adjustedWald, wilson, clopperPearson: [Double]

        enum CodingKeys: String, CodingKey {
            case successes, trials, level, wilson
            case adjustedWald = "adjusted_wald"
            case clopperPearson = "clopper_pearson"
        }
    }

    struct Adjustment: Decodable, Sendable {
        let p: [Double]
        let adjusted: [String: [Double]]
    }

    let samples: [Sample]
    let proportions: [Proportion]
    let adjustments: [Adjustment]

    static let shared: DescriptivesFixture? = try? NumericFixtures.load(
        "descriptives", as: DescriptivesFixture.self)
}
