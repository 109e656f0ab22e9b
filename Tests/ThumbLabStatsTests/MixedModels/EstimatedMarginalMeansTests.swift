import Foundation
import Testing

@testable import ThumbLabStats

/// Back-transformation and reporting of estimated marginal means.
@Suite("Estimated marginal means: response scale and reporting")
struct EstimatedMarginalMeansTests {
    static func logTimes() -> [MixedModelObservation] {
        var data: [MixedModelObservation] = []
        let base: [String: Double] = ["direct": 600, "shift": 720, "thumbspace": 900]
        for subject in 0..<6 {
            for (technique, time) in base.sorted(by: { $0.key < $1.key }) {
                for trial in 0..<3 {
                    let jitter = 1 + 0.05 * Double((subject * 7 + trial * 3) % 5 - 2) + 0.03 * Double(subject)
                    data.append(
                        MixedModelObservation(
                            subject: "p\(subject)", levels: ["Technique": technique], value: log(time * jitter)))
                }
            }
        }
        return data
    }

    @Test func logTimeMeansBackTransformToGeometricMeans() throws {
        let fit = try MixedModel.linear(Self.logTimes(), model: MixedModelSpecification(factors: ["Technique"]))
        let emm = try fit.estimatedMarginalMeans(for: "Technique", scale: .log, adjustment: .tukey)
        #expect(emm.means.map(\.level) == ["direct", "shift", "thumbspace"])
        for mean in emm.means {
            #expect(abs(mean.response - exp(mean.estimate)) < 1e-12 * mean.response)
            #expect(abs(mean.responseLow - exp(mean.ciLow)) < 1e-9 && mean.responseLow < mean.response)
            #expect(mean.df.isFinite && mean.df > 0)
        }
        let pair = try #require(emm.contrast("direct", "thumbspace"))
        #expect(pair.name == "direct - thumbspace")
        #expect(abs(pair.response - exp(pair.estimate)) < 1e-12 && pair.response < 1)
        #expect(pair.apa.hasPrefix("t(") && pair.p <= 1)
        #expect(emm.dfMethod == "Satterthwaite" && emm.policy.contains("Tukey") && emm.policy.contains("geometric"))
    }

    @Test func holmIsAtLeastTheUnadjustedP() throws {
        let fit = try MixedModel.linear(Self.logTimes(), model: MixedModelSpecification(factors: ["Technique"]))
        let emm = try fit.estimatedMarginalMeans(for: "Technique")
        #expect(emm.adjustment == .holm && emm.contrasts.count == 3)
        #expect(emm.contrasts.allSatisfy { $0.p >= $0.pUnadjusted })
    }

    @Test func logisticMeansAreProbabilities() throws {
        let fit = try MixedModel.logistic(
            LogisticMixedModelTests.trials(), model: MixedModelSpecification(factors: ["Technique"]))
        let emm = try fit.estimatedMarginalMeans(for: "Technique")
        for mean in emm.means {
            #expect(mean.response > 0 && mean.response < 1 && mean.df.isInfinite)
            #expect(abs(mean.response - 1 / (1 + exp(-mean.estimate))) < 1e-12)
        }
        let pair = try #require(emm.contrasts.first)
        #expect(abs(pair.response - exp(pair.estimate)) < 1e-12 && pair.apa.hasPrefix("z = "))
        #expect(emm.dfMethod == "asymptotic (z)")
    }

    @Test func unknownFactorThrows() throws {
        let fit = try MixedModel.linear(Self.logTimes(), model: MixedModelSpecification(factors: ["Technique"]))
        #expect(throws: StatsError.self) { try fit.estimatedMarginalMeans(for: "Size") }
        #expect(throws: StatsError.self) { try fit.estimatedMarginalMeans(for: "Technique", confidenceLevel: 2) }
    }
}
