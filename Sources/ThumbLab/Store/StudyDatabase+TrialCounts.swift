import Foundation

/// A column of the trial table that a count can ask to be present.
enum StoredColumn: String, Sendable {
    case targetX = "target_x"
    case targetY = "target_y"
    case targetWidth = "target_width"
    case startX = "start_x"
    case startY = "start_y"
    case effectiveAmplitude = "effective_amplitude"
    case deviation
    case timeMS = "time_ms"
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
        if try batchesRuleOut(query, alternatives) { return false }
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

    /// Whether the batches of the study `query` reads, by the trial columns each records
    /// (`batch.trial_columns`), rule out a trial with a value in every column of any of
    /// `alternatives`: no batch has all the columns of one. False where a batch predates
    /// that record.
    private func batchesRuleOut(_ query: TrialQuery, _ alternatives: [[StoredColumn]]) throws -> Bool {
        try readTransaction {
            let statement = try connection.prepare(
                """
                SELECT trial_columns FROM batch WHERE study_id IN (
                    SELECT study_id FROM condition WHERE id IN (SELECT value FROM json_each(?1)))
                """)
            try statement.bind(1, Self.jsonArray(query.conditionIDs.map(String.init)))
            while try statement.step() {
                guard let text = statement.optionalText(0),
                    let names = try? JSONDecoder().decode([String].self, from: Data(text.utf8))
                else { return false }
                let present = Set(names)
                if alternatives.contains(where: { $0.allSatisfy { present.contains($0.rawValue) } }) { return false }
            }
            return true
        }
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

extension StudyDatabase {
    /// Whether a trial log of the study kept numbers named `name` per trial; stops at the first.
    func keptLoggedValue(_ name: String, study: String) throws -> Bool {
        let statement = try connection.prepare(
            """
            SELECT EXISTS (SELECT 1 FROM trial_value v JOIN trial t ON t.id = v.trial_id
                JOIN batch b ON b.id = t.batch_id JOIN study s ON s.id = b.study_id
                WHERE v.name = ?1 AND s.name = ?2)
            """)
        try statement.bind(1, name)
        try statement.bind(2, study)
        try statement.step()
        return statement.int(0) != 0
    }

    /// The names of the numbers the study's trial logs kept per trial (`trial_value`), sorted.
    func loggedValueNames(study: String) throws -> [String] {
        let statement = try connection.prepare(
            """
            SELECT DISTINCT v.name FROM trial_value v JOIN trial t ON t.id = v.trial_id
            JOIN batch b ON b.id = t.batch_id JOIN study s ON s.id = b.study_id
            WHERE s.name = ?1 ORDER BY v.name
            """)
        try statement.bind(1, study)
        var names: [String] = []
        while try statement.step() { names.append(statement.text(0)) }
        return names
    }
}
