import Foundation
import Testing

@testable import ThumbLab

/// `compare --measure score:...` on the bundled answers against pingouin and scipy
/// (Fixtures/analysis/gen_score_comparisons.py): SUS totals get the ANOVA family, the
/// single satisfaction item a rank test.
@Suite struct ScoreComparisonTests {
    let folder = TemporaryFolder()
    let expected: [String: Any] = {
        let data = try! Data(contentsOf: URL(fileURLWithPath: analysisFixture("score_comparisons.json")))
        return try! JSONSerialization.jsonObject(with: data) as! [String: Any]
    }()

    func value(_ group: String, _ key: String) throws -> Double {
        try #require((expected[group] as? [String: Any])?[key] as? Double, "\(group).\(key)")
    }

    @Test func susAcrossTechniquesIsAnRMANOVAWithPostHoc() throws {
        let study = try bundledStudy(["responses.csv"], folder: folder)
        let report = try study.compare(ComparisonRequest(measure: .score("sus"), factors: ["technique"]))
        let comparison = try #require(report.comparisons.first)
        let test = try #require(comparison.tests.first)
        #expect(test.test == "rm-anova")
        #expect(close(test.statistic, try value("sus", "F")))
        #expect(close(test.p, try value("sus", "p")))
        #expect(close(test.ges, try value("sus", "ges")))
        #expect(close(test.epsilonGG, try value("sus", "epsilon_gg")))
        #expect(close(test.mauchlyW, try value("sus", "mauchly_W")))
        for level in comparison.levels {
            let mean = try #require(((expected["sus"] as? [String: Any])?["means"] as? [String: Double])?[level.level])
            #expect(close(level.mean, mean), "\(level.level)")
        }
        let posthoc = try #require((expected["sus"] as? [String: Any])?["posthoc"] as? [[String: Any]])
        #expect(comparison.posthoc.count == posthoc.count)
        for (pair, reference) in zip(comparison.posthoc, posthoc) {
            #expect(close(pair.statistic, reference["t"] as! Double))
            #expect(close(pair.pAdjusted, reference["p_holm"] as! Double))
        }
    }

    @Test func theSatisfactionItemIsOrdinalSoFriedman() throws {
        let study = try bundledStudy(["responses.csv"], folder: folder)
        let report = try study.compare(ComparisonRequest(measure: .score("satisfaction"), factors: ["technique"]))
        let comparison = try #require(report.comparisons.first)
        let test = try #require(comparison.tests.first)
        #expect(test.test == "friedman")
        #expect(comparison.reasons.contains { $0.contains("ordinal") })
        #expect(close(test.statistic, try value("satisfaction", "chi2")))
        #expect(close(test.p, try value("satisfaction", "p")))
        #expect(close(test.kendallW, try value("satisfaction", "kendall_w")))
        #expect(comparison.posthoc.isEmpty, "no post-hoc after a non-significant omnibus test")
    }

    @Test func anInstrumentTheDataLackIsAUsageError() throws {
        let study = try bundledStudy(["responses.csv"], folder: folder)
        #expect {
            try study.compare(ComparisonRequest(measure: .score("tlx"), factors: ["technique"]))
        } throws: { error in
            guard case ThumbLabError.analysis(.unknownInstrument("tlx", let known)) = error else { return false }
            return known.contains("SUS") && known.contains("satisfaction")
        }
    }
}
