extension StudyDatabase {
    /// Removes one import completely, in one transaction: its trials, touches, responses,
    /// rejected rows and the batch record; for a `factors` batch (`thumblab factor add`), the
    /// factors it derived. Participants, conditions, levels and factors
    /// that no other batch uses go too (a participant's attributes with it), and so does
    /// the study when no batch of it remains. Attempt numbers of the study are renumbered
    /// and touches of other batches are relinked, as if the batch had never been imported.
    /// - Returns: the batch as it was before removal.
    /// - Throws: ``ThumbLabError/batch(_:)`` when there is no batch with this id.
    @discardableResult
    public func undo(batch id: Int64) throws -> BatchSummary {
        try undoBatch(id).batch
    }

    /// ``undo(batch:)``, saying what went: the rows of each kind, the trials derived from a
    /// touch log, the rejected rows, and the touches of other imports that were attached to
    /// the batch's trials (the derived trials those trials covered come back).
    /// - Throws: ``ThumbLabError/batch(_:)`` when there is no batch with this id.
    public func undoBatch(_ id: Int64) throws -> UndoReport {
        try writeTransaction {
            guard let summary = try batch(id: id) else {
                throw ThumbLabError.batch(.unknown(id: id))
            }
            let report = try undoReport(summary)
            guard let studyID = try studyID(named: summary.study) else { return report }
            if summary.kind == .factors { try removeDerivedFactors(batchID: id, studyID: studyID) }
            let joined = try joinsTrialAndTouchLogs(studyID: studyID)
            let ownsEveryRow = try isOnlyBatch(id)
            for table in ["trial_value", "phrase", "key_tap"] {
                if ownsEveryRow {
                    try run("DELETE FROM \(table)")
                } else {
                    try run("DELETE FROM \(table) WHERE trial_id IN (SELECT id FROM trial WHERE batch_id = ?1)", id)
                }
            }
            for table in [
                "touch", "trial", "covered_trial", "response", "participant_attribute", "rejected_row",
                "position_extent", "derived_factor", "item_label", "batch",
            ] {
                let column = table == "batch" ? "id" : "batch_id"
                if ownsEveryRow {
                    try run("DELETE FROM \(table)")
                } else {
                    try run("DELETE FROM \(table) WHERE \(column) = ?1", id)
                }
            }
            // Before dangling links are cleared: touches linked to a removed logged trial
            // go back to the derived trial it covered.
            if joined { try restoreCoveredTrials(studyID: studyID) }
            try run(
                """
                UPDATE touch SET trial_id = NULL
                WHERE trial_id IS NOT NULL AND trial_id NOT IN (SELECT id FROM trial)
                """)
            try removeUnused(studyID: studyID)
            if try studyHasBatches(studyID) {
                try renumberAttempts(studyID: studyID)
                if joined { try coverDerivedTrials(studyID: studyID) }
                try linkTouches(studyID: studyID, sameBatch: .everyBatch)
            } else {
                try run("DELETE FROM study WHERE id = ?1", studyID)
            }
            return report
        }
    }

    /// What undoing the batch will remove, counted before it does.
    private func undoReport(_ summary: BatchSummary) throws -> UndoReport {
        let id = summary.id
        let ownTrials = "SELECT id FROM trial WHERE batch_id = ?1"
        let counts = try connection.prepare(
            """
            SELECT (SELECT count(*) FROM trial WHERE batch_id = ?1),
                (SELECT count(*) FROM covered_trial WHERE batch_id = ?1),
                (SELECT count(*) FROM touch WHERE batch_id = ?1),
                (SELECT count(*) FROM touch WHERE batch_id = ?1 AND trial_id IS NOT NULL),
                (SELECT count(*) FROM response WHERE batch_id = ?1),
                (SELECT count(*) FROM rejected_row WHERE batch_id = ?1),
                (SELECT count(*) FROM touch WHERE batch_id <> ?1 AND trial_id IN (\(ownTrials))),
                (SELECT count(*) FROM covered_trial WHERE covered_by IN (\(ownTrials))),
                (SELECT count(*) FROM participant_attribute WHERE batch_id = ?1),
                (SELECT count(*) FROM phrase WHERE trial_id IN (\(ownTrials))),
                (SELECT count(*) FROM key_tap WHERE trial_id IN (\(ownTrials)))
            """)
        try counts.bind(1, id)
        try counts.step()
        let trials = counts.int(0)
        let derived = summary.kind == .touches ? trials + counts.int(1) : 0
        var report = UndoReport(
            batch: summary, trials: trials, derivedTrials: derived, touches: counts.int(2),
            attachedTouches: counts.int(3), responses: counts.int(4), rejectedRows: counts.int(5),
            detachedTouches: counts.int(6), restoredTrials: counts.int(7))
        report.attributes = counts.int(8)
        report.phrases = counts.int(9)
        report.keyTaps = counts.int(10)
        return report
    }

    /// Deletes the participants, conditions, levels and factors of the study that no
    /// trial, touch or response refers to any more; a participant whom a demographics
    /// import describes stays with that import.
    func removeUnused(studyID: Int64) throws {
        let unusedParticipants = """
            SELECT id FROM participant WHERE study_id = ?1 AND id NOT IN (
                SELECT participant_id FROM trial UNION SELECT participant_id FROM touch
                UNION SELECT participant_id FROM response UNION SELECT participant_id FROM covered_trial
                UNION SELECT participant_id FROM participant_attribute WHERE batch_id IS NOT NULL)
            """
        let unusedConditions = """
            SELECT id FROM condition WHERE study_id = ?1 AND id NOT IN (
                SELECT condition_id FROM trial UNION SELECT condition_id FROM touch
                UNION SELECT condition_id FROM response UNION SELECT condition_id FROM covered_trial)
            """
        for statement in [
            "DELETE FROM participant_attribute WHERE participant_id IN (\(unusedParticipants))",
            "DELETE FROM participant WHERE id IN (\(unusedParticipants))",
            "DELETE FROM condition_level WHERE condition_id IN (\(unusedConditions))",
            "DELETE FROM condition WHERE id IN (\(unusedConditions))",
            """
            DELETE FROM level WHERE factor_id IN (SELECT id FROM factor WHERE study_id = ?1)
                AND id NOT IN (SELECT level_id FROM condition_level WHERE level_id IS NOT NULL)
            """,
            """
            DELETE FROM factor WHERE study_id = ?1
                AND id NOT IN (SELECT factor_id FROM level UNION SELECT factor_id FROM condition_level)
            """,
        ] {
            try run(statement, studyID)
        }
    }

    /// Whether the file holds no batch but `id`: every row of the tables that carry a
    /// `batch_id` is then the batch's own (each row is written with its batch, and an undo
    /// removes a batch's rows with it), so they go by a `DELETE` without `WHERE`, which SQLite
    /// runs by dropping the tables' pages at once (https://sqlite.org/lang_delete.html, the
    /// truncate optimization) instead of removing row after row and rewriting every page;
    /// with `secure_delete` off those pages are not even written.
    private func isOnlyBatch(_ id: Int64) throws -> Bool {
        let statement = try connection.prepare("SELECT NOT EXISTS (SELECT 1 FROM batch WHERE id <> ?1)")
        try statement.bind(1, id)
        try statement.step()
        return statement.int(0) != 0
    }

    private func studyHasBatches(_ studyID: Int64) throws -> Bool {
        let statement = try connection.prepare(
            "SELECT EXISTS (SELECT 1 FROM batch WHERE study_id = ?1)")
        try statement.bind(1, studyID)
        try statement.step()
        return statement.int(0) != 0
    }

    /// Runs one statement, or several without parameters.
    private func run(_ sql: String, _ parameter: Int64? = nil) throws {
        guard let parameter else { return try connection.execute(sql) }
        let statement = try connection.prepare(sql)
        try statement.bind(1, parameter)
        try statement.run()
    }
}
