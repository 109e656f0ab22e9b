import Testing

@testable import ThumbLabStats

@Suite struct EffectSizePublishedTests {
    /// d_z = 1.0118 with the effectsize (noncentral t) CI [0.18, 1.81]; pingouin d_av 0.5681,
    /// Hedges(av) 0.5411 (EXPECTED.md §2.3).
    @Test func depressionPairedEffectSizes() throws {
        let dz = try EffectSizes.pairedDZ(PublishedSamples.depressionX, PublishedSamples.depressionY)
        #expect(matchesReference(dz.value, 1.0117918052161972))
        let interval = try #require(dz.interval)
        #expect(matchesReference(interval.low, 0.17714760906822066))
        #expect(matchesReference(interval.high, 1.8071690619393657))
        #expect(abs(interval.low - 0.18) < 0.005 && abs(interval.high - 1.81) < 0.005)
        #expect(dz.apa == "d_z = 1.01")
        let dav = try EffectSizes.pairedDAv(PublishedSamples.depressionX, PublishedSamples.depressionY)
        #expect(abs(dav.value - 0.5681) < 5e-5)
        #expect(dav.symbol == "d_av")
        let gav = try EffectSizes.pairedDAv(PublishedSamples.depressionX, PublishedSamples.depressionY, hedges: true)
        #expect(abs(gav.value - 0.5411) < 5e-5)
    }

    /// Cohen's d 0.8797 and Hedges' g 0.8280 on the Hollander & Wolfe data.
    @Test func hollanderWolfeIndependentEffectSizes() throws {
        let d = try EffectSizes.cohenD(PublishedSamples.hollanderX, PublishedSamples.hollanderY)
        #expect(matchesReference(d.value, 0.8797172792680098))
        let g = try EffectSizes.hedgesG(PublishedSamples.hollanderX, PublishedSamples.hollanderY)
        #expect(matchesReference(g.value, 0.8279692040169504))
        #expect(abs(g.value - 0.8280) < 5e-5)
        #expect(d.apa == "d = 0.88")
    }

    @Test func noncentralTMatchesCentralTAtZero() {
        for t in [-3.0, -0.5, 0, 1.2, 4] {
            for df in [3.0, 12, 60] {
                #expect(abs(NoncentralTPivot.cdf(t, df: df, delta: 0) - StudentT(df: df).cdf(t)) < 1e-12)
            }
        }
    }
}

@Suite struct EffectSizeFixtureTests {
    static func checkInterval(_ effect: EffectSize, _ expected: [Double]) throws {
        let interval = try #require(effect.interval)
        #expect(matchesReference(interval.low, expected[0]), "\(effect.symbol) low \(interval.low) vs \(expected[0])")
        #expect(
            matchesReference(interval.high, expected[1]), "\(effect.symbol) high \(interval.high) vs \(expected[1])")
    }

    @Test(arguments: TwoSampleFixture.shared.paired)
    func paired(_ c: TwoSampleFixture.PairedCase) throws {
        let e = c.effect_sizes
        let dz = try EffectSizes.pairedDZ(c.x, c.y, confidenceLevel: c.level)
        #expect(matchesReference(dz.value, e.d_z))
        try Self.checkInterval(dz, e.d_z_ci_noncentral)
        let gz = try EffectSizes.pairedGZ(c.x, c.y, confidenceLevel: c.level)
        #expect(matchesReference(gz.value, e.g_z))
        try Self.checkInterval(gz, e.g_z_ci_noncentral)
        // The one-sample d of the differences against 0 is d_z by definition.
        let oneSample = try EffectSizes.oneSampleD(zip(c.x, c.y).map { $0 - $1 }, mu: 0, confidenceLevel: c.level)
        #expect(matchesReference(oneSample.value, e.d_z))
        try Self.checkInterval(oneSample, e.d_z_ci_noncentral)
        let normal = try EffectSizes.pairedDZ(c.x, c.y, confidenceLevel: c.level, interval: .normalApproximation)
        try Self.checkInterval(normal, e.d_z_ci_normal)
        let dav = try EffectSizes.pairedDAv(c.x, c.y)
        #expect(matchesReference(dav.value, e.d_av))
        #expect(matchesReference(dav.value, e.d_av_pingouin))
        #expect(matchesReference(try EffectSizes.pairedDAv(c.x, c.y, hedges: true).value, e.g_av_pingouin))
    }

    @Test(arguments: TwoSampleFixture.shared.independent)
    func independent(_ c: TwoSampleFixture.IndependentCase) throws {
        let e = c.effect_sizes
        let d = try EffectSizes.cohenD(c.x, c.y, confidenceLevel: c.level)
        #expect(matchesReference(d.value, e.cohen_d) && matchesReference(d.value, e.cohen_d_pingouin))
        try Self.checkInterval(d, e.cohen_d_ci_noncentral)
        let g = try EffectSizes.hedgesG(c.x, c.y, confidenceLevel: c.level)
        #expect(matchesReference(g.value, e.hedges_g) && matchesReference(g.value, e.hedges_g_pingouin))
        try Self.checkInterval(g, e.hedges_g_ci_noncentral)
        try Self.checkInterval(
            try EffectSizes.cohenD(c.x, c.y, confidenceLevel: c.level, interval: .normalApproximation),
            e.cohen_d_ci_normal)
        try Self.checkInterval(
            try EffectSizes.hedgesG(c.x, c.y, confidenceLevel: c.level, interval: .normalApproximation),
            e.hedges_g_ci_normal)
    }
}
