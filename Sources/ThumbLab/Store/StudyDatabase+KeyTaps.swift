extension StudyDatabase {
    /// A key tap of a stored phrase, with the ids of the phrase's participant and condition.
    public struct StoredKeyTap: Sendable, Equatable {
        /// The participant's row id.
        public var participantID: Int64
        /// The condition's row id.
        public var conditionID: Int64
        /// The phrase's trial row id.
        public var trialID: Int64
        /// The tap.
        public var tap: KeyTap
    }

    /// Calls `body` with each key tap of the phrases `query` selects (its conditions,
    /// blocks and value filters; the query's attempts and cleaning do not apply, as a tap's
    /// place is no measure they judge), in the order of the phrases and of the taps within
    /// each.
    public func forEachKeyTap(_ query: TrialQuery, _ body: (StoredKeyTap) throws -> Void) throws {
        try readTransaction {
            var unbounded = query
            unbounded.idRange = nil
            let filter = TrialFilter(unbounded)
            let statement = try connection.prepare(
                """
                SELECT t.participant_id, t.condition_id, k.trial_id, k.key, k.x, k.y, k.t_ms, k.key_x, k.key_y
                FROM key_tap k JOIN (SELECT id, participant_id, condition_id FROM trial WHERE \(filter.sql)) t
                    ON t.id = k.trial_id
                ORDER BY k.trial_id, k.ordinal
                """)
            try filter.bind(unbounded, to: statement)
            while try statement.step() {
                try body(
                    StoredKeyTap(
                        participantID: statement.int64(0), conditionID: statement.int64(1), trialID: statement.int64(2),
                        tap: KeyTap(
                            key: statement.text(3), x: statement.double(4), y: statement.double(5),
                            timeMS: statement.optionalDouble(6), centreX: statement.optionalDouble(7),
                            centreY: statement.optionalDouble(8))))
            }
        }
    }

    /// Whether any phrase of `study` has a key tap.
    public func hasKeyTaps(study: String) throws -> Bool {
        try readTransaction {
            let statement = try connection.prepare(
                "SELECT EXISTS (SELECT 1 FROM key_tap k JOIN trial_long t ON t.id = k.trial_id WHERE t.study = ?1)")
            try statement.bind(1, study)
            _ = try statement.step()
            return statement.int(0) == 1
        }
    }
}
