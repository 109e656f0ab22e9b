import Testing

@testable import ThumbLabStats

@Suite struct MannWhitneyPublishedTests {
    /// R `?wilcox.test` (Hollander & Wolfe p. 69): W = 35, exact p = .1272 ("greater"),
    /// .2544 two-sided; pingouin RBC 0.4, CLES 0.7.
    @Test func hollanderWolfe() throws {
        let greater = try MannWhitney.test(
            PublishedSamples.hollanderX, PublishedSamples.hollanderY, alternative: .greater)
        #expect(greater.u == 35)
        #expect(greater.uY == 15)
        #expect(greater.method == .exact)
        #expect(matchesReference(greater.p, 382.0 / 3003.0))
        #expect(abs(greater.p - 0.1272) < 5e-5)
        let twoSided = try MannWhitney.test(PublishedSamples.hollanderX, PublishedSamples.hollanderY)
        #expect(matchesReference(twoSided.p, 764.0 / 3003.0))
        #expect(abs(twoSided.p - 0.2544) < 5e-5)
        #expect(matchesReference(twoSided.rankBiserial.value, 0.4))
        #expect(matchesReference(twoSided.commonLanguage.value, 0.7))
        #expect(twoSided.apa == "W = 35, p = .254, r_rb = .40")
        #expect(twoSided.policyDescription.contains("exact distribution of U"))
    }

    @Test func tiesFallBackToTheNormalApproximation() throws {
        let x: [Double] = [1, 2, 2, 3, 4, 4, 5]
        let y: [Double] = [2, 3, 3, 4, 6, 6]
        let result = try MannWhitney.test(x, y)
        #expect(result.method == .normal)
        #expect(result.continuityCorrection)
        #expect(result.hasTies)
        #expect(result.apa.contains("z = "))
        #expect(throws: StatsError.self) { try MannWhitney.test(x, y, method: .exact) }
    }
}

@Suite struct MannWhitneyFixtureTests {
    @Test(arguments: TwoSampleFixture.shared.independent)
    func everyPolicy(_ c: TwoSampleFixture.IndependentCase) throws {
        let alternative = Alternative(scipy: c.alternative)
        let expected = c.mann_whitney
        var policies: [(RankSumMethod, TwoSampleFixture.ZP)] = [
            (.normal(continuityCorrection: true), expected.normal_cc),
            (.normal(continuityCorrection: false), expected.normal),
        ]
        if let exact = expected.exact { policies.append((.exact, exact)) }
        for (method, reference) in policies {
            let result = try MannWhitney.test(
                c.x, c.y, alternative: alternative, method: method, confidenceLevel: c.level)
            #expect(result.u == expected.u)
            #expect(result.hasTies == expected.ties)
            #expect(matchesReference(result.p, reference.p), "\(method): p \(result.p) vs \(reference.p)")
            if let z = reference.z, method != .exact { #expect(matchesReference(result.z, z)) }
            #expect(matchesReference(result.rankBiserial.value, expected.rank_biserial))
            #expect(matchesReference(result.commonLanguage.value, expected.cles))
            if let ci = expected.rank_biserial_ci {
                let interval = try #require(result.rankBiserial.interval)
                #expect(matchesReference(interval.low, ci[0]) && matchesReference(interval.high, ci[1]))
            }
        }
        let automatic = try MannWhitney.test(c.x, c.y, alternative: alternative)
        let rUsesExact = c.x.count < 50 && c.y.count < 50 && !expected.ties
        #expect(automatic.method == (rUsesExact ? .exact : .normal))
        #expect(matchesReference(automatic.p, rUsesExact ? expected.exact!.p : expected.normal_cc.p))
    }
}
