/// One table of a study's export: its name (the folder it goes to) and the SQL of its rows
/// in long form.
struct ExportTable: Sendable, Equatable {
    /// `trial`, `touch`, `response`, `phrase`, `key_tap` or `participant`.
    var name: String
    /// The rows, each with its study and participant, the condition's factors as columns
    /// (a level's display label beside it as `FACTOR_label` where the factor has labels).
    var sql: String
}

extension StudyDatabase {
    /// The tables an export writes: trials, touches, responses, and phrases and key taps
    /// where there are any, in long form with a column per factor; and participants with a
    /// column per demographic attribute.
    /// Rows come in study, participant and id order, or, `byParticipant`, participant first,
    /// so that each participant's rows of every study are together.
    func exportTables(byParticipant: Bool = false) throws -> [ExportTable] {
        let factors = try factorColumns()
        let pivot =
            factors.isEmpty
            ? ""
            : ", "
                + factors.map { "c.\(quoted($0.column))" + ($0.labelled ? ", c.\(quoted($0.column + "_label"))" : "") }
                .joined(separator: ", ")
        let conditions = factors.isEmpty ? "" : " LEFT JOIN export_condition c ON c.condition_id = t.condition_id"
        let order = byParticipant ? "t.participant, t.study, t.id" : "t.study, t.participant, t.id"
        var tables: [ExportTable] = []
        for (name, view) in [
            ("trial", "trial_long"), ("touch", "touch_long"), ("response", "response_long"),
            ("phrase", "phrase_long"), ("key_tap", "key_tap_long"),
        ] {
            if ["phrase", "key_tap"].contains(name), try count("SELECT count(*) FROM \(name)") == 0 { continue }
            tables.append(
                ExportTable(
                    name: name,
                    sql: "\(conditionPivot(factors))SELECT t.*\(pivot) FROM \(view) t\(conditions) ORDER BY \(order)"))
        }
        let attributes = try texts("SELECT DISTINCT name FROM participant_attribute ORDER BY name")
        let taken = Set(["study", "participant"])
        let columns = attributes.map { attribute in
            let column = taken.contains(attribute) ? "attribute_\(attribute)" : attribute
            return
                ", (SELECT a.value FROM participant_attribute a WHERE a.participant_id = p.id AND a.name = \(literal(attribute))) AS \(quoted(column))"
        }
        tables.append(
            ExportTable(
                name: "participant",
                sql: "SELECT s.name AS study, p.label AS participant\(columns.joined()) FROM participant p "
                    + "JOIN study s ON s.id = p.study_id ORDER BY \(byParticipant ? "p.label, s.name" : "s.name, p.label")"
            ))
        return tables
    }

    /// Each factor of every study as a column: its name (prefixed `factor_` where a long
    /// view already has a column of that name), and whether any of its levels has a label.
    private func factorColumns() throws -> [(factor: String, column: String, labelled: Bool)] {
        let statement = try connection.prepare(
            """
            SELECT f.name, max(l.label IS NOT NULL) FROM factor f JOIN level l ON l.factor_id = f.id
            GROUP BY f.name ORDER BY min(f.id)
            """)
        let reserved: Set<String> = [
            "id", "study", "participant", "condition_id", "condition", "block", "trial", "attempt", "device",
            "batch_id", "line", "trial_id",
        ]
        var columns: [(String, String, Bool)] = []
        while try statement.step() {
            let name = statement.text(0)
            columns.append((name, reserved.contains(name) ? "factor_\(name)" : name, statement.int(1) != 0))
        }
        return columns
    }

    /// `WITH export_condition AS (...)`: each condition's level of every factor, as columns.
    private func conditionPivot(_ factors: [(factor: String, column: String, labelled: Bool)]) -> String {
        guard !factors.isEmpty else { return "" }
        let columns = factors.map { factor in
            let level = "max(CASE WHEN f.name = \(literal(factor.factor)) THEN l.name END) AS \(quoted(factor.column))"
            let label =
                "max(CASE WHEN f.name = \(literal(factor.factor)) THEN coalesce(l.label, l.name) END) AS \(quoted(factor.column + "_label"))"
            return factor.labelled ? level + ", " + label : level
        }
        return """
            WITH export_condition AS (SELECT cl.condition_id, \(columns.joined(separator: ", ")) \
            FROM condition_level cl JOIN factor f ON f.id = cl.factor_id JOIN level l ON l.id = cl.level_id \
            GROUP BY cl.condition_id) 
            """
    }

    private func count(_ sql: String) throws -> Int {
        let statement = try connection.prepare(sql)
        return try statement.step() ? statement.int(0) : 0
    }

    private func texts(_ sql: String) throws -> [String] {
        let statement = try connection.prepare(sql)
        var values: [String] = []
        while try statement.step() { values.append(statement.text(0)) }
        return values
    }

    private func quoted(_ name: String) -> String { "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

    private func literal(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "''") + "'" }
}
