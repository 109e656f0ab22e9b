import Testing

@testable import ThumbLab

/// The smallest size not significantly above the largest: Holm-adjusted one-sided tests,
/// walked down from the largest size until one is significant.
@Suite struct SizeThresholdTests {
    private func rows(_ sizes: [Double]) -> [TargetSizeRow] {
        sizes.map {
            TargetSizeRow(
                sizeMM: $0, trials: 10, participants: 10, misses: 0, errorRate: 0, errorCILow: 0, errorCIHigh: 0,
                timeGeomean: nil, timeCILow: nil, timeCIHigh: nil)
        }
    }

    /// Ten participants: `above` gives each a higher proportion than at the largest size
    /// (all ten differences positive and distinct: exact one-sided p = 1/1024), `equal`
    /// the same proportion (every difference zero: no test, p = 1).
    private func proportions(_ pattern: [Double: Bool]) -> [Double: [Int64: Double]] {
        var result: [Double: [Int64: Double]] = [9: Dictionary(uniqueKeysWithValues: (1...10).map { (Int64($0), 0.1) })]
        for (size, above) in pattern {
            result[size] = Dictionary(
                uniqueKeysWithValues: (1...10).map { (Int64($0), above ? 0.2 + Double($0) / 100 : 0.1) })
        }
        return result
    }

    @Test func theWalkStopsAtTheFirstSignificantSize() {
        var analysis = SizeAnalysis(misses: [], rows: rows([3, 5, 7, 9]), targetErrorRate: 0.05)
        analysis.testThresholds(proportions([3: true, 5: true, 7: false]), labels: [:])
        #expect(analysis.tests.map(\.sizeMM) == [3, 5, 7])
        #expect(analysis.tests.map(\.p) == [1.0 / 1024, 1.0 / 1024, 1])
        #expect(analysis.tests.map(\.pAdjusted) == [3.0 / 1024, 3.0 / 1024, 1])
        #expect(analysis.tests[2].note?.contains("equal") == true)
        #expect(analysis.smallestNotAbove == 7)
    }

    @Test func aSignificantSizeHidesSmallerOnesThatAreNot() {
        var analysis = SizeAnalysis(misses: [], rows: rows([3, 5, 7, 9]), targetErrorRate: 0.05)
        analysis.testThresholds(proportions([3: true, 5: false, 7: true]), labels: [:])
        #expect(analysis.tests.map(\.isSignificant) == [true, false, true])
        #expect(analysis.smallestNotAbove == 9)
    }
}
