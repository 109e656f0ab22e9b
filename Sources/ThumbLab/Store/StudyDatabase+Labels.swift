/// The display labels of a study's factors and levels (`factor.label`, `level.label`):
/// what tables, figures and sentences call them. Raw names stay the keys.
extension StudyDatabase {
    /// The labels the study's factors and levels hold, by raw name; factors and levels
    /// without one are left out.
    /// - Throws: ``ThumbLabError/study(_:)`` for an unknown study.
    package func storedLabels(study: String) throws -> DisplayNames {
        try readTransaction {
            let id = try labelledStudyID(study)
            var names = DisplayNames()
            let factors = try connection.prepare(
                "SELECT name, label FROM factor WHERE study_id = ?1 AND label IS NOT NULL")
            try factors.bind(1, id)
            while try factors.step() {
                names.factorLabels[factors.text(0)] = factors.text(1)
            }
            let levels = try connection.prepare(
                """
                SELECT f.name, l.name, l.label FROM level l JOIN factor f ON f.id = l.factor_id
                WHERE f.study_id = ?1 AND l.label IS NOT NULL
                """)
            try levels.bind(1, id)
            while try levels.step() {
                names.levelLabels[levels.text(0), default: [:]][levels.text(1)] = levels.text(2)
            }
            // The newest batch's text of an item wins.
            let items = try connection.prepare(
                """
                SELECT i.item, i.label FROM item_label i JOIN batch b ON b.id = i.batch_id
                WHERE b.study_id = ?1 ORDER BY i.batch_id
                """)
            try items.bind(1, id)
            while try items.step() {
                names.itemLabels[items.text(0)] = items.text(1)
            }
            return names
        }
    }

    /// Stores `label` (NULL for `nil`) as the display label of the study's factor `factor`.
    /// - Returns: whether the study has that factor.
    /// - Throws: ``ThumbLabError/study(_:)`` for an unknown study.
    @discardableResult
    package func storeLabel(_ label: String?, factor: String, study: String) throws -> Bool {
        try writeTransaction {
            let update = try connection.prepare("UPDATE factor SET label = ?1 WHERE study_id = ?2 AND name = ?3")
            try update.bind(1, label)
            try update.bind(2, try labelledStudyID(study))
            try update.bind(3, factor)
            try update.run()
            return connection.changes > 0
        }
    }

    /// Stores `label` (NULL for `nil`) as the display label of `level` of the study's
    /// factor `factor`.
    /// - Returns: whether the factor has that level.
    /// - Throws: ``ThumbLabError/study(_:)`` for an unknown study.
    @discardableResult
    package func storeLabel(_ label: String?, level: String, of factor: String, study: String) throws -> Bool {
        try writeTransaction {
            let update = try connection.prepare(
                """
                UPDATE level SET label = ?1 WHERE name = ?2 AND factor_id = (
                    SELECT id FROM factor WHERE study_id = ?3 AND name = ?4)
                """)
            try update.bind(1, label)
            try update.bind(2, level)
            try update.bind(3, try labelledStudyID(study))
            try update.bind(4, factor)
            try update.run()
            return connection.changes > 0
        }
    }

    private func labelledStudyID(_ name: String) throws -> Int64 {
        guard let id = try studyID(named: name) else {
            throw ThumbLabError.study(.unknown(name: name, known: try studies()))
        }
        return id
    }
}
