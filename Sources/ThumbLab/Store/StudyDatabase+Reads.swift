/// Typed reads for the analyses: the layout of a study, then its trials and questionnaire
/// answers streamed row by row under a ``TrialQuery``. Analyses write no SQL; every
/// filter value is a bound parameter (lists travel as one JSON array read by
/// `json_each`, https://sqlite.org/json1.html#jeach).
extension StudyDatabase {
    /// The layout of the study named `study`.
    /// - Parameters:
    ///   - study: The study's name.
    ///   - withBlocks: Whether to list the study's blocks, which takes a scan of every
    ///     trial; without it ``StudyLayout/blocks`` is empty.
    /// - Throws: ``ThumbLabError/study(_:)`` naming the studies there are when there is
    ///   no such study.
    public func layout(study: String, withBlocks: Bool = true) throws -> StudyLayout {
        try readTransaction {
            guard let id = try studyID(named: study) else {
                let known = try studies()
                throw ThumbLabError.study(.unknown(name: study, known: known))
            }
            let factors = try studyFactors().first { $0.study == study }?.factors ?? []
            let levels = try conditionLevels(studyID: id, factors: factors.map(\.name))
            return StudyLayout(
                study: study, factors: factors, conditions: levels.named,
                participants: try participantLabels(studyID: id), blocks: withBlocks ? try blocks(studyID: id) : [],
                batchDevices: try batchDevices(studyID: id), answerConditions: try answerConditions(studyID: id),
                missingLevels: levels.missing, derivedTrialCells: try derivedTrialCells(studyID: id))
        }
    }

    /// The one study of a database that holds exactly one.
    /// - Throws: ``ThumbLabError/study(_:)`` when there is none, or several (listed).
    public func onlyStudy() throws -> String {
        let names = try studies()
        guard names.count == 1 else {
            throw ThumbLabError.study(names.isEmpty ? .noStudy : .notChosen(known: names))
        }
        return names[0]
    }

    /// Each condition's level of every factor (nil where it has none), and the factors it
    /// names with a missing value.
    private func conditionLevels(studyID: Int64, factors: [String]) throws -> (
        named: [Int64: [String?]], missing: [Int64: Set<Int>]
    ) {
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
        var missing: [Int64: Set<Int>] = [:]
        while try statement.step() {
            let id = statement.int64(0)
            var levels = result[id] ?? Array(repeating: nil, count: factors.count)
            if let factor = statement.optionalText(1), let index = position[factor] {
                levels[index] = statement.optionalText(2)
                if levels[index] == nil { missing[id, default: []].insert(index) }
            }
            result[id] = levels
        }
        return (result, missing)
    }

    /// The conditions questionnaire answers were recorded under.
    private func answerConditions(studyID: Int64) throws -> Set<Int64> {
        let statement = try connection.prepare(
            """
            SELECT DISTINCT r.condition_id FROM response r JOIN condition c ON c.id = r.condition_id
            WHERE c.study_id = ?1
            """)
        try statement.bind(1, studyID)
        var result: Set<Int64> = []
        while try statement.step() { result.insert(statement.int64(0)) }
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
        // Every trial is read (no index on block); sorting the few distinct blocks here
        // rather than with ORDER BY spares SQLite sorting every row first, which takes more
        // than half the time of this query.
        let statement = try connection.prepare(
            """
            SELECT DISTINCT t.block FROM trial t JOIN batch b ON b.id = t.batch_id
            WHERE b.study_id = ?1 AND t.block IS NOT NULL
            """)
        try statement.bind(1, studyID)
        var result: [Int] = []
        while try statement.step() { result.append(statement.int(0)) }
        return result.sorted()
    }

    private func batchDevices(studyID: Int64) throws -> [Int64: Device] {
        let statement = try connection.prepare(
            """
            SELECT b.id, d.name, d.width_px, d.height_px, d.px_per_mm, d.scale
            FROM batch b JOIN device d ON d.id = b.device_id WHERE b.study_id = ?1
            """)
        try statement.bind(1, studyID)
        var result: [Int64: Device] = [:]
        while try statement.step() {
            result[statement.int64(0)] = Device(
                name: statement.text(1), widthPx: statement.double(2), heightPx: statement.double(3),
                pxPerMM: statement.double(4), scale: statement.optionalDouble(5))
        }
        return result
    }

    /// Calls `body` with every trial the query selects, in storage order, inside one read
    /// transaction. Memory does not grow with the number of trials.
    public func forEachTrial(_ query: TrialQuery, _ body: (StoredTrial) throws -> Void) throws {
        try readTrials(query, fields: .all, ahead: false, body)
    }

    /// As ``forEachTrial(_:_:)``, reading only `fields` (participant and condition always):
    /// the others are neither selected nor read, and arrive as `nil` (`batchID` 0,
    /// `attempt` 1). An analysis that uses a few columns saves SQLite decoding the rest
    /// and the calls that fetch them, on every row. SQLite reads ahead on a thread of its
    /// own (``TrialReadAhead``), so `body` must not use this database.
    func forEachTrial(_ query: TrialQuery, fields: TrialFields, _ body: (StoredTrial) throws -> Void) throws {
        try readTrials(query, fields: fields, ahead: true, body)
    }

    private func readTrials(
        _ query: TrialQuery, fields: TrialFields, ahead: Bool, _ body: (StoredTrial) throws -> Void
    ) throws {
        try readTransaction {
            let filter = TrialFilter(query)
            // Last attempts: every attempt is read and the earlier ones of a trial dropped,
            // knowing each retried trial's largest attempt (block, trial and attempt are then
            // selected whatever the fields; the trials carry only the fields asked for).
            let lastAttempts = query.attempts == .last ? try self.lastAttempts(query) : nil
            var read = query
            var selected = fields
            // A time filter judges a trial by the value it cleans (the time, or a measure),
            // its hit and its error count, so these are read whenever that value is; a hit or
            // count read only for it is not passed on.
            let timeFilter = query.timeFilter.flatMap { fields.isSuperset(of: $0.value.fields) ? $0 : nil }
            let judging: TrialFields = timeFilter == nil ? [] : [.hit, .errors]
            let unasked = judging.subtracting(fields)
            selected.formUnion(judging)
            if lastAttempts != nil {
                read.attempts = .all
                selected.insert(.numbers)
            }
            let statement = try connection.prepare(Self.trialSQL(read, filter: filter, fields: selected))
            try filter.bind(query, to: statement)
            if selected.contains(.logged), query.phraseColumn == nil, let name = query.loggedValue {
                try statement.bind(Self.loggedNameParameter, name)
            }
            var progress = try readProgress.map { report in
                // A half of a read split across threads reports for the whole: the halves
                // are of one size and run side by side.
                TrialReadCounter(report: report, estimatedTotal: try trialIDSpan() / (query.idRange == nil ? 1 : 2))
            }
            defer { progress?.finish() }
            let decodeEvery = Self.trialDecoder(fields.union(judging))
            let decode: (SQLiteStatement) -> StoredTrial? =
                lastAttempts.map { found in
                    var last = found
                    return { statement in
                        last.isLast(
                            participant: statement.int64(0), condition: statement.int64(1),
                            block: statement.optionalInt64(3), trial: statement.optionalInt64(4),
                            attempt: statement.int64(5)) ? decodeEvery(statement) : nil
                    }
                } ?? decodeEvery
            func deliver(_ trial: StoredTrial) throws {
                progress?.count()
                guard let timeFilter else { return try body(trial) }
                var filtered = trial
                if timeFilter.removal(trial) != nil { timeFilter.value.remove(from: &filtered) }
                if unasked.contains(.hit) { filtered.hit = nil }
                if unasked.contains(.errors) { filtered.errors = nil }
                try body(filtered)
            }
            if ahead {
                try TrialReadAhead.run(statement, decode: decode) { try deliver($0) }
            } else {
                while try statement.step() {
                    guard let trial = decode(statement) else { continue }
                    try deliver(trial)
                }
            }
        }
    }

    /// The largest attempt of each trial `query` selects that has more than one; `nil` when
    /// an attempt is beyond ``LastAttempts``, and SQLite picks the last. A query over a range
    /// of ids still finds them among every id, as a trial's attempts may lie on both sides of
    /// the range's ends.
    private func lastAttempts(_ query: TrialQuery) throws -> LastAttempts? {
        var everyID = query
        everyID.idRange = nil
        let filter = TrialFilter(everyID)
        let statement = try connection.prepare(
            "SELECT participant_id, condition_id, block, trial, attempt FROM trial WHERE attempt > 1 AND \(filter.sql)")
        try filter.bind(everyID, to: statement)
        return try LastAttempts(statement)
    }

    /// The trial of the statement's current row of a ``trialSQL(_:filter:fields:)`` query.
    private static func trialDecoder(_ fields: TrialFields) -> (SQLiteStatement) -> StoredTrial {
        let batch = fields.contains(.batch)
        let numbers = fields.contains(.numbers)
        let target = fields.contains(.target)
        let targetSize = fields.contains(.targetSize)
        let touch = fields.contains(.touch)
        let time = fields.contains(.time)
        let hit = fields.contains(.hit)
        let errors = fields.contains(.errors)
        let start = fields.contains(.start)
        let axis = fields.contains(.taskAxis)
        let logged = fields.contains(.logged)
        return { statement in
            StoredTrial(
                participantID: statement.int64(0), conditionID: statement.int64(1),
                batchID: batch ? statement.int64(2) : 0,
                block: numbers ? statement.optionalInt64(3).map(Int.init) : nil,
                trial: numbers ? statement.optionalInt64(4).map(Int.init) : nil,
                attempt: numbers ? statement.int(5) : 1,
                targetX: target ? statement.optionalDouble(6) : nil,
                targetY: target ? statement.optionalDouble(7) : nil,
                targetWidth: targetSize ? statement.optionalDouble(8) : nil,
                targetHeight: targetSize ? statement.optionalDouble(9) : nil,
                touchX: touch ? statement.optionalDouble(10) : nil,
                touchY: touch ? statement.optionalDouble(11) : nil,
                timeMS: time ? statement.optionalDouble(12) : nil,
                hit: hit ? statement.optionalInt64(13).map { $0 != 0 } : nil,
                errors: errors ? statement.optionalInt64(14).map(Int.init) : nil,
                startX: start ? statement.optionalDouble(15) : nil,
                startY: start ? statement.optionalDouble(16) : nil,
                effectiveAmplitude: axis ? statement.optionalDouble(17) : nil,
                deviation: axis ? statement.optionalDouble(18) : nil,
                loggedValue: logged ? statement.optionalDouble(19) : nil)
        }
    }

    /// The shape of a query's filter: each part that cannot exclude a trial is left out,
    /// as SQLite would otherwise evaluate it on every row.
    struct TrialFilter {
        /// The selected conditions when they are every id from one to another (the usual
        /// case), checked with BETWEEN instead of a lookup in the list.
        var conditionRange: ClosedRange<Int64>?
        var includesBlocks: Bool
        var excludesBlocks: Bool
        var idRange: ClosedRange<Int64>?
        var valueFilters: [ValueFilter]

        init(_ query: TrialQuery) {
            valueFilters = query.valueFilters
            let ids = Set(query.conditionIDs)
            if let low = ids.min(), let high = ids.max() {
                let (span, overflow) = high.subtractingReportingOverflow(low)
                if !overflow && span == Int64(ids.count - 1) { conditionRange = low...high }
            }
            includesBlocks = query.includedBlocks != nil
            excludesBlocks = !query.excludedBlocks.isEmpty
            idRange = query.idRange
        }

        /// The WHERE conditions; values are bound parameters (?1-?2 the conditions, ?3 and
        /// ?4 the included and excluded blocks, ?5-?6 the ids).
        var sql: String { sql(ids: true) }

        /// ``sql``, leaving out the range of ids unless `ids`.
        func sql(ids: Bool) -> String {
            var parts = [
                conditionRange == nil
                    ? "condition_id IN (SELECT value FROM json_each(?1))" : "condition_id BETWEEN ?1 AND ?2"
            ]
            if includesBlocks { parts.append("block IN (SELECT value FROM json_each(?3))") }
            if excludesBlocks { parts.append("(block IS NULL OR block NOT IN (SELECT value FROM json_each(?4)))") }
            if ids, idRange != nil { parts.append("id BETWEEN ?5 AND ?6") }
            // Each value filter binds its ranges (and a logged number's name) from ?7 on.
            for (index, filter) in valueFilters.enumerated() {
                let ranges = 7 + 2 * index
                let number =
                    switch filter.column {
                    case .trialNumber: "trial.trial"
                    case .logged:
                        "(SELECT v.value FROM trial_value v WHERE v.trial_id = trial.id AND v.name = ?\(ranges + 1))"
                    }
                let inRange =
                    "EXISTS (SELECT 1 FROM json_each(?\(ranges)) r "
                    + "WHERE (r.value ->> 0 IS NULL OR \(number) >= r.value ->> 0) "
                    + "AND (r.value ->> 1 IS NULL OR \(number) <= r.value ->> 1))"
                parts.append(filter.keep ? "(\(number) IS NOT NULL AND \(inRange))" : "(\(number) IS NULL OR NOT \(inRange))")
            }
            return parts.joined(separator: " AND ")
        }

        /// Binds the query's values to the parameters of ``sql``.
        func bind(_ query: TrialQuery, to statement: SQLiteStatement) throws {
            if let range = conditionRange {
                try statement.bind(1, range.lowerBound)
                try statement.bind(2, range.upperBound)
            } else {
                try statement.bind(1, StudyDatabase.jsonArray(query.conditionIDs.map(String.init)))
            }
            if let included = query.includedBlocks {
                try statement.bind(3, StudyDatabase.jsonArray(included.map(String.init)))
            }
            if excludesBlocks { try statement.bind(4, StudyDatabase.jsonArray(query.excludedBlocks.map(String.init))) }
            if let idRange {
                try statement.bind(5, idRange.lowerBound)
                try statement.bind(6, idRange.upperBound)
            }
            for (index, filter) in valueFilters.enumerated() {
                try statement.bind(Int32(7 + 2 * index), filter.rangesJSON)
                if case .logged(let name) = filter.column { try statement.bind(Int32(8 + 2 * index), name) }
            }
        }
    }

    /// The parameter a read binds the name of its logged number to (``TrialQuery/loggedValue``).
    static let loggedNameParameter: Int32 = 999

    private static func trialSQL(_ query: TrialQuery, filter: TrialFilter, fields: TrialFields) -> String {
        // Columns not read are selected as NULL, so that every column keeps its position.
        func column(_ name: String, _ field: TrialFields) -> String { fields.contains(field) ? name : "NULL" }
        var columns = [
            "participant_id", "condition_id", column("batch_id", .batch), column("block", .numbers),
            column("trial", .numbers), column("attempt", .numbers), column("target_x", .target),
            column("target_y", .target), column("target_width", .targetSize), column("target_height", .targetSize),
            column("touch_x", .touch), column("touch_y", .touch), column("time_ms", .time), column("hit", .hit),
            column("errors", .errors), column("start_x", .start), column("start_y", .start),
            column("effective_amplitude", .taskAxis), column("deviation", .taskAxis),
        ]
        // A logged number is selected only when asked for: each costs a lookup in trial_value.
        // `id` is the trial's there (trial_value has no column of that name); the name is bound
        // to ?\(loggedNameParameter), clear of the filter's parameters.
        // A phrase measure takes the same place, read from the trial's phrase.
        if fields.contains(.logged) {
            if let phrase = query.phraseColumn {
                columns.append("(SELECT \(phrase.rawValue) FROM phrase WHERE trial_id = id)")
            } else {
                columns.append(
                    query.loggedValue == nil
                        ? "NULL"
                        : "(SELECT value FROM trial_value WHERE trial_id = id AND name = ?\(loggedNameParameter))")
            }
        }
        return trialSQL(query, filter: filter, columns: columns.joined(separator: ", "))
    }

    /// The SELECT of `columns` from the trials `query` selects under `filter`, in storage
    /// order when `ordered`. An aggregate over the trials asks for them unordered: SQLite
    /// then folds the SELECT into the aggregate's query instead of producing every row of
    /// it first, several times faster.
    static func trialSQL(_ query: TrialQuery, filter: TrialFilter, columns: String, ordered: Bool = true) -> String {
        let retriedFilter = filter.sql(ids: false)
        let filter = filter.sql
        let order = ordered ? " ORDER BY id" : ""
        switch query.attempts {
        case .first: return "SELECT \(columns) FROM trial WHERE attempt = 1 AND \(filter)\(order)"
        case .all: return "SELECT \(columns) FROM trial WHERE \(filter)\(order)"
        case .last:
            // Every attempt but those below their trial's largest; the trials attempted more
            // than once are grouped alone (a window function over every row would sort them all),
            // over every id, as a range of ids may part a trial's attempts.
            return """
                SELECT \(columns) FROM (
                    SELECT trial.* FROM trial LEFT JOIN (
                        SELECT participant_id AS p, condition_id AS c, block AS b, trial AS n, max(attempt) AS last
                        FROM trial WHERE attempt > 1 AND \(retriedFilter) GROUP BY 1, 2, 3, 4) ON
                        p = participant_id AND c = condition_id AND b IS block AND n IS trial
                    WHERE \(filter) AND (last IS NULL OR attempt = last))\(order)
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
    static func jsonArray(_ numbers: [String]) -> String {
        "[" + numbers.joined(separator: ",") + "]"
    }
}

/// The columns of a trial that a typed read fills (participant and condition always).
struct TrialFields: OptionSet, Sendable {
    let rawValue: Int

    static let batch = TrialFields(rawValue: 1 << 0)
    /// Block, trial number and attempt.
    static let numbers = TrialFields(rawValue: 1 << 1)
    /// Target centre x and y.
    static let target = TrialFields(rawValue: 1 << 2)
    /// Target width and height.
    static let targetSize = TrialFields(rawValue: 1 << 3)
    /// Touch x and y.
    static let touch = TrialFields(rawValue: 1 << 4)
    static let time = TrialFields(rawValue: 1 << 5)
    static let hit = TrialFields(rawValue: 1 << 6)
    static let errors = TrialFields(rawValue: 1 << 7)
    /// Start point x and y.
    static let start = TrialFields(rawValue: 1 << 8)
    /// Effective amplitude and deviation along the task axis.
    static let taskAxis = TrialFields(rawValue: 1 << 9)
    /// The number of the query's ``TrialQuery/loggedValue`` column (not in ``all``: each
    /// trial costs a lookup in `trial_value`).
    static let logged = TrialFields(rawValue: 1 << 10)

    static let all: TrialFields = [
        .batch, .numbers, .target, .targetSize, .touch, .time, .hit, .errors, .start, .taskAxis,
    ]
}
