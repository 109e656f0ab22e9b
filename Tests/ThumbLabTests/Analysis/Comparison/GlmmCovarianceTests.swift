import Foundation
import Testing
import ThumbLabStats

@testable import ThumbLab

/// `compare --test glmm` with lme4's covariance (the default) and the exact one, against the
/// chi-square of `car::Anova(glmer(...), type = 3)` with glmer's defaults
/// (Fixtures/analysis/gen_mixed_comparisons.R).
@Suite struct GlmmCovarianceTests {
    let folder = TemporaryFolder()

    func referenceChiSquare() throws -> Double {
        let data = try Data(contentsOf: URL(fileURLWithPath: analysisFixture("mixed_comparisons.json")))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let glmm = try #require((json["balanced"] as? [String: Any])?["glmm"] as? [String: Any])
        return try #require(glmm["chisq"] as? Double)
    }

    func chiSquare(_ covariance: LogisticMixedModelCovariance) throws -> Double {
        let report = try bundledStudy(folder: folder).compare(
            ComparisonRequest(measure: .error, factors: ["technique"], test: .glmm, glmmCovariance: covariance))
        return try #require(report.comparisons.first?.tests.first?.statistic)
    }

    @Test func theDefaultCovarianceMatchesGlmerAndTheExactOneStaysClose() throws {
        let reference = try referenceChiSquare()
        let lme4 = try chiSquare(.lme4)
        let exact = try chiSquare(.exact)
        #expect(close(lme4, reference, 1e-4), "\(lme4) vs \(reference)")
        #expect(close(exact, reference, 3e-2), "\(exact) vs \(reference)")
        #expect(lme4 != exact)
    }
}
