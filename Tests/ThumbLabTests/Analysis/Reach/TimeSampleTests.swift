import Foundation
import Testing

@testable import ThumbLab

/// The heatmap cells' time sample: its median against numpy's (`Fixtures/reach/medians.json`)
/// whether the times stay whole tenths or turn to doubles midway, and selection against a
/// sort.
@Suite struct TimeSampleTests {
    nonisolated(unsafe) static let reference: [String: Any] = {
        let url = repositoryRoot.appendingPathComponent("Tests/ThumbLabTests/Fixtures/reach/medians.json")
        guard let data = try? Data(contentsOf: url),
            let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return [:] }
        return root["samples"] as? [String: Any] ?? [:]
    }()

    static let sampleNames = [
        "single", "pair", "odd_tenths", "even_tenths", "whole_ms", "three_levels_even", "equal_middles", "ascending",
        "descending", "organ_pipe", "negative_and_zero", "finer_midway", "beyond_tenths", "large_odd",
        "large_even_few_levels",
    ]

    @Test(arguments: sampleNames)
    func medianEqualsNumpy(_ name: String) throws {
        let sample = try #require(Self.reference[name] as? [String: Any], "no sample \(name) in medians.json")
        let values = try #require(sample["values"] as? [Double])
        let expected = try #require(sample["median"] as? Double)
        var times = TimeSample()
        for value in values { times.append(value) }
        #expect(times.count == values.count)
        #expect(times.median() == expected, "\(name)")
    }

    /// Past ``TimeSample/countedFrom`` times the sample keeps counts of distinct times; its
    /// median stays the middle of the sorted times, whole tenths or not.
    @Test(arguments: [(0, false), (1, false), (2, true), (3, true)])
    func countedSampleKeepsTheExactMedian(extra: Int, finer: Bool) {
        var state: UInt64 = 7
        var values: [Double] = []
        var times = TimeSample()
        for index in 0..<(TimeSample.countedFrom + extra) {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            var value = Double(2000 + Int(state >> 52)) / 10
            if finer && index == TimeSample.countedFrom / 2 { value += 0.01 }
            values.append(value)
            times.append(value)
        }
        for value in [123.4, 98_765.5] {
            values.append(value)
            times.append(value)
        }
        expectMedian(of: times, equalTo: values)
    }

    /// Expects `times` to hold as many times as `values` and their type 7 median.
    private func expectMedian(of times: TimeSample, equalTo values: [Double]) {
        let sorted = values.sorted()
        let middle = (sorted.count - 1) / 2
        let expected = sorted.count % 2 == 1 ? sorted[middle] : 0.5 * sorted[middle] + 0.5 * sorted[middle + 1]
        #expect(times.count == sorted.count)
        #expect(times.median() == expected)
    }

    /// Times that are almost all distinct stay times, since counting them would take more
    /// memory; the median stays exact, also when merged with a sample that counts.
    @Test func distinctTimesAreKeptAsTimes() {
        var state: UInt64 = 3
        var values: [Double] = []
        var times = TimeSample()
        for _ in 0..<(2 * TimeSample.countedFrom + 1) {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let value = Double(state >> 20) / 1024
            values.append(value)
            times.append(value)
        }
        #expect(!times.isCounting)
        var counting = TimeSample()
        for index in 0..<TimeSample.countedFrom {
            counting.append(Double(300 + index % 50))
            values.append(Double(300 + index % 50))
        }
        #expect(counting.isCounting)
        times.merge(counting)
        expectMedian(of: times, equalTo: values)
    }

    /// `values` counted by a table, checked against a `Dictionary`'s counts of them.
    private func countedAlike(
        _ values: [(value: Double, times: Int)], sourceLocation: SourceLocation = #_sourceLocation
    ) -> DistinctCounts {
        var table = DistinctCounts()
        var dictionary: [Double: Int] = [:]
        for (value, times) in values {
            table.add(value, times: times)
            dictionary[value, default: 0] += times
        }
        #expect(table.distinct == dictionary.count, sourceLocation: sourceLocation)
        let expected = dictionary.keys.sorted().map { ($0, dictionary[$0]!) }
        let counted = table.sorted()
        #expect(counted.map(\.value) == expected.map(\.0), sourceLocation: sourceLocation)
        #expect(counted.map(\.count) == expected.map(\.1), sourceLocation: sourceLocation)
        return table
    }

    /// The counting table agrees with a `Dictionary` on values drawn from many distinct
    /// ones (so that it grows several times), and counts -0.0 and 0.0 as one value.
    @Test func distinctCountsAgreeWithADictionary() {
        var state: UInt64 = 11
        let values = (0..<200_000).map { index in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let value = index % 1000 == 0 ? (index % 2000 == 0 ? -0.0 : 0.0) : Double(Int(state >> 49) - 8000) / 8
            return (value: value, times: 1)
        }
        let table = countedAlike(values)
        #expect(table.distinct > 10_000)
        #expect(table.sorted().first { $0.value == 0 }?.value.sign == .plus)
    }

    /// Whole tenths are counted in a window that widens down and up as values arrive; those
    /// too far from it for its limit, and values that are not whole tenths, go to the hash
    /// table; no value is counted in both, and the counts agree with a `Dictionary`.
    @Test func distinctCountsOfTenthsFarApartAgreeWithADictionary() {
        var state: UInt64 = 5
        let values = (0..<300_000).map { index in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let tenth = Int(state >> 45) % 600_000 - 100_000
            // A start in the middle, then tenths over 60 s, a few from a minute away and
            // every 97th value a hundredth.
            let value =
                index == 0
                ? 250.0
                : index % 97 == 0
                    ? Double(tenth) / 100 : index % 1001 == 0 ? Double(tenth + 1_000_000) / 10 : Double(tenth) / 10
            return (value: value, times: index % 5 == 0 ? 3 : 1)
        }
        let table = countedAlike(values)
        #expect(table.distinct > 100_000)
        #expect(table.bytes >= DistinctCounts.windowLimit * 8)
    }

    @Test func emptySampleHasNoMedian() {
        #expect(TimeSample().median() == nil)
    }

    @Test func cellMedianIsTheSampleMedian() {
        var cell = CellTally()
        for time in [900.0, 812.5, 700.2, .infinity, 1000.0] {
            cell.add(TalliedTrial(StoredTrial(participantID: 1, conditionID: 1, batchID: 1, timeMS: time)))
        }
        #expect(cell.trials == 5)
        #expect(cell.times.count == 4)
        #expect(cell.medianTime == 856.25)
    }

    /// Orders that defeat a naive pivot, ties, and every rank of small samples.
    @Test func selectionPutsEveryRankWhereASortWould() {
        var samples: [[Int32]] = [
            Array(0..<1000), Array((0..<1000).reversed()), Array(repeating: 7, count: 500),
            (0..<999).map { Int32($0 % 3) }, (0..<1001).map { Int32(abs(500 - $0)) },
        ]
        samples += (1...40).map { size in (0..<size).map { Int32(($0 * 7919 + size) % 11) - 5 } }
        for sample in samples {
            let sorted = sample.sorted()
            for k in sample.indices where sample.count <= 60 || k % 97 == 0 || k == sample.count - 1 {
                var values = sample
                values.withUnsafeMutableBufferPointer { TimeSample.select(k, in: $0) }
                #expect(values[k] == sorted[k])
                #expect(
                    values[..<k].allSatisfy { $0 <= values[k] } && values[(k + 1)...].allSatisfy { $0 >= values[k] })
            }
        }
    }
}
