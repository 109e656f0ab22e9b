extension StudyDatabase {
    /// Removes one import completely, in one transaction: its trials, touches, responses,
    /// rejected rows and the batch record. Participants, conditions, levels and factors
    /// that no other batch uses go too (a participant's attributes with it), and so does
    /// the study when no batch of it remains. Attempt numbers of the study are renumbered
    /// and touches of other batches are relinked, as if the batch had never been imported.
    /// - Returns: the batch as it was before removal.
    /// - Throws: ``ThumbLabError/usage(_:)`` when there is no batch with this id.
    @discardableResult
    public func undo(batch id: Int64) throws -> BatchSummary {
        try writeTransaction {
            guard let summary = try batch(id: id) else {
                throw ThumbLabError.usage(
                    "there is no batch \(id); `thumblab batches` lists the imports")
            }
            guard let studyID = try studyID(named: summary.study) else { return summary }
            for table in ["touch", "trial", "response", "rejected_row", "batch"] {
                let column = table == "batch" ? "id" : "batch_id"
                try run("DELETE FROM \(table) WHERE \(column) = ?1", id)
            }
            try run(
                """
                UPDATE touch SET trial_id = NULL
                WHERE trial_id IS NOT NULL AND trial_id NOT IN (SELECT id FROM trial)
                """)
            try removeUnused(studyID: studyID)
            if try studyHasBatches(studyID) {
                try renumberAttempts(studyID: studyID)
                try linkTouches(studyID: studyID, sameBatch: .everyBatch)
            } else {
                try run("DELETE FROM study WHERE id = ?1", studyID)
            }
            return summary
        }
    }

    /// Deletes the participants, conditions, levels and factors of the study that no
    /// trial, touch or response refers to any more.
    private func removeUnused(studyID: Int64) throws {
        let unusedParticipants = """
            SELECT id FROM participant WHERE study_id = ?1 AND id NOT IN (
                SELECT participant_id FROM trial UNION SELECT participant_id FROM touch
                UNION SELECT participant_id FROM response)
            """
        let unusedConditions = """
            SELECT id FROM condition WHERE study_id = ?1 AND id NOT IN (
                SELECT condition_id FROM trial UNION SELECT condition_id FROM touch
                UNION SELECT condition_id FROM response)
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
