import Foundation

/// The contents of `Fixtures/descriptives.json` (written by `gen_descriptives.py`).
struct DescriptivesFixture: Decodable {
    struct Sample: Decodable, Sendable {
        let values: [Double]
        let level: Double
        let n: Int
        let mean, sd, variance, se, median, min, max, iqr: Double
        let ci_low, ci_high: Double
        let probs: [Double]
        let quantiles: [String: [Double]]
        let trimmed: [String: Double]
        let geomean, geomean_low, geomean_high: Double?
    }

    struct Proportion: Decodable, Sendable {
        let successes, trials: Int
        let level: Double
        let adjusted_wald, wilson, clopper_pearson: [Double]
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
