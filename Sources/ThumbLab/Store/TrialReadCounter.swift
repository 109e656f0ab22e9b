import Foundation

/// Counts the rows of one read of trials and reports them to
/// ``StudyDatabase/readProgress`` every ``TrialReadProgress/interval`` rows and at the end.
struct TrialReadCounter {
    let report: (TrialReadProgress) -> Void
    let estimatedTotal: Int
    private var rows = 0
    private let started = Date()

    init(report: @escaping (TrialReadProgress) -> Void, estimatedTotal: Int) {
        self.report = report
        self.estimatedTotal = estimatedTotal
    }

    mutating func count() {
        rows += 1
        if rows % TrialReadProgress.interval == 0 { report(progress(finished: false)) }
    }

    func finish() {
        report(progress(finished: true))
    }

    private func progress(finished: Bool) -> TrialReadProgress {
        TrialReadProgress(
            rows: rows, estimatedTotal: estimatedTotal, finished: finished, elapsed: Date().timeIntervalSince(started))
    }
}

extension StudyDatabase {
    /// The span of trial ids, one past the largest minus the smallest: the number of trials
    /// about, found at both ends of the table's b-tree without a scan (one `min` or `max`
    /// per query: https://sqlite.org/optoverview.html#the_min_max_optimization).
    func trialIDSpan() throws -> Int {
        let statement = try connection.prepare(
            "SELECT coalesce((SELECT max(id) FROM trial) - (SELECT min(id) FROM trial) + 1, 0)")
        try statement.step()
        return statement.int(0)
    }
}
