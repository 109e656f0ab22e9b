/// The extent of a set of trial positions: what a grid over a screen of unknown size spans.
struct PositionBounds: Sendable, Equatable {
    /// Trials with both coordinates finite, the only ones the bounds cover.
    var points: Int
    var minX: Double
    var minY: Double
    var maxX: Double
    var maxY: Double
}

/// Aggregate reads over the trials of a ``TrialQuery``, computed by SQLite in one scan
/// without handing each row to Swift.
extension StudyDatabase {
    /// Which coordinates of a trial a bounds read aggregates.
    enum PositionColumns: Sendable {
        case target
        case touch

        var sql: (x: String, y: String) {
            switch self {
            case .target: ("target_x", "target_y")
            case .touch: ("touch_x", "touch_y")
            }
        }
    }

    /// The bounds of the finite positions of the trials `query` selects in batches other
    /// than `excludedBatches`; `points` is 0 (and the bounds infinite) when there is none.
    /// Infinite coordinates (SQLite stores no NaN) are left out, as the comparisons with
    /// ±9e999 (read as ±infinity) fail for them and for NULL.
    func positionBounds(_ query: TrialQuery, columns: PositionColumns, excludedBatches: [Int64]) throws
        -> PositionBounds
    {
        let (x, y) = columns.sql
        let filter = TrialFilter(query)
        let trials = Self.trialSQL(
            query, filter: filter, columns: "batch_id, \(x) AS x, \(y) AS y", ordered: false)
        // The batch test costs a lookup per row: it is left out when no batch is excluded.
        let batches = excludedBatches.isEmpty ? "" : "batch_id NOT IN (SELECT value FROM json_each(?5)) AND "
        let sql = """
            SELECT count(*), min(x), min(y), max(x), max(y) FROM (\(trials))
            WHERE \(batches)x > -9e999 AND x < 9e999 AND y > -9e999 AND y < 9e999
            """
        return try readTransaction {
            let statement = try connection.prepare(sql)
            try filter.bind(query, to: statement)
            if !excludedBatches.isEmpty { try statement.bind(5, Self.jsonArray(excludedBatches.map(String.init))) }
            guard try statement.step() else { return PositionBounds(points: 0, minX: 0, minY: 0, maxX: 0, maxY: 0) }
            let points = statement.int(0)
            guard points > 0 else {
                return PositionBounds(
                    points: 0, minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
            }
            return PositionBounds(
                points: points, minX: statement.double(1), minY: statement.double(2), maxX: statement.double(3),
                maxY: statement.double(4))
        }
    }
}
