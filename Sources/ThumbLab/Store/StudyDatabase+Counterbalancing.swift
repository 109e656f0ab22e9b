import Foundation

/// A counterbalancing plan as the `counterbalancing` and `counterbalancing_order` tables
/// hold it: lists as JSON text, each participant's run order as rows.
package struct StoredCounterbalancing: Sendable, Equatable {
    /// One position of one participant's run order.
    package struct Row: Sendable, Equatable {
        /// The participant's label.
        package var participant: String
        /// The sequence dealt, from 1.
        package var sequence: Int
        /// The position in the run, from 1.
        package var position: Int
        /// The level of the factor put in order.
        package var level: String
        /// The level of the second factor, if the plan has one.
        package var secondLevel: String?

        /// A row of these values.
        package init(participant: String, sequence: Int, position: Int, level: String, secondLevel: String?) {
            self.participant = participant
            self.sequence = sequence
            self.position = position
            self.level = level
            self.secondLevel = secondLevel
        }
    }

    /// The factor put in order.
    package var factor: String
    /// Its levels, a JSON array.
    package var levels: String
    /// `balanced`, `latin`, `full` or `random`.
    package var scheme: String
    /// The seed of a random plan, in decimal.
    package var seed: String?
    /// The sequences, a JSON array of arrays of levels.
    package var sequences: String
    /// The factor ordered within each level, if any.
    package var secondFactor: String?
    /// Its levels, a JSON array.
    package var secondLevels: String?
    /// Its sequences, a JSON array of arrays.
    package var secondSequences: String?
    /// Each participant's run order, participant by participant, position by position.
    package var rows: [Row]
    /// When the plan was saved.
    package var savedAt: Date

    /// A stored plan of these values.
    package init(
        factor: String, levels: String, scheme: String, seed: String?, sequences: String, secondFactor: String?,
        secondLevels: String?, secondSequences: String?, rows: [Row], savedAt: Date = Date()
    ) {
        self.factor = factor
        self.levels = levels
        self.scheme = scheme
        self.seed = seed
        self.sequences = sequences
        self.secondFactor = secondFactor
        self.secondLevels = secondLevels
        self.secondSequences = secondSequences
        self.rows = rows
        self.savedAt = savedAt
    }
}

extension StudyDatabase {
    /// Stores `plan` as the study's newest plan for its factor, creating the study when
    /// the database does not hold it yet (a plan is made before the data).
    package func storeCounterbalancing(_ plan: StoredCounterbalancing, study: String) throws {
        try writeTransaction {
            let studyID = try ensureStudy(named: study)
            let insert = try connection.prepare(
                """
                INSERT INTO counterbalancing (study_id, factor, levels, scheme, seed, sequences, second_factor,
                    second_levels, second_sequences, saved_at)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
                """)
            try insert.bind(1, studyID)
            try insert.bind(2, plan.factor)
            try insert.bind(3, plan.levels)
            try insert.bind(4, plan.scheme)
            try insert.bind(5, plan.seed)
            try insert.bind(6, plan.sequences)
            try insert.bind(7, plan.secondFactor)
            try insert.bind(8, plan.secondLevels)
            try insert.bind(9, plan.secondSequences)
            try insert.bind(10, BatchTimestamp.text(plan.savedAt))
            try insert.run()
            let planID = connection.lastInsertRowID
            let row = try connection.prepare(
                """
                INSERT INTO counterbalancing_order (plan_id, participant, sequence, position, level, second_level)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                """)
            for order in plan.rows {
                try row.bind(1, planID)
                try row.bind(2, order.participant)
                try row.bind(3, order.sequence)
                try row.bind(4, order.position)
                try row.bind(5, order.level)
                try row.bind(6, order.secondLevel)
                try row.run()
            }
        }
    }

    /// The study's newest plan for `factor` (any factor when `nil`); `nil` when there is
    /// none, or the study is not in the database.
    package func storedCounterbalancing(study: String, factor: String?) throws -> StoredCounterbalancing? {
        try readTransaction {
            guard let studyID = try studyID(named: study) else { return nil }
            let statement = try connection.prepare(
                """
                SELECT id, factor, levels, scheme, seed, sequences, second_factor, second_levels, second_sequences,
                    saved_at
                FROM counterbalancing WHERE study_id = ?1 AND (?2 IS NULL OR factor = ?2) ORDER BY id DESC LIMIT 1
                """)
            try statement.bind(1, studyID)
            try statement.bind(2, factor)
            guard try statement.step() else { return nil }
            var plan = StoredCounterbalancing(
                factor: statement.text(1), levels: statement.text(2), scheme: statement.text(3),
                seed: statement.optionalText(4), sequences: statement.text(5), secondFactor: statement.optionalText(6),
                secondLevels: statement.optionalText(7), secondSequences: statement.optionalText(8), rows: [],
                savedAt: BatchTimestamp.date(statement.text(9)))
            let rows = try connection.prepare(
                """
                SELECT participant, sequence, position, level, second_level FROM counterbalancing_order
                WHERE plan_id = ?1 ORDER BY rowid
                """)
            try rows.bind(1, statement.int64(0))
            while try rows.step() {
                plan.rows.append(
                    StoredCounterbalancing.Row(
                        participant: rows.text(0), sequence: rows.int(1), position: rows.int(2), level: rows.text(3),
                        secondLevel: rows.optionalText(4)))
            }
            return plan
        }
    }
}
