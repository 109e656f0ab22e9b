/// A column of the trial table that a count can ask to be present.
enum StoredColumn: String, Sendable {
    case targetX = "target_x"
    case targetY = "target_y"
    case targetWidth = "target_width"
    case startX = "start_x"
    case startY = "start_y"
    case effectiveAmplitude = "effective_amplitude"
    case deviation
}

/// Questions about the trials of a ``TrialQuery`` that SQLite answers in one scan at most,
/// without handing each row to Swift: so that an analysis can tell that no trial has what
/// it needs without reading each one.
extension StudyDatabase {
    /// The number of trials `query` selects.
    func trialCount(_ query: TrialQuery) throws -> Int {
        try aggregate(query, select: "count(*)") { Int($0.int64(0)) } ?? 0
    }

    /// Whether some trial `query` selects has a value in every column of at least one of
    /// `alternatives`; the scan stops at the first such trial.
    func hasTrial(_ query: TrialQuery, havingAnyOf alternatives: [[StoredColumn]]) throws -> Bool {
        let having = alternatives.map { columns in
            "(" + (columns.isEmpty ? "1" : columns.map { "\($0.rawValue) IS NOT NULL" }.joined(separator: " AND "))
                + ")"
        }
        guard !having.isEmpty else { return false }
        let condition = having.joined(separator: " OR ")
        return try aggregate(query, select: "EXISTS (SELECT 1 FROM trials WHERE \(condition))", from: false) {
            $0.int64(0) != 0
        } ?? false
    }

    /// The one row of `select` over the trials `query` selects (named `trials`).
    private func aggregate<Value>(
        _ query: TrialQuery, select: String, from: Bool = true, _ read: (SQLiteStatement) -> Value
    ) throws -> Value? {
        let filter = TrialFilter(query)
        let trials = Self.trialSQL(query, filter: filter, columns: "*", ordered: false)
        let sql = "WITH trials AS (\(trials)) SELECT \(select)" + (from ? " FROM trials" : "")
        return try readTransaction {
            let statement = try connection.prepare(sql)
            try filter.bind(query, to: statement)
            return try statement.step() ? read(statement) : nil
        }
    }
}
