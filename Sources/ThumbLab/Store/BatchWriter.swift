import Foundation

/// Writes the rows of one import into the study database inside one transaction: all
/// rows or none. Made by ``StudyDatabase/beginImport(_:)``.
///
/// Statements are prepared once and reused, trials and touches go in 128 per statement
/// (`RowInserter`); participants, levels and conditions (level combinations) are created
/// the first time a row names them and then found in dictionary caches. Attempts are
/// counted as trials arrive (`AttemptCounter`) and touches are linked to the trial that
/// follows them (`TouchGroups`); ``commit()`` completes both in SQL where needed, and
/// joins the trials of trial logs and touch logs of the study where it has both
/// (`joinTrialAndTouchLogs(studyID:)`).
/// ``rollback()`` (also done in `deinit` when neither was called) leaves the database
/// exactly as it was.
package final class BatchWriter: RecordSink {
    private let database: StudyDatabase
    private var connection: SQLiteConnection { database.connection }
    /// The id the batch gets when committed.
    package let batchID: Int64
    private let batch: NewBatch
    private let studyID: Int64
    private var firstTrialID: Int64 { trialRows.firstRowID }
    private var firstTouchID: Int64 { touchRows.firstRowID }
    private var finished = false
    /// How the import's transaction reaches the disk.
    package let journal: ImportJournal

    private var factorIDs: [Int64] = []
    private var factorNames: [String] = []
    private var factorsDeclared = false
    private var conditions: ConditionCache
    private var participantIDs: [String: Int64] = [:]
    private var lastParticipant: (label: String, id: Int64)?
    /// Database ids of the participants and conditions the reading thread numbered
    /// (``ReaderNames``), by that number.
    @exclusivity(unchecked) private var participantsByIndex: [Int64] = []
    @exclusivity(unchecked) private var conditionsByIndex: [Int64] = []
    /// Participants of this batch that the study already had: their earlier attempts count.
    private var knownParticipants: [Int64] = []
    /// Counts attempts as trials arrive; when it gives up, the commit numbers them in SQL.
    @exclusivity(unchecked) private var attempts: AttemptCounter

    // The state touched for every row is exempt from run-time exclusivity checks, which
    // would otherwise cost several checks per row: the writer is used from one thread, and
    // no access to one of these overlaps another access to the same property (the closures
    // passed while one is being modified touch only the others).
    @exclusivity(unchecked) private var trialRows: RowInserter<TrialRow>
    @exclusivity(unchecked) private var touchRows: RowInserter<TouchRow>
    /// Links touches to the trial rowids ``trialRows`` predicts; if a prediction fails
    /// (``RowInserter/rowIDsAsPredicted``), the batch's links are redone in SQL at commit.
    @exclusivity(unchecked) private var touchGroups = TouchGroups()
    /// The bounding boxes of the trials' positions per condition, stored with the batch.
    @exclusivity(unchecked) private var positionExtents = PositionExtents()
    private let insertResponse: SQLiteStatement
    private let insertRejected: SQLiteStatement
    private let insertAttribute: SQLiteStatement
    private let insertNumber: SQLiteStatement
    /// The phrases of a phrase log, inserted in groups.
    @exclusivity(unchecked) private var phraseRows: PhraseRows
    /// The names of the numeric columns the file keeps per trial (``declareNumbers(_:)``).
    private var numberNames: [String] = []

    /// Rows added so far, by kind (some may wait in memory until the next statement or
    /// the commit).
    package var trials: Int { trialRows.count }
    /// Touch events added so far, including those waiting for their trial.
    package var touches: Int { touchRows.count + touchGroups.waiting }
    /// Questionnaire answers added so far.
    package private(set) var responses = 0
    /// Rejected rows recorded so far.
    package private(set) var rejected = 0
    /// Participants of a demographics file added so far.
    package private(set) var participants = 0

    /// Prepares the writer inside the transaction ``StudyDatabase/beginImport(_:)`` has
    /// opened (and rolls back if this throws).
    init(
        database: StudyDatabase, batch: NewBatch, studyID: Int64, batchID: Int64,
        journal: ImportJournal = .writeAheadLog, attemptBytes: Int = AttemptCounter.defaultMaxBytes
    ) throws {
        self.database = database
        self.journal = journal
        self.batch = batch
        self.studyID = studyID
        self.batchID = batchID
        let connection = database.connection
        conditions = ConditionCache(studyID: studyID)
        attempts = AttemptCounter(maxBytes: attemptBytes)
        trialRows = try RowInserter(
            connection: connection, batchID: batchID, firstRowID: try database.nextRowID(table: "trial"))
        touchRows = try RowInserter(
            connection: connection, batchID: batchID, firstRowID: try database.nextRowID(table: "touch"))
        insertResponse = try connection.prepare(
            """
            INSERT INTO response (batch_id, participant_id, condition_id, instrument, item,
                value, line)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
            """)
        insertRejected = try connection.prepare(
            "INSERT INTO rejected_row (batch_id, file, line, reason, raw) VALUES (?1, ?2, ?3, ?4, ?5)")
        insertAttribute = try connection.prepare(
            "INSERT INTO participant_attribute (batch_id, participant_id, name, value) VALUES (?1, ?2, ?3, ?4)")
        insertNumber = try connection.prepare("INSERT INTO trial_value (trial_id, name, value) VALUES (?1, ?2, ?3)")
        phraseRows = PhraseRows(connection: connection)
        for statement in [insertResponse, insertRejected, insertAttribute] {
            try statement.bind(1, batchID)
        }
    }

    deinit {
        if !finished { rollback() }
    }

    // MARK: RecordSink

    /// Declares the file's factor names, once, before any row. Factors are created in
    /// the study on first use; a name already known to the study reuses its factor.
    package func declareFactors(_ names: [String]) throws {
        try checkOpen()
        guard !factorsDeclared else {
            throw ThumbLabError.batch(.factorsAlreadyDeclared(source: batch.source))
        }
        guard Set(names).count == names.count else {
            throw ThumbLabError.batch(.repeatedFactorNames(source: batch.source, names: names))
        }
        factorIDs = try names.map { try database.ensureFactor(named: $0, studyID: studyID) }
        factorNames = names
        factorsDeclared = true
    }

    /// Declares the names of the numeric columns kept per trial, once, before any row.
    package func declareNumbers(_ names: [String]) throws {
        try checkOpen()
        numberNames = names
    }

    /// Adds one trial row, numbering its attempt and attaching the touches waiting for it.
    /// - Throws: ``ThumbLabError`` when the import has already ended, or a SQLite error.
    package func add(_ trial: TrialRecord) throws {
        try checkOpen()
        try add(
            TrialRow(
                participant: try participantID(trial.participant),
                condition: try conditionID(trial.levels, line: trial.line), attempt: 1,
                values: trial.values))
    }

    /// Stores the phrase of the trial added last: its texts and measures.
    package func add(_ phrase: PhraseRecord) throws {
        try checkOpen()
        try phraseRows.add(phrase, trialID: firstTrialID + Int64(trialRows.count) - 1)
    }

    /// Stores the numbers of the trial added last, one per declared numeric column.
    package func addNumbers(_ numbers: [Double?]) throws {
        try checkOpen()
        let id = firstTrialID + Int64(trialRows.count) - 1
        for (name, number) in zip(numberNames, numbers) {
            if let number { try addNumber(number, name: name, trialID: id) }
        }
    }

    /// Stores one number of a trial's other numeric columns.
    private func addNumber(_ number: Double, name: String, trialID: Int64) throws {
        let s = insertNumber
        try s.bind(1, trialID)
        try s.bind(2, name)
        try s.bind(3, number)
        try s.run()
    }

    /// Adds trials as the reading thread of an import sends them: participants and level
    /// combinations as numbers into `names`, resolved to database ids once per number;
    /// `numbers` holds each trial's numeric columns in turn (NaN for none), or nothing;
    /// `phrases` each trial's phrase, or nothing.
    func add(_ trials: [IndexedTrial], names: ReaderNames, numbers: [Double] = [], phrases: [PhraseRecord] = [])
        throws
    {
        try checkOpen()
        if !numbers.isEmpty, !numberNames.isEmpty {
            let first = firstTrialID + Int64(trialRows.count)
            let width = numberNames.count
            for index in numbers.indices where !numbers[index].isNaN {
                try addNumber(
                    numbers[index], name: numberNames[index % width], trialID: first + Int64(index / width))
            }
        }
        // Through the buffer, so that each trial's values are copied once, into its row.
        try trials.withUnsafeBufferPointer { buffer in
            for index in buffer.indices {
                let participant = Int(buffer[index].participant)
                let condition = Int(buffer[index].condition)
                if participant >= participantsByIndex.count {
                    participantsByIndex += try names.participants[participantsByIndex.count...].map(participantID)
                }
                if condition >= conditionsByIndex.count {
                    for levels in names.levelSets[conditionsByIndex.count...] {
                        conditionsByIndex.append(try conditionID(levels, line: buffer[index].values.line))
                    }
                }
                try add(
                    TrialRow(
                        participant: participantsByIndex[participant], condition: conditionsByIndex[condition],
                        attempt: 1, values: buffer[index].values))
                if index < phrases.count { try add(phrases[index]) }
            }
        }
    }

    private func add(_ row: consuming TrialRow) throws {
        if let key = row.key {
            // 1 when the counter has given up: the commit then numbers the batch in SQL.
            row.attempt = attempts.attempt(for: key) ?? 1
            try touchGroups.trialArrives(key: key, id: firstTrialID + Int64(trialRows.count)) {
                try touchRows.add($0)
            }
        }
        try trialRows.add(row)
        positionExtents.add(condition: row.condition, row.values)
    }

    /// Adds one raw touch event; it waits in memory until its trial arrives, unless its trial
    /// number is missing or negative.
    /// - Throws: ``ThumbLabError`` when the import has already ended, or a SQLite error.
    package func add(_ touch: TouchRecord) throws {
        try checkOpen()
        let row = TouchRow(
            participant: try participantID(touch.participant),
            condition: try conditionID(touch.levels, line: touch.line), record: touch)
        // A negative trial number marks a tap outside every trial (a start button).
        if let key = row.key, key.trial >= 0 {
            try touchGroups.add(row, key: key) { try touchRows.add($0) }
        } else {
            try touchRows.add(row)
        }
    }

    /// Adds one questionnaire answer.
    /// - Throws: ``ThumbLabError`` when the import has already ended, or a SQLite error.
    package func add(_ response: ResponseRecord) throws {
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

    /// Adds one participant of a demographics file, creating them when the study does not
    /// have them yet, and stores each attribute with the batch.
    /// - Throws: ``ThumbLabError/invalidInput(problems:total:)`` when the participant has
    ///   the attribute from an earlier import; a SQLite error.
    package func add(_ participant: ParticipantRecord) throws {
        try checkOpen()
        let id = try participantID(participant.participant)
        for (name, value) in participant.attributes {
            if let earlier = try database.attributeBatch(participantID: id, name: name) {
                let by = earlier == 0 ? "was set before" : "batch \(earlier) stored before"
                throw ThumbLabError.invalidInput(
                    problems: [
                        InputProblem(
                            file: batch.source, line: participant.line, column: 1,
                            message:
                                "expected attributes new to participant \(participant.participant), found \(name), which \(by); undo that batch first, or leave the column out"
                        )
                    ], total: 1)
            }
            let s = insertAttribute
            try s.bind(2, id)
            try s.bind(3, name)
            try s.bind(4, value)
            try s.run()
        }
        participants += 1
    }

    /// Records a row an import left out as invalid in the `rejected_row` table.
    /// - Throws: ``ThumbLabError`` when the import has already ended, or a SQLite error.
    package func addRejected(line: Int, reason: String, raw: String) throws {
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
    package func commit() throws -> BatchSummary {
        try checkOpen()
        do {
            try touchGroups.closeAll { try touchRows.add($0) }
            try trialRows.flush()
            try touchRows.flush()
            try phraseRows.flush()
            // Rowids are predicted to link touches without reading back; should SQLite have
            // assigned others, links and attempts are redone in SQL.
            let linksHold = trialRows.rowIDsAsPredicted
            if trials > 0 && (attempts.abandoned || !linksHold) {
                try database.numberAttempts(fromTrialID: firstTrialID)
            }
            if trials > 0 && !knownParticipants.isEmpty {
                try database.continueAttempts(fromTrialID: firstTrialID, participants: knownParticipants)
            }
            if !linksHold { try database.unlinkTouches(fromTouchID: firstTouchID) }
            if trials > 0 || touches > 0 {
                let relinkBatch = !linksHold || (touchGroups.unlinked > 0 && trials > 0)
                try database.linkTouches(
                    studyID: studyID,
                    sameBatch: relinkBatch ? .rows(fromTrialID: firstTrialID, fromTouchID: firstTouchID) : .none)
            }
            if trials > 0 || touches > 0, try database.joinsTrialAndTouchLogs(studyID: studyID) {
                try database.joinTrialAndTouchLogs(studyID: studyID)
            }
            let rows =
                switch batch.kind {
                case .trials, .phrases: trials
                case .touches: touches
                case .responses: responses
                case .participants: participants
                case .factors: 0
                }
            try database.recordPositionExtents(positionExtents, batchID: batchID)
            try database.recordTrialColumns(
                TrialRow.columns.indices.filter(trialRows.storedColumns.contains).map { TrialRow.columns[$0] },
                batchID: batchID)
            try database.recordCounts(batchID: batchID, rows: rows, rejected: rejected)
            if batch.kind == .touches, trials > 0, let model = batch.trialTime {
                try database.recordTrialTime(model, derivation: batch.derivation, batchID: batchID)
            }
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

    /// A stand-in for a batch's SHA-256 while the file is still being hashed: unique, and
    /// never 64 hexadecimal digits, so it matches no file.
    static func pendingSHA256() -> String { "pending-" + UUID().uuidString }

    /// Gives a batch begun with ``pendingSHA256()`` its file's hash; false (changing
    /// nothing) when the study already holds a batch of that content, which the caller
    /// then rolls back.
    func settleSHA256(_ sha256: String) throws -> Bool {
        try checkOpen()
        if try database.existingBatch(study: batch.study, sha256: sha256) != nil { return false }
        let update = try connection.prepare("UPDATE batch SET sha256 = ?1 WHERE id = ?2")
        try update.bind(1, sha256.lowercased())
        try update.bind(2, batchID)
        try update.run()
        return true
    }

    /// Abandons the import: the database is left exactly as before ``StudyDatabase/beginImport(_:)``.
    package func rollback() {
        guard !finished else { return }
        finished = true
        database.rollBackWrite()
        database.endBulkLoad()
    }

    // MARK: Lookups

    private func checkOpen() throws {
        if finished {
            throw ThumbLabError.batch(.importEnded(source: batch.source))
        }
    }

    private func participantID(_ label: String) throws -> Int64 {
        if let last = lastParticipant, last.label == label { return last.id }
        let id: Int64
        if let known = participantIDs[label] {
            id = known
        } else {
            let (found, created) = try database.ensureParticipant(label: label, studyID: studyID)
            if !created { knownParticipants.append(found) }
            id = found
            participantIDs[label] = id
        }
        lastParticipant = (label, id)
        return id
    }

    private func conditionID(_ levels: [String?], line: Int) throws -> Int64 {
        if let id = conditions.lastID(for: levels) { return id }
        guard levels.count == factorIDs.count else {
            throw ThumbLabError.batch(
                .levelCountMismatch(source: batch.source, line: line, levels: levels.count, factors: factorNames))
        }
        return try conditions.id(
            for: levels, factorIDs: factorIDs, factorNames: factorNames, in: database)
    }
}
