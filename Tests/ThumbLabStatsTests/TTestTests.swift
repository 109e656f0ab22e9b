import Testing

@testable import ThumbLabStats

/// Published examples: EXPECTED.md §2.2–2.3 (R `?wilcox.test` depression data, Hollander &
/// Wolfe p. 69 data, pingouin docstrings).
enum PublishedSamples {
    static let depressionX = [1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30]
    static let depressionY = [0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29]
    static let hollanderX = [0.80, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46]
    static let hollanderY = [1.15, 0.88, 0.90, 0.74, 1.21]
    static let pingouinPre = [5.5, 2.4, 6.8, 9.6, 4.2]
    static let pingouinPost = [6.4, 3.4, 6.4, 11.0, 4.8]
    static let tiesX: [Double] = [20, 22, 19, 20, 22, 18, 24, 20, 19, 24, 26, 13]
    static let tiesY: [Double] = [38, 37, 33, 29, 14, 12, 20, 22, 17, 25, 26, 16]
}

@Suite struct TTestPublishedTests {
    @Test func pairedDepressionData() throws {
        let result = try TTest.paired(PublishedSamples.depressionX, PublishedSamples.depressionY)
        #expect(result.kind == .paired)
        #expect(matchesReference(result.t, 3.0353754156485917))
        #expect(result.df == 8)
        #expect(matchesReference(result.p, 0.016176627434908088))
        #expect(matchesReference(result.ciLow, 0.10377871227216856))
        #expect(matchesReference(result.ciHigh, 0.7599990655056093))
        #expect(abs(result.effectSize.value - 1.0118) < 5e-5)
        #expect(result.effectSize.symbol == "d_z")
        #expect(result.apa == "t(8) = 3.04, p = .016, d_z = 1.01")
        #expect(result.policy == "two-sided; differences x − y; 95% CI of the difference")
    }

    /// pingouin `ttest([5.5, 2.4, 6.8, 9.6, 4.2], 4)`: T = 1.40, df 4, p = .23, CI [2.32, 9.08].
    @Test func oneSamplePingouinDocstring() throws {
        let result = try TTest.oneSample(PublishedSamples.pingouinPre, mu: 4)
        #expect(matchesReference(result.t, 1.3973913920955365))
        #expect(result.df == 4)
        #expect(matchesReference(result.p, 0.2348236796442144))
        #expect(matchesReference(result.ciLow, 2.322308749334592))
        #expect(matchesReference(result.ciHigh, 9.077691250665406))
        #expect(matchesReference(result.estimate, 5.7))
        #expect(matchesReference(result.meanDifference, 1.7))
    }

    /// pingouin paired pre/post with alternative "less": T = −2.31, p = .04.
    @Test func pairedLessPingouinDocstring() throws {
        let result = try TTest.paired(PublishedSamples.pingouinPre, PublishedSamples.pingouinPost, alternative: .less)
        #expect(matchesReference(result.t, -2.3078316568852553))
        #expect(matchesReference(result.p, 0.041113975286065335))
        #expect(result.ciLow == -.infinity)
        #expect(matchesReference(result.ciHigh, -0.05337885413933774))
        #expect(result.apa.hasPrefix("t(4) = -2.31, p = .041"))
    }

    /// Hollander & Wolfe data: Welch t(12.971) = 2.0414, p = .0621; Student t(13) = 1.6061, p = .1323.
    @Test func welchAndStudentHollanderWolfe() throws {
        let welch = try TTest.welch(PublishedSamples.hollanderX, PublishedSamples.hollanderY)
        #expect(matchesReference(welch.t, 2.0413830922100695))
        #expect(matchesReference(welch.df, 12.970538443257544))
        #expect(matchesReference(welch.p, 0.06210134378107847))
        #expect(welch.apa.hasPrefix("t(12.97) = 2.04, p = .062, d = 0.88"))
        #expect(welch.policy.hasPrefix("two-sided; Welch–Satterthwaite"))
        let student = try TTest.student(PublishedSamples.hollanderX, PublishedSamples.hollanderY)
        #expect(matchesReference(student.t, 1.606136660273869))
        #expect(student.df == 13)
        #expect(matchesReference(student.p, 0.13225051067782642))
        #expect(student.kind.rawValue == "student-t")
    }
}

@Suite struct TTestFixtureTests {
    static func check(_ result: TTestResult, _ expected: TwoSampleFixture.TTest, estimate: Double) {
        #expect(matchesReference(result.t, expected.t))
        #expect(matchesReference(result.df, expected.df))
        #expect(matchesReference(result.p, expected.p))
        #expect(matchesReference(estimate, expected.estimate))
        #expect(matchesReferenceLimit(result.ciLow, expected.ci_low))
        #expect(matchesReferenceLimit(result.ciHigh, expected.ci_high))
        #expect(!result.p.isNaN && !result.t.isNaN)
    }

    @Test(arguments: TwoSampleFixture.shared.paired)
    func oneSampleAndPaired(_ c: TwoSampleFixture.PairedCase) throws {
        let alternative = Alternative(scipy: c.alternative)
        let one = try TTest.oneSample(c.x, mu: c.mu, alternative: alternative, confidenceLevel: c.level)
        Self.check(one, c.one_sample_t, estimate: one.meanDifference)
        let paired = try TTest.paired(c.x, c.y, alternative: alternative, confidenceLevel: c.level)
        Self.check(paired, c.paired_t, estimate: paired.estimate)
    }

    @Test(arguments: TwoSampleFixture.shared.independent)
    func studentAndWelch(_ c: TwoSampleFixture.IndependentCase) throws {
        let alternative = Alternative(scipy: c.alternative)
        let student = try TTest.student(c.x, c.y, alternative: alternative, confidenceLevel: c.level)
        Self.check(student, c.student_t, estimate: student.estimate)
        let welch = try TTest.welch(c.x, c.y, alternative: alternative, confidenceLevel: c.level)
        Self.check(welch, c.welch_t, estimate: welch.estimate)
    }
}
