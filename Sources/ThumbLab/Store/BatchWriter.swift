/// Writes the rows of one import into the study database inside one transaction: all
/// rows or none. Made by ``StudyDatabase/beginImport(_:)``.
///
/// Statements are prepared once and reused; participants, levels and conditions (level
/// combinations) are created the first time a row names them and then found in
/// dictionary caches, so a row costs one insert. ``commit()`` numbers repeated trials as
/// successive attempts and links touches to their trials; ``rollback()`` (also done in
/// `deinit` when neither was called) leaves the database exactly as it was.
public final class BatchWriter: ImportSink {
    private let database: StudyDatabase
    private var connection: SQLiteConnection { database.connection }
    /// The id the batch gets when committed.
    public let batchID: Int64
    private let batch: NewBatch
    private let studyID: Int64
    private let firstTrialID: Int64
    private var finished = false

    private var factorIDs: [Int64] = []
    private var factorNames: [String] = []
    private var factorsDeclared = false
    private var conditions: ConditionCache
    private var participantIDs: [String: Int64] = [:]
    private var lastParticipant: (label: String, id: Int64)?

    private let insertTrial: SQLiteStatement
    private let insertTouch: SQLiteStatement
    private let insertResponse: SQLiteStatement
    private let insertRejected: SQLiteStatement

    /// Rows added so far, by kind.
    public private(set) var trials = 0
    public private(set) var touches = 0
    public private(set) var responses = 0
    public private(set) var rejected = 0

    /// Opens the transaction; called by ``StudyDatabase/beginImport(_:)`` after it has
    /// started it, which rolls back if this throws.
    init(database: StudyDatabase, batch: NewBatch, studyID: Int64, batchID: Int64) throws {
        self.database = database
        self.batch = batch
        self.studyID = studyID
        self.batchID = batchID
        let connection = database.connection
        firstTrialID = try database.nextRowID(table: "trial")
        conditions = ConditionCache(studyID: studyID)
        insertTrial = try connection.prepare(
            """
            INSERT INTO trial (batch_id, participant_id, condition_id, block, trial,
                target_x, target_y, target_width, target_height, start_x, start_y,
                touch_x, touch_y, time_ms, hit, errors, line)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)
            """)
        insertTouch = try connection.prepare(
            """
            INSERT INTO touch (batch_id, participant_id, condition_id, block, trial,
                t_ms, x, y, phase, line)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
            """)
        insertResponse = try connection.prepare(
            """
            INSERT INTO response (batch_id, participant_id, condition_id, instrument, item,
                value, line)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
            """)
        insertRejected = try connection.prepare(
            "INSERT INTO rejected_row (batch_id, file, line, reason, raw) VALUES (?1, ?2, ?3, ?4, ?5)")
        for statement in [insertTrial, insertTouch, insertResponse, insertRejected] {
            try statement.bind(1, batchID)
        }
    }

    deinit {
        if !finished { rollback() }
    }

    // MARK: ImportSink

    /// Declares the file's factor names, once, before any row. Factors are created in
    /// the study on first use; a name already known to the study reuses its factor.
    public func declareFactors(_ names: [String]) throws {
        try checkOpen()
        guard !factorsDeclared else {
            throw ThumbLabError.usage("factors of \(batch.source) were already declared")
        }
        guard Set(names).count == names.count else {
            throw ThumbLabError.usage(
                "factor names of \(batch.source) repeat: \(names.joined(separator: ", "))")
        }
        factorIDs = try names.map { try database.ensureFactor(named: $0, studyID: studyID) }
        factorNames = names
        factorsDeclared = true
    }

    public func add(_ trial: TrialRecord) throws {
        try checkOpen()
        let participant = try participantID(trial.participant)
        let condition = try conditionID(trial.levels, line: trial.line)
        let s = insertTrial
        try s.bind(2, participant)
        try s.bind(3, condition)
        try s.bind(4, trial.block)
        try s.bind(5, trial.trial)
        try s.bind(6, trial.targetX)
        try s.bind(7, trial.targetY)
        try s.bind(8, trial.targetWidth)
        try s.bind(9, trial.targetHeight)
        try s.bind(10, trial.startX)
        try s.bind(11, trial.startY)
        try s.bind(12, trial.touchX)
        try s.bind(13, trial.touchY)
        try s.bind(14, trial.timeMS)
        try s.bind(15, trial.hit)
        try s.bind(16, trial.errors)
        try s.bind(17, trial.line)
        try s.run()
        trials += 1
    }

    public func add(_ touch: TouchRecord) throws {
        try checkOpen()
        let participant = try participantID(touch.participant)
        let condition = try conditionID(touch.levels, line: touch.line)
        let s = insertTouch
        try s.bind(2, participant)
        try s.bind(3, condition)
        try s.bind(4, touch.block)
        try s.bind(5, touch.trial)
        try s.bind(6, touch.timeMS)
        try s.bind(7, touch.x)
        try s.bind(8, touch.y)
        try s.bind(9, touch.phase.rawValue)
        try s.bind(10, touch.line)
        try s.run()
        touches += 1
    }

    public func add(_ response: ResponseRecord) throws {
        try checkOpen()
        let participant = try participantID(response.participant)
        let condition = try conditionID(response.levels, line: response.line)
        let s = insertResponse
        try s.bind(2, participant)
        try s.bind(3, condition)
        try s.bind(4, response.instrument)
        try s.bind(5, response.item)
        try s.bind(6, response.value)
        try s.bind(7, response.line)
        try s.run()
        responses += 1
    }

    public func addRejected(line: Int, reason: String, raw: String) throws {
        try checkOpen()
        let s = insertRejected
        try s.bind(2, batch.source)
        try s.bind(3, line)
        try s.bind(4, reason)
        try s.bind(5, raw)
        try s.run()
        rejected += 1
    }

    // MARK: Ending

    /// Numbers repeated trials as attempts, links touches to trials, records the row
    /// counts and commits. The batch then shows in ``StudyDatabase/batches()``.
    public func commit() throws -> BatchSummary {
        try checkOpen()
        do {
            if trials > 0 { try database.numberAttempts(studyID: studyID, fromTrialID: firstTrialID) }
            if trials > 0 || touches > 0 { try database.linkTouches(studyID: studyID) }
            let rows =
                switch batch.kind {
                case .trials: trials
                case .touches: touches
                case .responses: responses
                }
            try database.recordCounts(batchID: batchID, rows: rows, rejected: rejected)
            try connection.execute("COMMIT")
        } catch {
            rollback()
            throw error
        }
        finished = true
        database.endBulkLoad()
        guard let summary = try database.batch(id: batchID) else {
            throw ThumbLabError.database(
                code: 1, message: "batch \(batchID) vanished after its commit", sql: nil)
        }
        return summary
    }

    /// Abandons the import: the database is left exactly as before ``StudyDatabase/beginImport(_:)``.
    public func rollback() {
        guard !finished else { return }
        finished = true
        try? connection.execute("ROLLBACK")
        database.endBulkLoad()
    }

    // MARK: Lookups

    private func checkOpen() throws {
        if finished {
            throw ThumbLabError.usage("the import of \(batch.source) has already ended")
        }
    }

    private func participantID(_ label: String) throws -> Int64 {
        if let last = lastParticipant, last.label == label { return last.id }
        let id: Int64
        if let known = participantIDs[label] {
            id = known
        } else {
            id = try database.ensureParticipant(label: label, studyID: studyID)
            participantIDs[label] = id
        }
        lastParticipant = (label, id)
        return id
    }

    private func conditionID(_ levels: [String], line: Int) throws -> Int64 {
        if let id = conditions.lastID(for: levels) { return id }
        guard levels.count == factorIDs.count else {
            throw ThumbLabError.usage(
                "\(batch.source):\(line): the row has \(levels.count) factor levels but "
                    + "\(factorIDs.count) factors were declared (\(factorNames.joined(separator: ", ")))")
        }
        return try conditions.id(
            for: levels, factorIDs: factorIDs, factorNames: factorNames, in: database)
    }
}
