import Testing

@testable import ThumbLabStats

@Suite struct TwoSampleInvalidInputTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let label: String
        let kind: StatsError.Kind
        let mentions: String
        let run: @Sendable () throws -> Void
        var testDescription: String { label }
    }

    static let cases: [Case] = [
        Case(label: "paired t, unequal lengths", kind: .lengthMismatch, mentions: "x has 3 values, y has 2") {
            _ = try TTest.paired([1, 2, 3], [1, 2])
        },
        Case(label: "paired t, one pair", kind: .tooFewObservations, mentions: "at least 2") {
            _ = try TTest.paired([1], [2])
        },
        Case(label: "paired t, constant differences", kind: .constantData, mentions: "differences") {
            _ = try TTest.paired([1, 2, 3], [0, 1, 2])
        },
        Case(label: "one-sample t, NaN", kind: .nonFinite, mentions: "position 2") {
            _ = try TTest.oneSample([1, .nan, 3])
        },
        Case(label: "one-sample t, infinity", kind: .nonFinite, mentions: "inf") {
            _ = try TTest.oneSample([1, 2, .infinity])
        },
        Case(label: "one-sample t, constant", kind: .constantData, mentions: "standard deviation is 0") {
            _ = try TTest.oneSample([5, 5, 5], mu: 4)
        },
        Case(label: "one-sample t, confidence level 1", kind: .invalidArgument, mentions: "confidence level") {
            _ = try TTest.oneSample([1, 2, 4], confidenceLevel: 1)
        },
        Case(label: "one-sample t, NaN null mean", kind: .nonFinite, mentions: "mu") {
            _ = try TTest.oneSample([1, 2, 4], mu: .nan)
        },
        Case(label: "Mann-Whitney, exact beyond its size limit", kind: .invalidArgument, mentions: "101·100") {
            _ = try MannWhitney.test((0..<101).map(Double.init), (0..<100).map { Double($0) + 0.5 }, method: .exact)
        },
        Case(label: "Welch t, one value in y", kind: .tooFewObservations, mentions: "y") {
            _ = try TTest.welch([1, 2, 3], [4])
        },
        Case(label: "Student t, both samples constant", kind: .constantData, mentions: "constant") {
            _ = try TTest.student([2, 2, 2], [3, 3])
        },
        Case(label: "Wilcoxon, all differences zero", kind: .constantData, mentions: "all 3 differences") {
            _ = try WilcoxonSignedRank.test([1, 2, 3], [1, 2, 3])
        },
        Case(label: "Wilcoxon, unequal lengths", kind: .lengthMismatch, mentions: "one value per pair") {
            _ = try WilcoxonSignedRank.test([1, 2, 3], [1, 2, 3, 4])
        },
        Case(label: "Wilcoxon, no pairs", kind: .tooFewObservations, mentions: "found 0") {
            _ = try WilcoxonSignedRank.test([], [])
        },
        Case(label: "Wilcoxon, exact with Pratt zeros", kind: .invalidArgument, mentions: "permutation") {
            _ = try WilcoxonSignedRank.test(
                [1, 2, 3, 5], [1, 0, 1, 1], policy: WilcoxonPolicy(zeroHandling: .pratt, method: .exact))
        },
        Case(label: "Wilcoxon, NaN in y", kind: .nonFinite, mentions: "y") {
            _ = try WilcoxonSignedRank.test([1, 2, 3], [1, .nan, 3])
        },
        Case(label: "Mann-Whitney, empty y", kind: .tooFewObservations, mentions: "y") {
            _ = try MannWhitney.test([1, 2], [])
        },
        Case(label: "Mann-Whitney, all values equal", kind: .constantData, mentions: "x and y together") {
            _ = try MannWhitney.test([3, 3], [3, 3, 3])
        },
        Case(label: "Mann-Whitney, -infinity", kind: .nonFinite, mentions: "x") {
            _ = try MannWhitney.test([-.infinity, 2], [1, 3])
        },
        Case(label: "Cohen's d, both constant", kind: .constantData, mentions: "constant") {
            _ = try EffectSizes.cohenD([1, 1], [2, 2, 2])
        },
        Case(label: "d_z, unequal lengths", kind: .lengthMismatch, mentions: "y has 1") {
            _ = try EffectSizes.pairedDZ([1, 2], [1])
        },
        Case(label: "d_av, both constant", kind: .constantData, mentions: "constant") {
            _ = try EffectSizes.pairedDAv([1, 1, 1], [2, 2, 2])
        },
    ]

    @Test(arguments: cases)
    func throwsWithAMessage(_ c: Case) {
        do {
            try c.run()
            Issue.record("\(c.label) did not throw")
        } catch let error as StatsError {
            #expect(error.kind == c.kind)
            #expect(error.message.contains(c.mentions), "message: \(error.message)")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    /// Extreme but valid input gives finite figures, never NaN.
    @Test func resultsNeverHoldNaN() throws {
        let x = (0..<40).map { Double($0) * 1e-8 + 1e8 }
        let y = x.map { $0 + 1e-7 }
        let t = try TTest.welch(x, y)
        #expect(!t.t.isNaN && !t.p.isNaN && !t.df.isNaN)
        let w = try WilcoxonSignedRank.test(x, x.enumerated().map { $1 + ($0 % 2 == 0 ? 1 : -2) })
        #expect(!w.z.isNaN && !w.p.isNaN && !w.r.isNaN)
        let u = try MannWhitney.test([1, 1, 1, 1], [2, 2, 2])
        #expect(u.p > 0 && u.p <= 1 && !u.z.isNaN)
        #expect(u.rankBiserial.value == -1)
        #expect(u.rankBiserial.interval == nil)
    }
}
