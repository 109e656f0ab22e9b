/// Trial logs and touch logs of one study, joined.
///
/// A touch log derives a trial from each attempt's events; a trial log of the same study
/// may hold the same trials. A derived trial with the same participant, condition, block,
/// trial number and attempt as a logged one is *covered*: it moves from `trial` to
/// `covered_trial` (`covered_by` naming the logged trial) and its touches link to the
/// logged trial, so no trial is counted twice. Undoing the trial log brings the covered
/// trials back and their touches with them; undoing the touch log removes its covered
/// trials too. Logged and derived trials number their attempts apart (see
/// ``renumberAttempts(studyID:)``), so the result does not depend on which file came first.
extension StudyDatabase {
    /// `trial`'s columns after `id`, which `covered_trial` repeats in the same order.
    private static let trialColumns = """
        batch_id, participant_id, condition_id, block, trial, attempt, target_x, target_y,
        target_width, target_height, start_x, start_y, touch_x, touch_y, time_ms, hit, errors,
        line, effective_amplitude, deviation
        """

    /// Rows of participants of the study, as an SQL condition on `participant_id`.
    private static let ofStudy = "participant_id IN (SELECT id FROM participant WHERE study_id = ?1)"

    /// Pairs of a derived trial (`derived`) and the logged trial that covers it (`logged`).
    private static let coverPairs = """
        WITH pair AS (
            SELECT d.id AS derived, l.id AS logged
            FROM trial d
            JOIN batch db ON db.id = d.batch_id AND db.kind = 'touches'
            JOIN trial l ON l.participant_id = d.participant_id AND l.condition_id = d.condition_id
                AND l.block IS d.block AND l.trial = d.trial AND l.attempt = d.attempt
            JOIN batch lb ON lb.id = l.batch_id AND lb.kind = 'trials'
            WHERE d.trial IS NOT NULL AND d.\(ofStudy))
        """

    /// Whether the study needs its logged and derived trials joined: it has batches of
    /// trial logs and of touch logs, or covered trials.
    func joinsTrialAndTouchLogs(studyID: Int64) throws -> Bool {
        let statement = try connection.prepare(
            """
            SELECT (EXISTS (SELECT 1 FROM batch WHERE study_id = ?1 AND kind = 'trials')
                    AND EXISTS (SELECT 1 FROM batch WHERE study_id = ?1 AND kind = 'touches'))
                OR EXISTS (SELECT 1 FROM covered_trial WHERE \(Self.ofStudy))
            """)
        try statement.bind(1, studyID)
        try statement.step()
        return statement.int(0) != 0
    }

    /// Joins the study's logged and derived trials afresh: brings every covered trial back,
    /// renumbers the attempts, covers the derived trials a logged trial matches and links
    /// the touches still unlinked.
    func joinTrialAndTouchLogs(studyID: Int64) throws {
        try restoreCoveredTrials(studyID: studyID)
        try renumberAttempts(studyID: studyID)
        try coverDerivedTrials(studyID: studyID)
        try linkTouches(studyID: studyID, sameBatch: .everyBatch)
    }

    /// Moves every covered trial of the study back into `trial` (under new ids, since its
    /// old one may have been reused) and links its touches to it again: those of its own
    /// batch that link to the trial that covered it, also when that trial was just deleted.
    func restoreCoveredTrials(studyID: Int64) throws {
        let count = try connection.prepare("SELECT count(*) FROM covered_trial WHERE \(Self.ofStudy)")
        try count.bind(1, studyID)
        try count.step()
        guard count.int(0) > 0 else { return }
        let firstID = try nextRowID(table: "trial")
        let renumbered = """
            WITH moved AS (
                SELECT id, covered_by, batch_id AS source_batch, ?2 + row_number() OVER (ORDER BY id) - 1 AS new_id
                FROM covered_trial WHERE \(Self.ofStudy))
            """
        try run(
            """
            \(renumbered)
            UPDATE touch SET trial_id = moved.new_id FROM moved
            WHERE touch.trial_id = moved.covered_by AND touch.batch_id = moved.source_batch
            """, studyID, firstID)
        try run(
            """
            \(renumbered)
            INSERT INTO trial (id, \(Self.trialColumns))
            SELECT moved.new_id, \(Self.trialColumns) FROM covered_trial JOIN moved USING (id)
            ORDER BY moved.new_id
            """, studyID, firstID)
        try run("DELETE FROM covered_trial WHERE \(Self.ofStudy)", studyID)
    }

    /// Moves each derived trial that a logged trial with the same key and attempt covers
    /// into `covered_trial`, and links its touches to the logged trial.
    func coverDerivedTrials(studyID: Int64) throws {
        try run(
            """
            \(Self.coverPairs)
            UPDATE touch SET trial_id = pair.logged FROM pair WHERE touch.trial_id = pair.derived
            """, studyID)
        try run(
            """
            \(Self.coverPairs)
            INSERT INTO covered_trial (id, \(Self.trialColumns), covered_by)
            SELECT trial.id, \(Self.trialColumns), pair.logged FROM trial JOIN pair ON pair.derived = trial.id
            """, studyID)
        try run("\(Self.coverPairs) DELETE FROM trial WHERE id IN (SELECT derived FROM pair)", studyID)
    }

    /// Runs one statement with its parameters bound to `?1`, `?2`, ...
    private func run(_ sql: String, _ parameters: Int64...) throws {
        let statement = try connection.prepare(sql)
        for (index, value) in parameters.enumerated() { try statement.bind(Int32(index + 1), value) }
        try statement.run()
    }
}
