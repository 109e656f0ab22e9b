/// How far a read of trials has got, reported by ``StudyDatabase/forEachTrial(_:_:)``
/// through ``StudyDatabase/readProgress`` every ``interval`` rows and once at the end.
public struct TrialReadProgress: Equatable, Sendable {
    /// Rows read so far.
    public var rows: Int
    /// The rows the read goes through, about: the span of trial ids in the database.
    public var estimatedTotal: Int
    /// Whether the read has ended.
    public var finished: Bool
    /// Seconds since the read began.
    public var elapsed: Double

    /// Rows between two reports.
    public static let interval = 1 << 18

    /// Creates a progress report.
    package init(rows: Int, estimatedTotal: Int, finished: Bool, elapsed: Double) {
        self.rows = rows
        self.estimatedTotal = estimatedTotal
        self.finished = finished
        self.elapsed = elapsed
    }

    /// The share done, 0...1.
    public var fraction: Double {
        finished ? 1 : estimatedTotal > 0 ? min(1, Double(rows) / Double(estimatedTotal)) : 0
    }
}
