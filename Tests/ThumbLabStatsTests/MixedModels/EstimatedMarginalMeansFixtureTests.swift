import Foundation
import Testing

@testable import ThumbLabStats

/// Estimated marginal means and pairwise contrasts against emmeans 1.x (`gen_mixed_models.R`):
/// Satterthwaite df for the linear models, asymptotic z for the logistic ones; Holm and Tukey.
@Suite("Estimated marginal means against emmeans")
struct EstimatedMarginalMeansFixtureTests {
    static var cases: [MixedModelCase] {
        MixedModelCase.all.filter { !($0.expected.emmeans ?? []).isEmpty }
    }

    @Test(arguments: cases)
    func matchesEmmeans(_ reference: MixedModelCase) throws {
        let expected = reference.expected
        let linear = reference.kind == "lmm"
        // The logistic fit itself is compared at 1e-4.
        let tolerance = linear ? 1e-6 : 1e-4
        let lmm =
            linear
            ? try MixedModel.linear(
                reference.observations, model: reference.specification, estimation: reference.reml ? .reml : .ml) : nil
        let glmm =
            linear
            ? nil : try MixedModel.logistic(reference.observations, model: reference.specification, covariance: .exact)
        for block in expected.emmeans ?? [] {
            for (adjustment, contrasts) in [(ContrastAdjustment.holm, block.holm), (.tukey, block.tukey)] {
                let result =
                    try lmm?.estimatedMarginalMeans(for: block.factor, adjustment: adjustment)
                    ?? glmm!.estimatedMarginalMeans(for: block.factor, adjustment: adjustment)
                let label = "\(reference.name) \(block.factor)"
                #expect(result.means.map(\.level) == block.levels.values, "\(label)")
                for (index, mean) in result.means.enumerated() {
                    #expect(
                        relativeError(mean.estimate, block.emmean.values[index], floor: 1e-2) < tolerance,
                        "\(label) emmean \(mean.estimate) vs \(block.emmean.values[index])")
                    #expect(relativeError(mean.standardError, block.se.values[index]) < tolerance, "\(label) se")
                    #expect(
                        relativeError(mean.ciLow, block.lower.values[index], floor: 1e-2) < tolerance,
                        "\(label) lower \(mean.ciLow) vs \(block.lower.values[index])")
                    #expect(
                        relativeError(mean.ciHigh, block.upper.values[index], floor: 1e-2) < tolerance, "\(label) upper"
                    )
                    if linear {
                        #expect(
                            relativeError(mean.df, block.df.values[index]) < tolerance,
                            "\(label) df \(mean.df) vs \(block.df.values[index])")
                    } else {
                        #expect(mean.df.isInfinite)
                    }
                }
                #expect(result.contrasts.map(\.name) == contrasts.contrast.values, "\(label)")
                for (index, contrast) in result.contrasts.enumerated() {
                    let name = "\(label) \(adjustment) \(contrast.name)"
                    #expect(
                        relativeError(contrast.estimate, contrasts.estimate.values[index], floor: 1e-2) < tolerance,
                        "\(name) estimate")
                    #expect(relativeError(contrast.standardError, contrasts.se.values[index]) < tolerance, "\(name) se")
                    #expect(
                        abs(contrast.statistic - contrasts.statistic.values[index]) < tolerance
                            * max(1, abs(contrasts.statistic.values[index])), "\(name) statistic")
                    if linear {
                        #expect(
                            relativeError(contrast.df, contrasts.df.values[index]) < tolerance,
                            "\(name) df \(contrast.df) vs \(contrasts.df.values[index])")
                    }
                    let p = contrasts.p.values[index]
                    #expect(
                        relativeError(contrast.p, p, floor: 1e-3) < 10 * tolerance, "\(name) p \(contrast.p) vs \(p)")
                }
            }
        }
    }
}
