import Foundation

/// What ``StudyDatabase/addFactors(_:study:)`` did.
public struct DerivedFactorsSummary: Sendable, Equatable {
    /// The batch that holds the derivation, as `thumblab batches` lists it and `undo` takes it.
    public var batch: BatchSummary
    /// The new factors, in the table's column order.
    public var factors: [String]
    /// The keys they were derived from, in the table's column order.
    public var keys: [MappingKeySource]
    /// Trials given the new factors.
    public var trials: Int
    /// Touch events given the new factors.
    public var touches: Int
    /// Questionnaire answers given the new factors.
    public var responses: Int
    /// Trials, touches and answers whose participant or condition has no value for a key
    /// (a missing level, an attribute not given): their new factors are missing.
    public var withoutKeyValue: Int
    /// Trials, touches and answers whose conditions do not have a key factor at all (a
    /// questionnaire recording only the technique), left as they were.
    public var withoutKeyFactor: Int
}

/// A factor an earlier `thumblab factor add` derived, for the Methods.
public struct DerivedFactor: Sendable, Equatable {
    /// The factor's name.
    public var factor: String
    /// The names of the factors, attributes or `participant` it was derived from.
    public var keys: [String]
    /// The mapping table, as given.
    public var source: String
}

extension StudyDatabase {
    /// The factors earlier `factor add` batches derived in a study, in the order added.
    public func derivedFactors(study: String) throws -> [DerivedFactor] {
        let statement = try connection.prepare(
            """
            SELECT d.factor, d.keys, b.source FROM derived_factor d
            JOIN batch b ON b.id = d.batch_id JOIN study s ON s.id = b.study_id
            WHERE s.name = ?1 ORDER BY d.rowid
            """)
        try statement.bind(1, study)
        var result: [DerivedFactor] = []
        while try statement.step() {
            result.append(
                DerivedFactor(factor: statement.text(0), keys: Self.keyNames(statement.text(1)), source: statement.text(2)))
        }
        return result
    }

    /// Takes a `factors` batch's factors off the study's rows again, as part of its undo:
    /// each condition with them becomes the condition of its other levels.
    /// - Throws: ``ThumbLabError/batch(_:)`` when a later `factor add` derived factors from these.
    func removeDerivedFactors(batchID: Int64, studyID: Int64) throws {
        let names = try derivedFactorBatches(studyID: studyID).filter { $0.value == batchID }.map(\.key)
        let dependents = try connection.prepare(
            "SELECT d.batch_id, d.keys FROM derived_factor d JOIN batch b ON b.id = d.batch_id WHERE b.study_id = ?1 AND d.batch_id <> ?2")
        try dependents.bind(1, studyID)
        try dependents.bind(2, batchID)
        while try dependents.step() {
            if let used = Self.keyNames(dependents.text(1)).first(where: names.contains) {
                throw ThumbLabError.batch(.derivedFrom(batch: batchID, factor: used, dependent: dependents.int64(0)))
            }
        }
        let conditions = try storedConditions(studyID: studyID)
        let factorIDs = Set(try factorIDs(studyID: studyID, named: names))
        var created: [String: Int64] = [:]
        var moves: [ConditionMove] = []
        for pair in try participantConditionPairs(studyID: studyID).keys.sorted() {
            guard let condition = conditions[pair.condition], condition.parts.contains(where: { factorIDs.contains($0.factorID) })
            else { continue }
            let parts = condition.parts.filter { !factorIDs.contains($0.factorID) }
            let key = Self.conditionKey(parts)
            if created[key] == nil {
                let label = condition.label.components(separatedBy: "; ")
                    .filter { part in !names.contains { part.hasPrefix("\($0)=") } }.joined(separator: "; ")
                created[key] = try ensureCondition(key: key, label: label, studyID: studyID, levels: parts)
            }
            moves.append(ConditionMove(pair: pair, to: created[key]!))
        }
        _ = try move(moves)
        try recomputePositionExtents(studyID: studyID)
    }

    // MARK: Reads

    /// The names in a `derived_factor.keys` JSON array.
    private static func keyNames(_ json: String) -> [String] {
        (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String] ?? []
    }

    /// A condition's parts: its levels by factor name (`nil` for a missing level), its
    /// `condition_level` rows and its label.
    struct StoredCondition {
        var levels: [String: String?] = [:]
        var parts: [(factorID: Int64, levelID: Int64?)] = []
        var label = ""
    }

    func storedConditions(studyID: Int64) throws -> [Int64: StoredCondition] {
        var result: [Int64: StoredCondition] = [:]
        let labels = try connection.prepare("SELECT id, label FROM condition WHERE study_id = ?1")
        try labels.bind(1, studyID)
        while try labels.step() { result[labels.int64(0), default: StoredCondition()].label = labels.text(1) }
        let levels = try connection.prepare(
            """
            SELECT cl.condition_id, cl.factor_id, cl.level_id, f.name, l.name
            FROM condition_level cl JOIN condition c ON c.id = cl.condition_id
            JOIN factor f ON f.id = cl.factor_id LEFT JOIN level l ON l.id = cl.level_id
            WHERE c.study_id = ?1 ORDER BY cl.condition_id, cl.factor_id
            """)
        try levels.bind(1, studyID)
        while try levels.step() {
            let id = levels.int64(0)
            let levelID: Int64? = levels.isNull(2) ? nil : levels.int64(2)
            result[id, default: StoredCondition()].parts.append((levels.int64(1), levelID))
            result[id, default: StoredCondition()].levels[levels.text(3)] = levelID == nil ? String?.none : levels.text(4)
        }
        return result
    }

    struct StoredParticipant {
        var label: String
        var attributes: [String: String] = [:]
    }

    func storedParticipants(studyID: Int64) throws -> [Int64: StoredParticipant] {
        var result: [Int64: StoredParticipant] = [:]
        let labels = try connection.prepare("SELECT id, label FROM participant WHERE study_id = ?1")
        try labels.bind(1, studyID)
        while try labels.step() { result[labels.int64(0)] = StoredParticipant(label: labels.text(1)) }
        let attributes = try connection.prepare(
            """
            SELECT a.participant_id, a.name, a.value FROM participant_attribute a
            JOIN participant p ON p.id = a.participant_id WHERE p.study_id = ?1
            """)
        try attributes.bind(1, studyID)
        while try attributes.step() {
            let value = attributes.text(2)
            if !value.trimmingSpaces.isEmpty { result[attributes.int64(0)]?.attributes[attributes.text(1)] = value }
        }
        return result
    }

    func factorNames(studyID: Int64) throws -> [String] {
        let statement = try connection.prepare("SELECT name FROM factor WHERE study_id = ?1 ORDER BY id")
        try statement.bind(1, studyID)
        var names: [String] = []
        while try statement.step() { names.append(statement.text(0)) }
        return names
    }

    func factorIDs(studyID: Int64, named names: [String]) throws -> [Int64] {
        let statement = try connection.prepare("SELECT id FROM factor WHERE study_id = ?1 AND name = ?2")
        var ids: [Int64] = []
        for name in names {
            try statement.bind(1, studyID)
            try statement.bind(2, name)
            if try statement.step() { ids.append(statement.int64(0)) }
            try statement.reset()
        }
        return ids
    }

    /// Each derived factor of the study with the batch that derived it.
    func derivedFactorBatches(studyID: Int64) throws -> [String: Int64] {
        let statement = try connection.prepare(
            "SELECT d.factor, d.batch_id FROM derived_factor d JOIN batch b ON b.id = d.batch_id WHERE b.study_id = ?1")
        try statement.bind(1, studyID)
        var result: [String: Int64] = [:]
        while try statement.step() { result[statement.text(0)] = statement.int64(1) }
        return result
    }

    /// The participants and conditions that trials, derived trials, touches and answers of
    /// the study combine, each with its count of trials, touches and answers.
    func participantConditionPairs(studyID: Int64) throws -> [ConditionMove.Pair: Int] {
        let ofStudy = "condition_id IN (SELECT id FROM condition WHERE study_id = ?1)"
        let counts = ["trial", "covered_trial", "touch", "response"].map { table in
            let rows = table == "covered_trial" ? "0" : "count(*)"
            return "SELECT participant_id, condition_id, \(rows) AS n FROM \(table) WHERE \(ofStudy) GROUP BY 1, 2"
        }
        let statement = try connection.prepare(
            "SELECT participant_id, condition_id, sum(n) FROM (\(counts.joined(separator: " UNION ALL "))) GROUP BY 1, 2")
        try statement.bind(1, studyID)
        var pairs: [ConditionMove.Pair: Int] = [:]
        while try statement.step() {
            pairs[ConditionMove.Pair(participant: statement.int64(0), condition: statement.int64(1))] = statement.int(2)
        }
        return pairs
    }

    // MARK: Writes

    /// Rows of one participant and condition moving to another condition.
    struct ConditionMove {
        struct Pair: Hashable, Comparable {
            var participant: Int64
            var condition: Int64

            /// By condition, then participant: the order conditions are made in.
            static func < (a: Pair, b: Pair) -> Bool { (a.condition, a.participant) < (b.condition, b.participant) }
        }
        var pair: Pair
        var to: Int64
    }

    /// Moves the rows of each pair to its new condition, in one pass over each table.
    func move(_ moves: [ConditionMove]) throws -> (trials: Int, touches: Int, responses: Int) {
        try connection.execute(
            """
            CREATE TEMP TABLE condition_move (participant_id INTEGER, from_id INTEGER, to_id INTEGER,
                PRIMARY KEY (participant_id, from_id)) WITHOUT ROWID
            """)
        defer { try? connection.execute("DROP TABLE temp.condition_move") }
        let insert = try connection.prepare("INSERT INTO temp.condition_move VALUES (?1, ?2, ?3)")
        for move in moves {
            try insert.bind(1, move.pair.participant)
            try insert.bind(2, move.pair.condition)
            try insert.bind(3, move.to)
            try insert.run()
        }
        var changed: [String: Int] = [:]
        for table in ["trial", "covered_trial", "touch", "response"] {
            try connection.execute(
                """
                UPDATE \(table) SET condition_id = m.to_id FROM temp.condition_move m
                WHERE m.participant_id = \(table).participant_id AND m.from_id = \(table).condition_id
                """)
            changed[table] = connection.changes
        }
        return (changed["trial", default: 0], changed["touch", default: 0], changed["response", default: 0])
    }

    /// Rewrites the stored position extents of the study's batches from their trials, after
    /// their trials changed conditions.
    func recomputePositionExtents(studyID: Int64) throws {
        let batches = "SELECT id FROM batch WHERE study_id = \(studyID)"
        try connection.execute("DELETE FROM position_extent WHERE batch_id IN (\(batches))")
        for (position, x, y) in [("target", "target_x", "target_y"), ("touch", "touch_x", "touch_y")] {
            let finite = "\(x) BETWEEN -1e308 AND 1e308 AND \(y) BETWEEN -1e308 AND 1e308"
            try connection.execute(
                """
                INSERT INTO position_extent (batch_id, condition_id, position, min_x, min_y, max_x, max_y)
                SELECT batch_id, condition_id, '\(position)', min(\(x)), min(\(y)), max(\(x)), max(\(y))
                FROM trial WHERE batch_id IN (\(batches)) AND \(finite)
                GROUP BY batch_id, condition_id
                """)
        }
    }

    /// `condition.key` of a combination: its level ids (a missing level as its negated
    /// factor id), sorted and comma-separated.
    static func conditionKey(_ parts: [(factorID: Int64, levelID: Int64?)]) -> String {
        parts.map { $0.levelID ?? -$0.factorID }.sorted().map(String.init).joined(separator: ",")
    }
}
