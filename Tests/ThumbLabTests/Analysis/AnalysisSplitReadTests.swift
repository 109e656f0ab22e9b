import Foundation
import Testing

@testable import ThumbLab

/// Summaries, comparisons and reports read in two halves on two threads equal those of
/// one read: every count, label, median and order exactly, every other number to 1e-12
/// relative (sums of the halves are added in another order).
@Suite struct AnalysisSplitReadTests {
    let folder = TemporaryFolder()

    /// The study as one reader and as two, with a check that a read of `selection` splits.
    private func readers(_ study: Study, _ selection: Selection) throws -> (one: Study, two: Study) {
        var one = study
        one.twoReadersFrom = .max
        var two = study
        two.twoReadersFrom = 2
        let query = try study.resolve(selection).trialQuery
        #expect(try study.database.trialHalves(query, minimumTrials: 2) != nil)
        return (one, two)
    }

    /// Records an issue for each difference between `a` and `b`, walking their stored
    /// properties: numbers within `tolerance` relative, anything else by its description.
    private func expectAlike(
        _ a: Any, _ b: Any, at path: String = "", tolerance: Double = 1e-12,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        if let x = a as? Double, let y = b as? Double {
            let same = x == y || (x.isNaN && y.isNaN) || abs(x - y) <= tolerance * max(1, abs(x), abs(y))
            #expect(same, "\(path): \(x) and \(y)", sourceLocation: sourceLocation)
            return
        }
        let left = Mirror(reflecting: a)
        let right = Mirror(reflecting: b)
        guard !left.children.isEmpty || !right.children.isEmpty else {
            #expect(String(describing: a) == String(describing: b), "\(path)", sourceLocation: sourceLocation)
            return
        }
        #expect(left.children.count == right.children.count, "\(path): number of parts", sourceLocation: sourceLocation)
        for (index, (x, y)) in zip(left.children, right.children).enumerated() {
            expectAlike(
                x.value, y.value, at: path + "." + (x.label ?? "\(index)"), tolerance: tolerance,
                sourceLocation: sourceLocation)
        }
    }

    private static let selections = [
        Selection(), Selection(attempts: .all), Selection(attempts: .last),
        Selection(exclude: [LevelFilter(factor: "block", levels: ["1"])], attempts: .last),
    ]

    @Test(arguments: selections)
    func aSummaryReadByTwoEqualsOneReadsSummary(selection: Selection) throws {
        let (one, two) = try readers(try bundledStudy(folder: folder), selection)
        for by in [[], ["technique"], ["technique", "mobility"]] {
            for perParticipant in [false, true] {
                let expected = try one.summary(
                    SummaryRequest(by: by, perParticipant: perParticipant), selection: selection)
                #expect(expected.rows.count > 1)
                expectAlike(
                    expected,
                    try two.summary(SummaryRequest(by: by, perParticipant: perParticipant), selection: selection))
            }
        }
    }

    @Test(arguments: selections)
    func comparisonsReadByTwoEqualOneReadsComparisons(selection: Selection) throws {
        let (one, two) = try readers(try bundledStudy(folder: folder), selection)
        for measure in [Measure.time, .error] {
            let request = ComparisonRequest(measure: measure, factors: ["technique", "mobility"])
            expectAlike(try one.compare(request, selection: selection), try two.compare(request, selection: selection))
        }
        let resolved = try one.resolve(selection)
        let scheme = try CellScheme(factors: ["technique"], selection: resolved)
        for aggregate in [Aggregate.mean, .median, .geomean] {
            let values = try [Int.max, 2].map { from in
                try ParticipantCellValues.aggregate(
                    database: one.database, selection: resolved, scheme: scheme, measure: .time, aggregate: aggregate,
                    twoReadersFrom: from)
            }
            #expect(values[0].trialCount > 1000)
            expectAlike(values[0], values[1])
        }
    }

    @Test(arguments: selections + [Selection(timeTrials: .hits, outliers: .sd(2))])
    func aReportReadByTwoEqualsOneReadsReport(selection: Selection) throws {
        let (one, two) = try readers(try bundledStudy(["trials.csv", "responses.csv"], folder: folder), selection)
        let expected = try one.report(selection: selection)
        #expect(expected.comparisons.count == 2)
        expectAlike(expected, try two.report(selection: selection))
    }

    @Test func runningMomentsMergedAreTheMomentsOfBothParts() {
        for (first, second) in [(0, 5), (5, 0), (1, 1), (7, 300)] {
            var whole = RunningMoments()
            var lower = RunningMoments()
            var upper = RunningMoments()
            for index in 0..<(first + second) {
                // Values near 1e6 apart from a small spread, where sums of squares lose digits.
                let value = 1e6 + Double((index * 7919) % 101) / 8 + (index >= first ? 250 : 0)
                whole.add(value)
                if index < first { lower.add(value) } else { upper.add(value) }
            }
            lower.merge(upper)
            #expect(lower.count == whole.count)
            if let mean = whole.mean { #expect(close(lower.mean, mean, 1e-14)) } else { #expect(lower.mean == nil) }
            if let sd = whole.sd { #expect(close(lower.sd, sd, 1e-9)) } else { #expect(lower.sd == nil) }
        }
    }
}
