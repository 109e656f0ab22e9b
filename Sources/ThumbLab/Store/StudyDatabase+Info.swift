/// What a study database holds: the counts `thumblab info` prints (its JSON keys are
/// `studies`, `participants`, `trials`, `phrases`, `key_taps`, `touches`, `responses`,
/// `batches`, `rejected`)
/// and each study's factors with their levels.
public struct DatabaseInfo: Equatable, Sendable {
    /// The database file's path, as given.
    public var path: String
    /// The schema version (`PRAGMA user_version`).
    public var schemaVersion: Int
    /// Studies in the database.
    public var studies: Int
    /// Participants, over all studies.
    public var participants: Int
    /// Rows of the `trial` table (logged trials and trials derived from touch logs).
    public var trials: Int
    /// Text-entry phrases (each also one of the ``trials``).
    public var phrases = 0
    /// Key presses of phrases logged with their touch points.
    public var keyTaps = 0
    /// Raw touch events.
    public var touches: Int
    /// Questionnaire answers.
    public var responses: Int
    /// Import batches.
    public var batches: Int
    /// Rows that imports skipping invalid rows left out, over all batches.
    public var rejected: Int
    /// One entry per study, by name.
    public var studyFactors: [StudyFactors]
    /// Every import batch, oldest first, with the unit it read lengths in
    /// (``BatchSummary/units``, nil where the import did not record it).
    public var batchList: [BatchSummary]
    /// The participant attributes of each study (by study name), by name, with how many
    /// participants have each; a study without attributes is absent.
    public var attributes: [String: [AttributeCount]] = [:]

    /// Creates the counts, as ``StudyDatabase/info()`` reads them.
    package init(
        path: String, schemaVersion: Int, studies: Int, participants: Int, trials: Int,
        touches: Int, responses: Int, batches: Int, rejected: Int, studyFactors: [StudyFactors],
        batchList: [BatchSummary] = []
    ) {
        self.path = path
        self.schemaVersion = schemaVersion
        self.studies = studies
        self.participants = participants
        self.trials = trials
        self.touches = touches
        self.responses = responses
        self.batches = batches
        self.rejected = rejected
        self.studyFactors = studyFactors
        self.batchList = batchList
    }
}

/// One participant attribute of a study and how many of its participants have a value.
public struct AttributeCount: Equatable, Sendable {
    /// The attribute's name (`age`, `gender`).
    public var name: String
    /// Participants with a value.
    public var participants: Int

    /// Creates a count.
    package init(name: String, participants: Int) {
        self.name = name
        self.participants = participants
    }
}

/// The factors of one study.
public struct StudyFactors: Equatable, Sendable {
    /// The study's name.
    public var study: String
    /// In the order they were first imported.
    public var factors: [FactorLevels]

    /// Creates a study's factor list.
    package init(study: String, factors: [FactorLevels]) {
        self.study = study
        self.factors = factors
    }
}

extension StudyDatabase {
    /// Counts of every kind of row, and the factors and levels of each study.
    /// All figures come from one read transaction, so they agree with each other.
    public func info() throws -> DatabaseInfo {
        try readTransaction { try readInfo() }
    }

    private func readInfo() throws -> DatabaseInfo {
        let counts = try connection.prepare(
            """
            SELECT (SELECT count(*) FROM study), (SELECT count(*) FROM participant),
                (SELECT count(*) FROM trial), (SELECT count(*) FROM touch),
                (SELECT count(*) FROM response), (SELECT count(*) FROM batch),
                (SELECT count(*) FROM rejected_row), (SELECT count(*) FROM phrase), (SELECT count(*) FROM key_tap)
            """)
        try counts.step()
        let studies = try studyFactors()
        var info = DatabaseInfo(
            path: path, schemaVersion: try schemaVersion(), studies: counts.int(0),
            participants: counts.int(1), trials: counts.int(2), touches: counts.int(3),
            responses: counts.int(4), batches: counts.int(5), rejected: counts.int(6),
            studyFactors: studies, batchList: try batches())
        info.phrases = counts.int(7)
        info.keyTaps = counts.int(8)
        info.attributes = try attributeCounts()
        return info
    }

    /// Each study's participant attributes by name, with the participants that have one.
    private func attributeCounts() throws -> [String: [AttributeCount]] {
        let statement = try connection.prepare(
            """
            SELECT s.name, a.name, count(*)
            FROM participant_attribute a
            JOIN participant p ON p.id = a.participant_id
            JOIN study s ON s.id = p.study_id
            GROUP BY s.name, a.name ORDER BY s.name, a.name
            """)
        var result: [String: [AttributeCount]] = [:]
        while try statement.step() {
            result[statement.text(0), default: []].append(
                AttributeCount(name: statement.text(1), participants: statement.int(2)))
        }
        return result
    }

    /// Every study, by name, with its factors and levels; a study without factors has an
    /// empty list.
    public func studyFactors() throws -> [StudyFactors] {
        let statement = try connection.prepare(
            """
            SELECT s.name, f.name, l.name
            FROM study s
            LEFT JOIN factor f ON f.study_id = s.id
            LEFT JOIN level l ON l.factor_id = f.id
            ORDER BY s.name, f.id, l.id
            """)
        var result: [StudyFactors] = []
        while try statement.step() {
            let study = statement.text(0)
            if result.last?.study != study { result.append(StudyFactors(study: study, factors: [])) }
            guard let factor = statement.optionalText(1) else { continue }
            if result[result.count - 1].factors.last?.name != factor {
                result[result.count - 1].factors.append(FactorLevels(name: factor, levels: []))
            }
            if let level = statement.optionalText(2) {
                let last = result[result.count - 1].factors.count - 1
                result[result.count - 1].factors[last].levels.append(level)
            }
        }
        let missing = try factorsWithMissingValues()
        for study in result.indices {
            for factor in result[study].factors.indices {
                result[study].factors[factor].levels = FactorLevels.ordered(result[study].factors[factor].levels)
                result[study].factors[factor].hasMissingValues = missing.contains(
                    StudyFactor(study: result[study].study, factor: result[study].factors[factor].name))
            }
        }
        return result
    }

    private struct StudyFactor: Hashable {
        var study: String
        var factor: String
    }

    /// The factors some condition names without a level.
    private func factorsWithMissingValues() throws -> Set<StudyFactor> {
        let statement = try connection.prepare(
            """
            SELECT DISTINCT s.name, f.name
            FROM condition_level cl
            JOIN factor f ON f.id = cl.factor_id
            JOIN study s ON s.id = f.study_id
            WHERE cl.level_id IS NULL
            """)
        var result: Set<StudyFactor> = []
        while try statement.step() { result.insert(StudyFactor(study: statement.text(0), factor: statement.text(1))) }
        return result
    }

    /// The names of all studies, sorted.
    public func studies() throws -> [String] {
        let statement = try connection.prepare("SELECT name FROM study ORDER BY name")
        var names: [String] = []
        while try statement.step() { names.append(statement.text(0)) }
        return names
    }
}
