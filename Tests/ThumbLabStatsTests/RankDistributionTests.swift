import Testing

@testable import ThumbLabStats

@Suite struct AverageRanksTests {
    @Test func tiedValuesShareTheMeanRank() {
        let ranked = AverageRanks([3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5])
        #expect(ranked.ranks == [4.5, 1.5, 6, 1.5, 8, 11, 3, 10, 8, 4.5, 8])
        #expect(ranked.tieGroupSizes == [2, 1, 2, 1, 3, 1, 1])
        #expect(ranked.hasTies)
        #expect(ranked.tieCorrectionSum == 6 + 6 + 24)
    }

    @Test func untiedValuesGetOneToN() {
        let ranked = AverageRanks([0.5, -2, 7])
        #expect(ranked.ranks == [2, 1, 3])
        #expect(!ranked.hasTies)
        #expect(ranked.tieCorrectionSum == 0)
    }

    @Test func emptySampleHasNoRanks() {
        let ranked = AverageRanks([])
        #expect(ranked.ranks.isEmpty)
        #expect(ranked.tieGroupSizes.isEmpty)
    }
}

@Suite struct SignedRankDistributionTests {
    /// Counts of subsets of {1..n} with each sum, by brute force over all 2^n subsets.
    static func bruteForce(_ scores: [Int]) -> [Double] {
        let total = scores.reduce(0, +)
        var counts = [Double](repeating: 0, count: total + 1)
        for mask in 0..<(1 << scores.count) {
            var sum = 0
            for (bit, score) in scores.enumerated() where mask & (1 << bit) != 0 { sum += score }
            counts[sum] += 1
        }
        let all = Double(1 << scores.count)
        return counts.map { $0 / all }
    }

    @Test(arguments: [
        [1, 2, 3, 4, 5], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], [3, 3, 6, 9, 9, 9, 14, 20], [0, 2, 5, 5],
    ])
    func matchesEnumeration(scores: [Int]) {
        let exact = SignedRankDistribution(integerScores: scores)
        let enumerated = Self.bruteForce(scores)
        #expect(exact.probabilities.count == enumerated.count)
        for (a, b) in zip(exact.probabilities, enumerated) { #expect(abs(a - b) < 1e-15) }
    }

    /// R: `wilcox.test(x, y, paired = TRUE, alternative = "greater")` on the depression data
    /// gives V = 40, p = 0.01953 (= 10/512).
    @Test func depressionExampleTail() {
        let distribution = SignedRankDistribution(n: 9)
        #expect(distribution.upperTail(40) == 10.0 / 512.0)
        #expect(distribution.lowerTail(5) == 10.0 / 512.0)
        #expect(distribution.maximum == 45)
    }

    @Test func tailsAreTinyButNotZeroForLargeN() {
        let distribution = SignedRankDistribution(n: 200)
        let smallest = distribution.lowerTail(0)
        #expect(smallest == 0x1p-200)
        #expect(distribution.upperTail(distribution.maximum) == 0x1p-200)
        #expect(abs(distribution.probabilities.reduce(0, +) - 1) < 1e-12)
    }
}

@Suite struct MannWhitneyDistributionTests {
    /// Counts of U over all C(m+n, m) placements of the x values, by enumeration.
    static func bruteForce(m: Int, n: Int) -> [Double] {
        var counts = [Double](repeating: 0, count: m * n + 1)
        var total = 0.0
        for mask in 0..<(1 << (m + n)) where mask.nonzeroBitCount == m {
            // Bit k set: the (k+1)-th smallest value is an x; it exceeds the y values below it.
            var u = 0
            var ysBelow = 0
            for k in 0..<(m + n) {
                if mask & (1 << k) != 0 { u += ysBelow } else { ysBelow += 1 }
            }
            counts[u] += 1
            total += 1
        }
        return counts.map { $0 / total }
    }

    @Test(arguments: [(1, 1), (2, 3), (4, 4), (5, 7), (10, 3)])
    func matchesEnumeration(sizes: (Int, Int)) {
        let exact = MannWhitneyDistribution(m: sizes.0, n: sizes.1)
        let enumerated = Self.bruteForce(m: sizes.0, n: sizes.1)
        #expect(exact.maximum + 1 == enumerated.count)
        for (u, b) in enumerated.enumerated() { #expect(abs(exact.probability(u) - b) < 1e-14) }
        var below = 0.0
        for u in 0...exact.maximum {
            below += enumerated[u]
            #expect(abs(exact.lowerTail(u) - below) < 1e-13)
            #expect(abs(exact.upperTail(u) - (1 - below + enumerated[u])) < 1e-13)
        }
    }

    /// R `?wilcox.test` (Hollander & Wolfe p. 69): W = 35 for m = 10, n = 5, exact p = .1272
    /// for "greater"; C(15,5) = 3003 placements, 382 of them with U >= 35.
    @Test func hollanderWolfeTail() {
        let distribution = MannWhitneyDistribution(m: 10, n: 5)
        #expect(abs(distribution.upperTail(35) - 382.0 / 3003.0) < 1e-15)
        #expect(abs(distribution.upperTail(35) - 0.1272) < 5e-5)
        #expect(distribution.lowerTail(-1) == 0)
        #expect(distribution.upperTail(51) == 0)
    }
}

@Suite struct ExactTailTests {
    /// Two completely separated samples of 40: the one-sided exact p is 1/C(80, 40).
    @Test func mannWhitneySeparatedSamples() throws {
        let x = (0..<40).map { Double($0) + 100 }
        let y = (0..<40).map { Double($0) }
        let greater = try MannWhitney.test(x, y, alternative: .greater, method: .exact)
        #expect(matchesReference(greater.p, 9.301701828018132e-24, relative: 1e-12))
        let twoSided = try MannWhitney.test(x, y, method: .exact)
        #expect(matchesReference(twoSided.p, 1.8603403656036264e-23, relative: 1e-12))
        let less = try MannWhitney.test(x, y, alternative: .less, method: .exact)
        #expect(less.p == 1)
    }

    /// 49 positive, untied differences: R's default is exact and p = 2^−49 for "greater".
    @Test func signedRankAllPositive() throws {
        let x = (1...49).map { Double($0) * 1.5 }
        let y = [Double](repeating: 0, count: 49)
        let result = try WilcoxonSignedRank.test(x, y, alternative: .greater)
        #expect(result.method == .exact)
        #expect(result.p == 0x1p-49)
        #expect(result.wMinus == 0)
        #expect(result.rankBiserial.value == 1)
        let fifty = try WilcoxonSignedRank.test(x + [80], y + [0], alternative: .greater)
        #expect(fifty.method == .normal)
        #expect(fifty.continuityCorrection)
    }
}
