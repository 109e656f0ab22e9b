extension StudyDatabase {
    /// The participant labels of a study, sorted.
    public func participants(study: String) throws -> [String] {
        let statement = try connection.prepare(
            """
            SELECT p.label FROM participant p JOIN study s ON s.id = p.study_id
            WHERE s.name = ?1 ORDER BY p.label
            """)
        try statement.bind(1, study)
        var labels: [String] = []
        while try statement.step() { labels.append(statement.text(0)) }
        return labels
    }

    /// Records an attribute of a participant, such as handedness or hand length in mm,
    /// replacing an earlier value of the same name. Values are text; analyses convert.
    /// - Throws: ``ThumbLabError/study(_:)`` when the study has no such participant
    ///   (participants come from imports).
    public func setParticipantAttribute(
        study: String, participant: String, name: String, value: String
    ) throws {
        try writeTransaction {
            let find = try connection.prepare(
                """
                SELECT p.id FROM participant p JOIN study s ON s.id = p.study_id
                WHERE s.name = ?1 AND p.label = ?2
                """)
            try find.bind(1, study)
            try find.bind(2, participant)
            guard try find.step() else {
                throw ThumbLabError.study(.unknownParticipant(study: study, participant: participant))
            }
            let upsert = try connection.prepare(
                """
                INSERT INTO participant_attribute (participant_id, name, value) VALUES (?1, ?2, ?3)
                ON CONFLICT (participant_id, name) DO UPDATE SET value = excluded.value
                """)
            try upsert.bind(1, find.int64(0))
            try upsert.bind(2, name)
            try upsert.bind(3, value)
            try upsert.run()
        }
    }

    /// The attributes of the participants of a study: label → attribute name → value.
    /// Participants without attributes are absent.
    public func participantAttributes(study: String) throws -> [String: [String: String]] {
        let statement = try connection.prepare(
            """
            SELECT p.label, a.name, a.value
            FROM participant_attribute a
            JOIN participant p ON p.id = a.participant_id
            JOIN study s ON s.id = p.study_id
            WHERE s.name = ?1
            """)
        try statement.bind(1, study)
        var result: [String: [String: String]] = [:]
        while try statement.step() {
            result[statement.text(0), default: [:]][statement.text(1)] = statement.text(2)
        }
        return result
    }

    /// The batch that stored the attribute `name` of a participant; nil when the participant
    /// has no such attribute. An attribute set without an import counts as batch 0.
    func attributeBatch(participantID: Int64, name: String) throws -> Int64? {
        let statement = try connection.prepare(
            "SELECT COALESCE(batch_id, 0) FROM participant_attribute WHERE participant_id = ?1 AND name = ?2")
        try statement.bind(1, participantID)
        try statement.bind(2, name)
        return try statement.step() ? statement.int64(0) : nil
    }
}
