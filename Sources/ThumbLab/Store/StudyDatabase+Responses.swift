extension StudyDatabase {
    /// Whether the study has any questionnaire answers.
    package func hasResponses(study: String) throws -> Bool {
        let statement = try connection.prepare(
            """
            SELECT EXISTS (SELECT 1 FROM response r JOIN participant p ON p.id = r.participant_id
                JOIN study s ON s.id = p.study_id WHERE s.name = ?1)
            """)
        try statement.bind(1, study)
        try statement.step()
        return statement.int(0) != 0
    }
}
