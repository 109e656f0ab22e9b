/// One table of a study's export: its name (the folder it goes to), the SQL of its rows in
/// long form, and the columns added to each row from its condition: each factor's level,
/// and the level's display label beside it (`FACTOR_label`) where the factor has labels.
struct ExportTable: Sendable, Equatable {
    /// `trial`, `touch`, `response`, `phrase`, `key_tap`, `participant` or `device`.
    var name: String
    /// The rows, each with its study, participant and `condition_id`.
    var sql: String
    /// The names of the columns added from the condition, in order.
    var conditionColumns: [String]
    /// Each condition's values of ``conditionColumns``, by condition id; nil where the
    /// condition has no level of that factor (a factor of another study).
    var conditionValues: [Int64: [String?]]
}

extension StudyDatabase {
    /// The tables an export writes: trials, touches, responses, and phrases and key taps
    /// where there are any, in long form with a column per factor; participants with a
    /// column per demographic attribute; and the devices, where there are any, with their
    /// px per mm, which turn the trials' px into mm. With `byParticipant`, rows come in participant,
    /// study and id order, so that each participant's rows are together; otherwise in the
    /// order SQLite reads them (a sort of every row would cost more than the rest of the export).
    func exportTables(byParticipant: Bool = false) throws -> [ExportTable] {
        let (columns, values) = try conditionColumns()
        let order = byParticipant ? " ORDER BY participant, study" : ""
        var tables: [ExportTable] = []
        for (name, view, key) in [
            ("trial", "trial_long", "id"), ("touch", "touch_long", "id"), ("response", "response_long", "id"),
            ("phrase", "phrase_long", "id"), ("key_tap", "key_tap_long", "trial_id, ordinal"),
        ] {
            if ["phrase", "key_tap"].contains(name), try count("SELECT count(*) FROM \(name)") == 0 { continue }
            tables.append(
                ExportTable(
                    name: name, sql: "SELECT * FROM \(view)\(order.isEmpty ? "" : order + ", " + key)",
                    conditionColumns: columns, conditionValues: values))
        }
        let attributes = try texts("SELECT DISTINCT name FROM participant_attribute ORDER BY name")
        let pivot = attributes.map { attribute in
            let column = ["study", "participant"].contains(attribute) ? "attribute_\(attribute)" : attribute
            return ", (SELECT a.value FROM participant_attribute a WHERE a.participant_id = p.id AND a.name = "
                + "\(literal(attribute))) AS \(SQLiteConnection.quotedIdentifier(column))"
        }
        tables.append(
            ExportTable(
                name: "participant",
                sql: "SELECT s.name AS study, p.label AS participant\(pivot.joined()) FROM participant p "
                    + "JOIN study s ON s.id = p.study_id ORDER BY \(byParticipant ? "p.label, s.name" : "s.name, p.label")",
                conditionColumns: [], conditionValues: [:]))
        if try count("SELECT count(*) FROM device") > 0 {
            tables.append(
                ExportTable(
                    name: "device", sql: "SELECT name, width_px, height_px, px_per_mm, scale FROM device ORDER BY name",
                    conditionColumns: [], conditionValues: [:]))
        }
        return tables
    }

    /// A column per factor of every study (named `factor_NAME` where a long view already has
    /// a column of that name), with `NAME_label` beside it where any level has a label, and
    /// each condition's values of them.
    private func conditionColumns() throws -> (columns: [String], values: [Int64: [String?]]) {
        let reserved: Set<String> = [
            "id", "study", "participant", "condition_id", "condition", "block", "trial", "attempt", "device",
            "batch_id", "line", "trial_id", "phrase", "ordinal", "key",
        ]
        let factors = try connection.prepare(
            """
            SELECT f.name, max(l.label IS NOT NULL) FROM factor f JOIN level l ON l.factor_id = f.id
            GROUP BY f.name ORDER BY min(f.id)
            """)
        var columns: [String] = []
        var slots: [String: (level: Int, label: Int?)] = [:]
        while try factors.step() {
            let name = factors.text(0)
            let column = reserved.contains(name) ? "factor_\(name)" : name
            slots[name] = (columns.count, factors.int(1) != 0 ? columns.count + 1 : nil)
            columns += [column] + (factors.int(1) != 0 ? [column + "_label"] : [])
        }
        let levels = try connection.prepare(
            """
            SELECT cl.condition_id, f.name, l.name, coalesce(l.label, l.name) FROM condition_level cl
            JOIN factor f ON f.id = cl.factor_id JOIN level l ON l.id = cl.level_id
            """)
        var values: [Int64: [String?]] = [:]
        while try levels.step() {
            guard let slot = slots[levels.text(1)] else { continue }
            let condition = levels.int64(0)
            var row = values[condition] ?? [String?](repeating: nil, count: columns.count)
            row[slot.level] = levels.text(2)
            if let label = slot.label { row[label] = levels.text(3) }
            values[condition] = row
        }
        return (columns, values)
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

    private func literal(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "''") + "'" }
}
