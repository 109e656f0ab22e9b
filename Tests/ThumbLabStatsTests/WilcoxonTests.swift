import Testing

@testable import ThumbLabStats

@Suite struct WilcoxonPublishedTests {
    /// R: `wilcox.test(x, y, paired = TRUE, alternative = "greater")`: V = 40, p = 0.01953.
    @Test func depressionGreaterExact() throws {
        let result = try WilcoxonSignedRank.test(
            PublishedSamples.depressionX, PublishedSamples.depressionY, alternative: .greater)
        #expect(result.wPlus == 40)
        #expect(result.wMinus == 5)
        #expect(result.nUsed == 9)
        #expect(result.method == .exact)
        #expect(result.p == 10.0 / 512.0)
        #expect(abs(result.p - 0.01953) < 5e-6)
    }

    /// Two-sided: p = 0.03906; r = 0.691 (rstatix), rank-biserial 0.78 [0.30, 0.94] (effectsize).
    @Test func depressionTwoSidedWithEffectSizes() throws {
        let result = try WilcoxonSignedRank.test(PublishedSamples.depressionX, PublishedSamples.depressionY)
        #expect(result.p == 20.0 / 512.0)
        #expect(matchesReference(result.z, 2.073221072156823))
        #expect(abs(result.r - 0.691) < 5e-4)
        #expect(matchesReference(result.rankBiserial.value, 7.0 / 9.0))
        let interval = try #require(result.rankBiserial.interval)
        #expect(matchesReference(interval.low, 0.29536312933624226))
        #expect(matchesReference(interval.high, 0.9441559019200815))
        #expect(abs(interval.low - 0.30) < 0.005 && abs(interval.high - 0.94) < 0.005)
        #expect(result.apa == "V = 40, p = .039, r_rb = .78")
        #expect(result.policyDescription.contains("exact distribution"))
        #expect(result.policyDescription.contains("R's wilcox.test"))
    }

    struct PolicyCase: Sendable, CustomTestStringConvertible {
        let label: String
        let policy: WilcoxonPolicy
        let wPlus: Double
        let p: Double
        let z: Double?
        let method: PValueMethod
        var testDescription: String { label }
    }

    /// EXPECTED.md §2.3, the pingouin example with a zero and ties, under each policy.
    static let tiesPolicies: [PolicyCase] = [
        PolicyCase(
            label: "R default: normal, tie-corrected, continuity correction", policy: .rDefault,
            wPlus: 20.5, p: 0.2857652190231508, z: -1.0674576691236612, method: .normal),
        PolicyCase(
            label: "normal without continuity correction",
            policy: WilcoxonPolicy(method: .normal(continuityCorrection: false)),
            wPlus: 20.5, p: 0.2661660677806492, z: -1.1119350720038137, method: .normal),
        PolicyCase(
            label: "exact permutation, zeros dropped (scipy auto, coin exact)",
            policy: WilcoxonPolicy(method: .permutation), wPlus: 20.5, p: 0.2880859375, z: nil, method: .exact),
        PolicyCase(
            label: "exact permutation, Pratt (coin exact Pratt)",
            policy: WilcoxonPolicy(zeroHandling: .pratt, method: .permutation),
            wPlus: 24.5, p: 0.2919921875, z: nil, method: .exact),
        PolicyCase(
            label: "exact distribution ignoring ties (scipy method=exact)",
            policy: WilcoxonPolicy(method: .exact), wPlus: 20.5, p: 0.3203125, z: nil, method: .exact),
        PolicyCase(
            label: "Pratt, normal with continuity correction (scipy)",
            policy: WilcoxonPolicy(zeroHandling: .pratt, method: .normal(continuityCorrection: true)),
            wPlus: 24.5, p: 0.2890303323787631, z: -1.0602512031230986, method: .normal),
        PolicyCase(
            label: "Pratt, normal without continuity correction (scipy)",
            policy: WilcoxonPolicy(zeroHandling: .pratt, method: .normal(continuityCorrection: false)),
            wPlus: 24.5, p: 0.2715414171175814, z: -1.099519766201732, method: .normal),
    ]

    @Test(arguments: tiesPolicies)
    func zeroAndTiesExample(_ c: PolicyCase) throws {
        let result = try WilcoxonSignedRank.test(PublishedSamples.tiesX, PublishedSamples.tiesY, policy: c.policy)
        #expect(result.wPlus == c.wPlus)
        #expect(result.zeros == 1)
        #expect(result.hasTies)
        #expect(result.method == c.method)
        #expect(matchesReference(result.p, c.p))
        if let z = c.z { #expect(matchesReference(result.z, z)) }
        #expect(matchesReference(result.r, result.z / Double(result.nUsed).squareRoot()))
    }

    @Test func tiesExampleReportsItsPolicy() throws {
        let result = try WilcoxonSignedRank.test(PublishedSamples.tiesX, PublishedSamples.tiesY)
        #expect(result.nUsed == 11)
        #expect(result.wMinus == 45.5)
        #expect(result.continuityCorrection)
        let policy = result.policyDescription
        #expect(policy.contains("zero differences dropped (1 dropped)"))
        #expect(policy.contains("tie-corrected"))
        #expect(policy.contains("continuity correction"))
        #expect(result.apa == "V = 20.5, z = -1.07, p = .286, r_rb = -.38")
    }
}

@Suite struct WilcoxonFixtureTests {
    static func check(
        _ x: [Double], _ y: [Double], _ alternative: Alternative, _ zeroHandling: ZeroHandling,
        _ expected: TwoSampleFixture.SignedRank, level: Double
    ) throws {
        let policies: [(SignedRankMethod, TwoSampleFixture.ZP?)] = [
            (.normal(continuityCorrection: true), expected.normal_cc),
            (.normal(continuityCorrection: false), expected.normal),
            (.exact, zeroHandling == .wilcox ? expected.exact_rounded : nil),
            (.permutation, expected.permutation),
        ]
        for (method, reference) in policies {
            guard let reference else { continue }
            let result = try WilcoxonSignedRank.test(
                x, y, alternative: alternative,
                policy: WilcoxonPolicy(zeroHandling: zeroHandling, method: method), confidenceLevel: level)
            #expect(result.wPlus == expected.w_plus)
            #expect(result.wMinus == expected.w_minus)
            #expect(result.nUsed == expected.n_used)
            #expect(matchesReference(result.p, reference.p), "\(method): p \(result.p) vs \(reference.p)")
            if let z = reference.z { #expect(matchesReference(result.z, z), "\(method): z \(result.z) vs \(z)") }
            #expect(matchesReference(result.rankBiserial.value, expected.rank_biserial))
            if let ci = expected.rank_biserial_ci {
                let interval = try #require(result.rankBiserial.interval)
                #expect(matchesReference(interval.low, ci[0]) && matchesReference(interval.high, ci[1]))
            } else {
                #expect(result.rankBiserial.interval == nil)
            }
        }
    }

    @Test(arguments: TwoSampleFixture.shared.paired)
    func everyPolicy(_ c: TwoSampleFixture.PairedCase) throws {
        let alternative = Alternative(scipy: c.alternative)
        try Self.check(c.x, c.y, alternative, .wilcox, c.wilcoxon.wilcox, level: c.level)
        try Self.check(c.x, c.y, alternative, .pratt, c.wilcoxon.pratt, level: c.level)
        // Without ties and zeros the exact distribution is exact, and R's default picks it below n = 50.
        if let exact = c.wilcoxon.wilcox.exact {
            let result = try WilcoxonSignedRank.test(c.x, c.y, alternative: alternative)
            #expect(matchesReference(result.p, result.nUsed < 50 ? exact.p : c.wilcoxon.wilcox.normal_cc.p))
        }
    }
}
