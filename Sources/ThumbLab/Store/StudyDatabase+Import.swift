import Foundation

extension StudyDatabase {
    /// Starts an import: opens its one write transaction, creates the study if new and
    /// records the batch. Rows go through the returned writer; nothing is visible to other
    /// connections until ``BatchWriter/commit()``.
    /// - Throws: ``ThumbLabError/importSetup(_:)`` when the study has no name, the device is
    ///   unknown or the same content was already imported into the study (check
    ///   ``existingBatch(study:sha256:)`` first); ``ThumbLabError/batch(_:)`` when another
    ///   import is open on this connection.
    package func beginImport(_ batch: NewBatch) throws -> BatchWriter {
        if batch.study.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ThumbLabError.importSetup(.studyWithoutName)
        }
        // A log holding no committed pages lets a failed import give back all its space
        // (``rollBackWrite()``), even on a disk too full to checkpoint into the database.
        connection.truncateLog()
        let journal = chooseImportJournal()
        do { try beginWrite() } catch {
            endBulkLoad()
            throw error
        }
        beginBulkLoad()
        do {
            if let existing = try existingBatch(study: batch.study, sha256: batch.sha256) {
                throw ThumbLabError.importSetup(
                    .alreadyImported(
                        source: batch.source, study: batch.study, batch: existing.id, earlierSource: existing.source))
            }
            var deviceID: Int64?
            if let device = batch.device {
                guard let id = try self.deviceID(named: device) else {
                    throw ThumbLabError.importSetup(.unknownDevice(name: device))
                }
                deviceID = id
            }
            let studyID = try ensureStudy(named: batch.study)
            let batchID = try insertBatch(batch, studyID: studyID, deviceID: deviceID)
            if let units = batch.units { try recordUnits(units, batchID: batchID) }
            return try BatchWriter(
                database: self, batch: batch, studyID: studyID, batchID: batchID, journal: journal,
                attemptBytes: attemptCountBytes)
        } catch {
            rollBackWrite()
            endBulkLoad()
            throw error
        }
    }

    /// Records a batch as begun now, without rows yet; returns its id.
    func insertBatch(_ batch: NewBatch, studyID: Int64, deviceID: Int64? = nil) throws -> Int64 {
        let insert = try connection.prepare(
            """
            INSERT INTO batch (study_id, device_id, source, sha256, format, kind, imported_at, decisions)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
            """)
        try insert.bind(1, studyID)
        try insert.bind(2, deviceID)
        try insert.bind(3, batch.source)
        try insert.bind(4, batch.sha256.lowercased())
        try insert.bind(5, batch.format)
        try insert.bind(6, batch.kind.storedKind.rawValue)
        try insert.bind(7, BatchTimestamp.text(BatchTimestamp.now()))
        try insert.bind(8, batch.decisions ?? "[]")
        try insert.run()
        let batchID = connection.lastInsertRowID
        if !batch.itemLabels.isEmpty {
            let label = try connection.prepare(
                "INSERT OR REPLACE INTO item_label (batch_id, instrument, item, label) VALUES (?1, ?2, ?3, ?4)")
            for item in batch.itemLabels {
                try label.bind(1, batchID)
                try label.bind(2, item.instrument)
                try label.bind(3, item.item)
                try label.bind(4, item.label)
                try label.run()
            }
        }
        return batchID
    }

    // MARK: Bulk-load settings

    /// Page cache while an import runs, in KiB (a negative `cache_size` is KiB:
    /// https://sqlite.org/pragma.html#pragma_cache_size). Large enough that the pages an
    /// import touches stay in memory until commit, small enough for a flat memory profile.
    static let defaultImportCacheKiB = 8 * 1024

    /// The journal of an import about to begin (``ImportJournal``): the rollback journal
    /// when the file holds no batch and no free page and no other connection has it open,
    /// else write-ahead logging. Runs outside a transaction; ``endBulkLoad()`` returns the
    /// file to write-ahead logging.
    func chooseImportJournal() -> ImportJournal {
        if holdsNoBatchOrFreePage(), (try? connection.changeJournalMode(to: "DELETE", waiting: false)) == "delete" {
            return .rollback
        }
        // Should a reader keep a file left in rollback mode from switching back, it stays so.
        let mode = (try? connection.changeJournalMode(to: "WAL", waiting: true)) ?? connection.journalMode
        return mode == "wal" ? .writeAheadLog : .rollback
    }

    /// Whether the file holds no batch and no free page: every page an import adds then lies
    /// beyond the file's old end (https://sqlite.org/pragma.html#pragma_freelist_count).
    private func holdsNoBatchOrFreePage() -> Bool {
        guard let batches = try? connection.prepare("SELECT EXISTS (SELECT 1 FROM batch)"),
            (try? batches.step()) == true, batches.int(0) == 0,
            let free = try? connection.prepare("PRAGMA freelist_count"), (try? free.step()) == true
        else { return false }
        return free.int(0) == 0
    }

    /// Settings for a large write: a bigger page cache. Durability is kept: both journals
    /// with `synchronous = FULL` (the default) sync on commit.
    func beginBulkLoad() {
        if let statement = try? connection.prepare("PRAGMA cache_size"), (try? statement.step()) == true {
            cacheSizeBeforeImport = statement.int(0)
        }
        try? connection.execute("PRAGMA cache_size = -\(max(64, importCacheKiB))")
    }

    /// Restores the settings ``beginBulkLoad()`` and ``chooseImportJournal()`` changed. Should
    /// a reader keep the file from write-ahead logging past the busy timeout, it stays in
    /// rollback mode until the next import or opening switches it back.
    func endBulkLoad() {
        if let size = cacheSizeBeforeImport {
            try? connection.execute("PRAGMA cache_size = \(size)")
            cacheSizeBeforeImport = nil
        }
        _ = try? connection.changeJournalMode(to: "WAL", waiting: true)
    }

    // MARK: Rows the writer creates

    /// The rowid the next insert into `table` gets (one past the largest).
    func nextRowID(table: String) throws -> Int64 {
        let statement = try connection.prepare("SELECT coalesce(max(id), 0) + 1 FROM \(table)")
        try statement.step()
        return statement.int64(0)
    }

    /// The participant's id, and whether this call created it.
    func ensureParticipant(label: String, studyID: Int64) throws -> (id: Int64, created: Bool) {
        try ensureRowReportingCreation(
            select: "SELECT id FROM participant WHERE study_id = ?1 AND label = ?2",
            insert: "INSERT INTO participant (study_id, label) VALUES (?1, ?2)",
            parent: studyID, name: label)
    }

    func ensureFactor(named name: String, studyID: Int64) throws -> Int64 {
        try ensureRow(
            select: "SELECT id FROM factor WHERE study_id = ?1 AND name = ?2",
            insert: "INSERT INTO factor (study_id, name) VALUES (?1, ?2)",
            parent: studyID, name: name)
    }

    func ensureLevel(named name: String, factorID: Int64) throws -> Int64 {
        try ensureRow(
            select: "SELECT id FROM level WHERE factor_id = ?1 AND name = ?2",
            insert: "INSERT INTO level (factor_id, name) VALUES (?1, ?2)",
            parent: factorID, name: name)
    }

    /// The condition with this key, created with its `condition_level` rows when new; a
    /// `nil` level id (a missing value) is stored as NULL.
    func ensureCondition(
        key: String, label: String, studyID: Int64, levels: [(factorID: Int64, levelID: Int64?)]
    ) throws -> Int64 {
        let select = try connection.prepare(
            "SELECT id FROM condition WHERE study_id = ?1 AND key = ?2")
        try select.bind(1, studyID)
        try select.bind(2, key)
        if try select.step() { return select.int64(0) }
        let insert = try connection.prepare(
            "INSERT INTO condition (study_id, key, label) VALUES (?1, ?2, ?3)")
        try insert.bind(1, studyID)
        try insert.bind(2, key)
        try insert.bind(3, label)
        try insert.run()
        let conditionID = connection.lastInsertRowID
        let link = try connection.prepare(
            "INSERT INTO condition_level (condition_id, factor_id, level_id) VALUES (?1, ?2, ?3)")
        try link.bind(1, conditionID)
        for (factorID, levelID) in levels {
            try link.bind(2, factorID)
            try link.bind(3, levelID)
            try link.run()
        }
        return conditionID
    }

    /// Stores the names of the trial columns that hold a value in some trial of the batch.
    func recordTrialColumns(_ names: [String], batchID: Int64) throws {
        let update = try connection.prepare("UPDATE batch SET trial_columns = ?2 WHERE id = ?1")
        try update.bind(1, batchID)
        try update.bind(2, "[" + names.map { "\"\($0)\"" }.joined(separator: ",") + "]")
        try update.run()
    }

    /// Stores the unit the import read the batch's lengths in.
    func recordUnits(_ units: ScreenUnit, batchID: Int64) throws {
        let update = try connection.prepare("UPDATE batch SET units = ?2 WHERE id = ?1")
        try update.bind(1, batchID)
        try update.bind(2, units.rawValue)
        try update.run()
    }

    /// Stores how the trials the batch derived from touch events were timed.
    func recordTrialTime(_ model: TrialTimeModel, derivation: TouchDerivation?, batchID: Int64) throws {
        let update = try connection.prepare("UPDATE batch SET trial_time = ?2, derivation = ?3 WHERE id = ?1")
        try update.bind(1, batchID)
        try update.bind(2, model.rawValue)
        try update.bind(3, derivation.flatMap { try? String(decoding: JSONEncoder().encode($0), as: UTF8.self) })
        try update.run()
    }

    func recordCounts(batchID: Int64, rows: Int, rejected: Int) throws {
        let update = try connection.prepare(
            "UPDATE batch SET rows = ?2, rejected = ?3 WHERE id = ?1")
        try update.bind(1, batchID)
        try update.bind(2, rows)
        try update.bind(3, rejected)
        try update.run()
    }

    private func ensureRow(select: String, insert: String, parent: Int64, name: String) throws -> Int64 {
        try ensureRowReportingCreation(select: select, insert: insert, parent: parent, name: name).id
    }

    private func ensureRowReportingCreation(
        select: String, insert: String, parent: Int64, name: String
    ) throws -> (id: Int64, created: Bool) {
        let query = try connection.prepare(select)
        try query.bind(1, parent)
        try query.bind(2, name)
        if try query.step() { return (query.int64(0), false) }
        let statement = try connection.prepare(insert)
        try statement.bind(1, parent)
        try statement.bind(2, name)
        try statement.run()
        return (connection.lastInsertRowID, true)
    }
}
