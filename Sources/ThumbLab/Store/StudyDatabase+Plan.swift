import Foundation

/// A study's analysis plan as the `analysis_plan` table holds it: filters as JSON text and
/// each setting as written, `nil` where the plan leaves it to the analysis.
package struct StoredPlan: Sendable, Equatable {
    /// `[{"factor": NAME, "levels": [LEVEL, ...]}, ...]`: the filters that keep trials.
    package var keep: String
    /// The filters that leave trials out, in the same form.
    package var exclude: String
    /// `first`, `last` or `all`.
    package var attempts: String?
    /// `all` or `hits`.
    package var trials: String?
    /// The outlier rule as written (`sd:3`).
    package var outliers: String?
    /// `log` or `raw`.
    package var outlierScale: String?
    /// When the plan was set.
    package var setAt: Date

    /// A plan of these settings.
    package init(
        keep: String = "[]", exclude: String = "[]", attempts: String? = nil, trials: String? = nil,
        outliers: String? = nil, outlierScale: String? = nil, setAt: Date = Date()
    ) {
        self.keep = keep
        self.exclude = exclude
        self.attempts = attempts
        self.trials = trials
        self.outliers = outliers
        self.outlierScale = outlierScale
        self.setAt = setAt
    }
}

extension StudyDatabase {
    /// The study's plan: the newest row of `analysis_plan` for it, `nil` when it has none.
    /// - Throws: ``ThumbLabError/study(_:)`` for an unknown study.
    package func storedPlan(study: String) throws -> StoredPlan? {
        try readTransaction {
            let id = try existingStudyID(study)
            let statement = try connection.prepare(
                """
                SELECT keep, exclude, attempts, trials, outliers, outlier_scale, set_at FROM analysis_plan
                WHERE study_id = ?1 ORDER BY id DESC LIMIT 1
                """)
            try statement.bind(1, id)
            guard try statement.step() else { return nil }
            return StoredPlan(
                keep: statement.text(0), exclude: statement.text(1), attempts: statement.optionalText(2),
                trials: statement.optionalText(3), outliers: statement.optionalText(4),
                outlierScale: statement.optionalText(5), setAt: BatchTimestamp.date(statement.text(6)))
        }
    }

    /// Makes `plan` the study's plan; the one before stays, for ``removeNewestPlan(study:)``.
    /// - Throws: ``ThumbLabError/study(_:)`` for an unknown study.
    package func storePlan(_ plan: StoredPlan, study: String) throws {
        try writeTransaction {
            let insert = try connection.prepare(
                """
                INSERT INTO analysis_plan (study_id, keep, exclude, attempts, trials, outliers, outlier_scale, set_at)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
                """)
            try insert.bind(1, try existingStudyID(study))
            try insert.bind(2, plan.keep)
            try insert.bind(3, plan.exclude)
            try insert.bind(4, plan.attempts)
            try insert.bind(5, plan.trials)
            try insert.bind(6, plan.outliers)
            try insert.bind(7, plan.outlierScale)
            try insert.bind(8, BatchTimestamp.text(plan.setAt))
            try insert.run()
        }
    }

    /// Removes the study's newest plan, so that the one set before it applies again.
    /// - Returns: whether there was a plan to remove.
    /// - Throws: ``ThumbLabError/study(_:)`` for an unknown study.
    @discardableResult
    package func removeNewestPlan(study: String) throws -> Bool {
        try writeTransaction {
            let delete = try connection.prepare(
                """
                DELETE FROM analysis_plan WHERE id = (
                    SELECT id FROM analysis_plan WHERE study_id = ?1 ORDER BY id DESC LIMIT 1)
                """)
            try delete.bind(1, try existingStudyID(study))
            try delete.run()
            return connection.changes > 0
        }
    }

    /// The id of the study `name`.
    /// - Throws: ``ThumbLabError/study(_:)`` for an unknown study.
    func existingStudyID(_ name: String) throws -> Int64 {
        guard let id = try studyID(named: name) else {
            throw ThumbLabError.study(.unknown(name: name, known: nil))
        }
        return id
    }
}
