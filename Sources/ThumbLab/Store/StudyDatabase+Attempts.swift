/// Attempt numbering and touch-to-trial links, both computed in SQL after a batch's rows
/// are in, so that an import never holds its trials in memory.
///
/// Loggers repeat a missed trial under the same number until it is hit, so rows with the
/// same participant, condition, block and trial number are successive attempts of one
/// trial: 1, 2, ... in import order (file order, then batch order), computed with
/// `row_number()` (https://sqlite.org/windowfunctions.html). Rows without a trial number
/// are attempt 1. A missing block counts as one block of its own.
extension StudyDatabase {
    /// The trials of participants of the study, as an SQL condition on `participant_id`.
    private static let inStudy = "participant_id IN (SELECT id FROM participant WHERE study_id = ?1)"

    /// Numbers the attempts of the trials inserted from `firstTrialID` on, continuing the
    /// count of attempts earlier batches of the study hold for the same trial.
    func numberAttempts(studyID: Int64, fromTrialID firstTrialID: Int64) throws {
        let prior = try connection.prepare(
            "SELECT EXISTS (SELECT 1 FROM trial WHERE id < ?2 AND trial IS NOT NULL AND \(Self.inStudy))")
        try prior.bind(1, studyID)
        try prior.bind(2, firstTrialID)
        try prior.step()
        let continuesEarlierBatches = prior.int(0) != 0

        let update = try connection.prepare(
            continuesEarlierBatches
                ? """
                WITH prior AS (
                    SELECT participant_id, condition_id, block, trial, max(attempt) AS last
                    FROM trial WHERE id < ?2 AND trial IS NOT NULL AND \(Self.inStudy)
                    GROUP BY participant_id, condition_id, block, trial),
                numbered AS (
                    SELECT t.id, coalesce(p.last, 0) + row_number() OVER (
                        PARTITION BY t.participant_id, t.condition_id, t.block, t.trial
                        ORDER BY t.id) AS attempt
                    FROM trial t LEFT JOIN prior p
                        ON p.participant_id = t.participant_id AND p.condition_id = t.condition_id
                        AND p.block IS t.block AND p.trial = t.trial
                    WHERE t.id >= ?2 AND t.trial IS NOT NULL)
                UPDATE trial SET attempt = numbered.attempt FROM numbered
                WHERE trial.id = numbered.id AND numbered.attempt > 1
                """
                : """
                WITH numbered AS (
                    SELECT id, row_number() OVER (
                        PARTITION BY participant_id, condition_id, block, trial ORDER BY id) AS attempt
                    FROM trial WHERE id >= ?2 AND trial IS NOT NULL)
                UPDATE trial SET attempt = numbered.attempt FROM numbered
                WHERE trial.id = numbered.id AND numbered.attempt > 1
                """)
        try update.bind(1, studyID)
        try update.bind(2, firstTrialID)
        try update.run()
    }

    /// Renumbers every attempt of the study, as after an undo removed some of them.
    func renumberAttempts(studyID: Int64) throws {
        let update = try connection.prepare(
            """
            WITH numbered AS (
                SELECT id, row_number() OVER (
                    PARTITION BY participant_id, condition_id, block, trial ORDER BY id) AS attempt
                FROM trial WHERE trial IS NOT NULL AND \(Self.inStudy))
            UPDATE trial SET attempt = numbered.attempt FROM numbered
            WHERE trial.id = numbered.id AND trial.attempt <> numbered.attempt
            """)
        try update.bind(1, studyID)
        try update.run()
    }

    /// Links each touch of the study that has a trial number and no trial yet to its trial:
    /// the one trial of the same batch with the same participant, condition, block and
    /// number (the trials derived from a touch log), else the one such trial of the study.
    /// A touch whose number matches several attempts stays unlinked (`trial_id` NULL).
    func linkTouches(studyID: Int64) throws {
        let pending = try connection.prepare(
            "SELECT EXISTS (SELECT 1 FROM touch WHERE trial_id IS NULL AND trial IS NOT NULL AND \(Self.inStudy))")
        try pending.bind(1, studyID)
        try pending.step()
        guard pending.int(0) != 0 else { return }
        for scope in ["batch_id, ", ""] {
            let sameBatch = scope.isEmpty ? "" : "AND touch.batch_id = u.batch_id"
            let update = try connection.prepare(
                """
                WITH u AS (
                    SELECT \(scope)participant_id, condition_id, block, trial, min(id) AS id
                    FROM trial WHERE trial IS NOT NULL AND \(Self.inStudy)
                    GROUP BY \(scope)participant_id, condition_id, block, trial
                    HAVING count(*) = 1)
                UPDATE touch SET trial_id = u.id FROM u
                WHERE touch.trial_id IS NULL AND touch.trial IS NOT NULL \(sameBatch)
                    AND touch.participant_id = u.participant_id
                    AND touch.condition_id = u.condition_id
                    AND touch.block IS u.block AND touch.trial = u.trial
                """)
            try update.bind(1, studyID)
            try update.run()
        }
    }
}
