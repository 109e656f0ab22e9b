/// Typed reads for the analyses: the layout of a study, then its trials and questionnaire
/// answers streamed row by row under a ``TrialQuery``. Analyses write no SQL; every
/// filter value is a bound parameter (lists travel as one JSON array read by
/// `json_each`, https://sqlite.org/json1.html#jeach).
extension StudyDatabase {
    /// The layout of the study named `study`.
    /// - Throws: ``ThumbLabError/usage(_:)`` naming the studies there are when there is
    ///   no such study.
    public func layout(study: String) throws -> StudyLayout {
        try readTransaction {
            guard let id = try studyID(named: study) else {
                let known = try studies()
                let list = known.isEmpty ? "the database holds no study yet" : "known studies: \(known.joined(separator: ", "))"
                throw ThumbLabError.usage("no study named '\(study)'; \(list)")
            }
            let factors = try studyFactors().first { $0.study == study }?.factors ?? []
            return StudyLayout(
                study: study, factors: factors,
                conditions: try conditionLevels(studyID: id, factors: factors.map(\.name)),
                participants: try participantLabels(studyID: id), blocks: try blocks(studyID: id),
                batchDevices: try batchDevices(studyID: id))
        }
    }

    /// The one study of a database that holds exactly one.
    /// - Throws: ``ThumbLabError/usage(_:)`` when there is none, or several (listed).
    public func onlyStudy() throws -> String {
        let names = try studies()
        guard names.count == 1 else {
            throw ThumbLabError.usage(
                names.isEmpty
                    ? "the database holds no study yet; import a log first"
                    : "the database holds \(names.count) studies (\(names.joined(separator: ", "))); choose one with --study")
        }
        return names[0]
    }

    private func conditionLevels(studyID: Int64, factors: [String]) throws -> [Int64: [String?]] {
        let statement = try connection.prepare(
            """
            SELECT c.id, f.name, l.name
            FROM condition c
            LEFT JOIN condition_level cl ON cl.condition_id = c.id
            LEFT JOIN factor f ON f.id = cl.factor_id
            LEFT JOIN level l ON l.id = cl.level_id
            WHERE c.study_id = ?1
            """)
        try statement.bind(1, studyID)
        let position = Dictionary(uniqueKeysWithValues: factors.enumerated().map { ($1, $0) })
        var result: [Int64: [String?]] = [:]
        while try statement.step() {
            let id = statement.int64(0)
            var levels = result[id] ?? Array(repeating: nil, count: factors.count)
            if let factor = statement.optionalText(1), let index = position[factor] {
                levels[index] = statement.optionalText(2)
            }
            result[id] = levels
        }
        return result
    }

    private func participantLabels(studyID: Int64) throws -> [Int64: String] {
        let statement = try connection.prepare("SELECT id, label FROM participant WHERE study_id = ?1")
        try statement.bind(1, studyID)
        var result: [Int64: String] = [:]
        while try statement.step() { result[statement.int64(0)] = statement.text(1) }
        return result
    }

    private func blocks(studyID: Int64) throws -> [Int] {
        let statement = try connection.prepare(
            """
            SELECT DISTINCT t.block FROM trial t JOIN batch b ON b.id = t.batch_id
            WHERE b.study_id = ?1 AND t.block IS NOT NULL ORDER BY t.block
            """)
        try statement.bind(1, studyID)
        var result: [Int] = []
        while try statement.step() { result.append(statement.int(0)) }
        return result
    }

    private func batchDevices(studyID: Int64) throws -> [Int64: Device] {
        let statement = try connection.prepare(
            """
            SELECT b.id, d.name, d.width_px, d.height_px, d.px_per_mm
            FROM batch b JOIN device d ON d.id = b.device_id WHERE b.study_id = ?1
            """)
        try statement.bind(1, studyID)
        var result: [Int64: Device] = [:]
        while try statement.step() {
            result[statement.int64(0)] = Device(
                name: statement.text(1), widthPx: statement.double(2), heightPx: statement.double(3),
                pxPerMM: statement.double(4))
        }
        return result
    }

    /// Calls `body` with every trial the query selects, in storage order, inside one read
    /// transaction. Memory does not grow with the number of trials.
    public func forEachTrial(_ query: TrialQuery, _ body: (StoredTrial) throws -> Void) throws {
        try readTransaction {
            let statement = try connection.prepare(Self.trialSQL(query))
            try statement.bind(1, Self.jsonArray(query.conditionIDs.map(String.init)))
            try statement.bind(2, query.includedBlocks.map { Self.jsonArray($0.map(String.init)) })
            try statement.bind(3, Self.jsonArray(query.excludedBlocks.map(String.init)))
            while try statement.step() {
                try body(
                    StoredTrial(
                        participantID: statement.int64(0), conditionID: statement.int64(1),
                        batchID: statement.int64(2), block: statement.optionalInt64(3).map(Int.init),
                        trial: statement.optionalInt64(4).map(Int.init), attempt: statement.int(5),
                        targetX: statement.optionalDouble(6), targetY: statement.optionalDouble(7),
                        targetWidth: statement.optionalDouble(8), targetHeight: statement.optionalDouble(9),
                        touchX: statement.optionalDouble(10), touchY: statement.optionalDouble(11),
                        timeMS: statement.optionalDouble(12), hit: statement.optionalInt64(13).map { $0 != 0 },
                        errors: statement.optionalInt64(14).map(Int.init)))
            }
        }
    }

    private static func trialSQL(_ query: TrialQuery) -> String {
        let columns = """
            participant_id, condition_id, batch_id, block, trial, attempt, target_x, target_y,
            target_width, target_height, touch_x, touch_y, time_ms, hit, errors
            """
        let filter = """
            condition_id IN (SELECT value FROM json_each(?1))
            AND (?2 IS NULL OR block IN (SELECT value FROM json_each(?2)))
            AND (block IS NULL OR block NOT IN (SELECT value FROM json_each(?3)))
            """
        switch query.attempts {
        case .first: return "SELECT \(columns) FROM trial WHERE attempt = 1 AND \(filter) ORDER BY id"
        case .all: return "SELECT \(columns) FROM trial WHERE \(filter) ORDER BY id"
        case .last:
            return """
                SELECT \(columns) FROM (
                    SELECT *, max(attempt) OVER (
                        PARTITION BY participant_id, condition_id, block, trial) AS last_attempt
                    FROM trial WHERE \(filter))
                WHERE attempt = last_attempt ORDER BY id
                """
        }
    }

    /// Calls `body` with every questionnaire answer in the given conditions, in storage order.
    public func forEachResponse(conditionIDs: [Int64], _ body: (ResponseRow) throws -> Void) throws {
        try readTransaction {
            let statement = try connection.prepare(
                """
                SELECT participant_id, condition_id, instrument, item, value, line FROM response
                WHERE condition_id IN (SELECT value FROM json_each(?1)) ORDER BY id
                """)
            try statement.bind(1, Self.jsonArray(conditionIDs.map(String.init)))
            while try statement.step() {
                try body(
                    ResponseRow(
                        participantID: statement.int64(0), conditionID: statement.int64(1),
                        instrument: statement.text(2), item: statement.text(3), value: statement.double(4),
                        line: statement.int(5)))
            }
        }
    }

    /// Integers as one JSON array, the form `json_each` reads a bound list in.
    private static func jsonArray(_ numbers: [String]) -> String {
        "[" + numbers.joined(separator: ",") + "]"
    }
}
