import Foundation
import Testing

@testable import ThumbLab

/// A pass split in two halves of the trial ids sees every trial once, the lower half's
/// first; when the second reader fails, the pass is made again on one thread.
@Suite struct StoreSplitReadTests {
    let folder = TemporaryFolder()

    /// The id ranges `readSplit` asked its `read` for, from either thread.
    private final class Calls: @unchecked Sendable {
        private let lock = NSLock()
        private var ranges: [ClosedRange<Int64>?] = []

        func record(_ range: ClosedRange<Int64>?) {
            lock.lock()
            ranges.append(range)
            lock.unlock()
        }

        var all: [ClosedRange<Int64>?] {
            lock.lock()
            defer { lock.unlock() }
            return ranges
        }
    }

    /// The times of every trial `query` selects, in storage order (-1 for none), read by
    /// `readSplit`; `failUpper` makes the upper half's read throw.
    private func splitTimes(
        _ database: StudyDatabase, _ query: TrialQuery, minimumTrials: Int, failUpper: Bool, calls: Calls
    ) throws -> [Double] {
        try database.readSplit(
            query, minimumTrials: minimumTrials, start: [Double](),
            read: { query, database, times in
                calls.record(query.idRange)
                if failUpper, query.idRange?.upperBound == .max { throw ThumbLabError.batch(.importStillOpen) }
                try database.forEachTrial(query, fields: [.time]) { times.append($0.timeMS ?? -1) }
            },
            merge: { $0 += $1 })
    }

    @Test(arguments: [AttemptPolicy.first, .all, .last])
    func twoHalvesReadEveryTrialOnceInStorageOrder(attempts: AttemptPolicy) throws {
        let study = try bundledStudy(folder: folder)
        let query = try study.resolve(Selection(attempts: attempts)).trialQuery
        var whole: [Double] = []
        try study.database.forEachTrial(query, fields: [.time]) { whole.append($0.timeMS ?? -1) }
        #expect(whole.count > 5000)
        let calls = Calls()
        #expect(try splitTimes(study.database, query, minimumTrials: 2, failUpper: false, calls: calls) == whole)
        let ranges = calls.all.compactMap { $0 }.sorted { $0.lowerBound < $1.lowerBound }
        #expect(calls.all.count == 2 && ranges.count == 2)
        #expect(ranges.first?.lowerBound == .min && ranges.last?.upperBound == .max)
        #expect(ranges.first.map { $0.upperBound + 1 } == ranges.last?.lowerBound)
        // Below the threshold, one read of the whole.
        let once = Calls()
        #expect(try splitTimes(study.database, query, minimumTrials: .max, failUpper: false, calls: once) == whole)
        #expect(once.all.count == 1 && once.all.first! == nil)
    }

    @Test func aFailedUpperHalfLeavesThePassToOneThread() throws {
        let study = try bundledStudy(folder: folder)
        let query = try study.resolve(Selection(attempts: .all)).trialQuery
        var whole: [Double] = []
        try study.database.forEachTrial(query, fields: [.time]) { whole.append($0.timeMS ?? -1) }
        let calls = Calls()
        #expect(try splitTimes(study.database, query, minimumTrials: 2, failUpper: true, calls: calls) == whole)
        // Lower half, upper half (failed), then the whole pass.
        #expect(calls.all.count == 3)
        #expect(calls.all.last! == nil)
    }
}
