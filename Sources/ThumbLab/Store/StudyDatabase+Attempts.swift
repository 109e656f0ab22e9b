/// Attempt numbering and touch-to-trial links in SQL, after a batch's rows are in.
///
/// Loggers repeat a missed trial under the same number until it is hit, so rows with the
/// same participant, condition, block and trial number are successive attempts of one
/// trial: 1, 2, ... in import order (file order, then batch order), computed with
/// `row_number()` (https://sqlite.org/windowfunctions.html). Rows without a trial number
/// are attempt 1. A missing block counts as one block of its own.
extension StudyDatabase {
    /// The trials of participants of the study, as an SQL condition on `participant_id`.
    private static let inStudy = "participant_id IN (SELECT id FROM participant WHERE study_id = ?1)"

    /// Numbers the attempts of the trials inserted from `firstTrialID` on, within the batch.
    /// ``BatchWriter`` counts attempts as rows arrive (``AttemptCounter``); this is its
    /// fallback for batches whose counts outgrow the memory allowed (memory stays flat;
    /// SQLite sorts, spilling to temporary files when the sort outgrows the page cache).
    func numberAttempts(fromTrialID firstTrialID: Int64) throws {
        let update = try connection.prepare(
            """
            WITH numbered AS (
                SELECT id, row_number() OVER (
                    PARTITION BY participant_id, condition_id, block, trial ORDER BY id) AS attempt
                FROM trial WHERE id >= ?1 AND trial IS NOT NULL)
            UPDATE trial SET attempt = numbered.attempt FROM numbered
            WHERE trial.id = numbered.id AND trial.attempt <> numbered.attempt
            """)
        try update.bind(1, firstTrialID)
        try update.run()
    }

    /// Continues the count of earlier batches: a trial of the batch (rows from
    /// `firstTrialID` on) that earlier batches of the study already hold gets their
    /// highest attempt added to its own. Only `participants`, those the study had before
    /// the batch, can have earlier trials.
    func continueAttempts(fromTrialID firstTrialID: Int64, participants: [Int64]) throws {
        let ids = participants.map(String.init).joined(separator: ", ")
        let update = try connection.prepare(
            """
            WITH prior AS (
                SELECT participant_id, condition_id, block, trial, max(attempt) AS last
                FROM trial
                WHERE id < ?1 AND trial IS NOT NULL AND participant_id IN (\(ids))
                GROUP BY participant_id, condition_id, block, trial)
            UPDATE trial SET attempt = trial.attempt + prior.last FROM prior
            WHERE trial.id >= ?1 AND trial.participant_id = prior.participant_id
                AND trial.condition_id = prior.condition_id AND trial.block IS prior.block
                AND trial.trial = prior.trial
            """)
        try update.bind(1, firstTrialID)
        try update.run()
    }

    /// Renumbers every attempt of the study, as after an undo removed some of them.
    /// Trials of trial logs and trials derived from touch logs are counted apart, each in
    /// import order (batch, then line), so that a derived trial's attempt is the one its
    /// touch log gives it whatever else the study holds (see ``coverDerivedTrials(studyID:)``).
    func renumberAttempts(studyID: Int64) throws {
        let update = try connection.prepare(
            """
            WITH numbered AS (
                SELECT trial.id, row_number() OVER (
                    PARTITION BY participant_id, condition_id, block, trial, batch.kind
                    ORDER BY batch_id, line, trial.id) AS attempt
                FROM trial JOIN batch ON batch.id = trial.batch_id
                WHERE trial IS NOT NULL AND \(Self.inStudy))
            UPDATE trial SET attempt = numbered.attempt FROM numbered
            WHERE trial.id = numbered.id AND trial.attempt <> numbered.attempt
            """)
        try update.bind(1, studyID)
        try update.run()
    }

    /// Which touches to link to trials of their own batch before looking study-wide.
    enum SameBatchLinking {
        /// None: the batch's touches were linked as they were stored.
        case none
        /// The batch just written, whose rows begin at these rowids.
        case rows(fromTrialID: Int64, fromTouchID: Int64)
        /// Every batch of the study, as after an undo.
        case everyBatch
    }

    /// Links each touch of the study that has a trial number and no trial yet to its trial:
    /// the one trial of the same batch with the same participant, condition, block and
    /// number (the trials derived from a touch log), else the one such trial of the study.
    /// A touch whose number matches several attempts stays unlinked (`trial_id` NULL).
    func linkTouches(studyID: Int64, sameBatch: SameBatchLinking) throws {
        if case .rows(let firstTrialID, let firstTouchID) = sameBatch {
            try linkTouches(
                trials: "id >= ?2", touches: "touch.id >= ?3", grouping: "",
                bindings: [studyID, firstTrialID, firstTouchID])
        }
        let pending = try connection.prepare(
            "SELECT EXISTS (SELECT 1 FROM touch WHERE trial_id IS NULL AND trial >= 0 AND \(Self.inStudy))")
        try pending.bind(1, studyID)
        try pending.step()
        guard pending.int(0) != 0 else { return }
        if case .everyBatch = sameBatch {
            try linkTouches(
                trials: Self.inStudy, touches: "touch.batch_id = u.batch_id", grouping: "batch_id, ",
                bindings: [studyID])
        }
        try linkTouches(trials: Self.inStudy, touches: "1", grouping: "", bindings: [studyID])
    }

    /// Clears the links of the touches from `firstTouchID` on.
    func unlinkTouches(fromTouchID firstTouchID: Int64) throws {
        let update = try connection.prepare("UPDATE touch SET trial_id = NULL WHERE id >= ?1")
        try update.bind(1, firstTouchID)
        try update.run()
    }

    /// Links unlinked touches matching `touches` to the trials matching `trials` whose
    /// key (with `grouping` columns in front) occurs once.
    private func linkTouches(trials: String, touches: String, grouping: String, bindings: [Int64]) throws {
        let update = try connection.prepare(
            """
            WITH u AS (
                SELECT \(grouping)participant_id, condition_id, block, trial, min(id) AS id
                FROM trial WHERE trial IS NOT NULL AND \(trials)
                GROUP BY \(grouping)participant_id, condition_id, block, trial
                HAVING count(*) = 1)
            UPDATE touch SET trial_id = u.id FROM u
            WHERE touch.trial_id IS NULL AND touch.trial >= 0 AND \(touches)
                AND touch.participant_id = u.participant_id
                AND touch.condition_id = u.condition_id
                AND touch.block IS u.block AND touch.trial = u.trial
            """)
        for (index, value) in bindings.enumerated() { try update.bind(Int32(index + 1), value) }
        try update.run()
    }
}
