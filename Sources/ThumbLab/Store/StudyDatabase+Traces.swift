/// Which trial a trace belongs to: participant, condition, block, trial number and attempt,
/// the key a trial has once in a study.
package struct TracedTrialKey: Hashable, Sendable {
    /// The participant's row id.
    package var participantID: Int64
    /// The condition's row id.
    package var conditionID: Int64
    /// The block number; `nil` when the log has none.
    package var block: Int?
    /// The trial number.
    package var trial: Int
    /// The attempt, 1 for the first.
    package var attempt: Int

    /// Creates a trial key.
    package init(participantID: Int64, conditionID: Int64, block: Int?, trial: Int, attempt: Int) {
        self.participantID = participantID
        self.conditionID = conditionID
        self.block = block
        self.trial = trial
        self.attempt = attempt
    }
}

/// The geometry of a trial as its touch events give it: the start and target centres
/// (the task axis) and the selection point (where the last touch ended), in px.
package struct TrialTrace: Sendable, Equatable {
    /// Horizontal centre of the start target, in px.
    package var startX: Double
    /// Vertical centre of the start target, in px.
    package var startY: Double
    /// Horizontal centre of the target, in px.
    package var targetX: Double
    /// Vertical centre of the target, in px.
    package var targetY: Double
    /// Horizontal selection point (the last touch sample), in px.
    package var selectionX: Double
    /// Vertical selection point (the last touch sample), in px.
    package var selectionY: Double

    /// Creates a trace from its start, target and selection points, in px.
    package init(
        startX: Double, startY: Double, targetX: Double, targetY: Double, selectionX: Double, selectionY: Double
    ) {
        self.startX = startX
        self.startY = startY
        self.targetX = targetX
        self.targetY = targetY
        self.selectionX = selectionX
        self.selectionY = selectionY
    }
}

extension StudyDatabase {
    /// The traces of the trials in `conditionIDs` that have touch events and a trial number:
    /// the start, target and selection points of the trial derived from the touches (the
    /// covered derived trial where a logged trial took it over, see the store README's
    /// "Trial logs and touch logs"), else the trial's own. Trials whose touches give no
    /// start or target point (a touch log without start and target columns) have none.
    package func trialTraces(conditionIDs: [Int64]) throws -> [TracedTrialKey: TrialTrace] {
        var traces: [TracedTrialKey: TrialTrace] = [:]
        try readTransaction {
            let statement = try connection.prepare(
                """
                SELECT t.participant_id, t.condition_id, t.block, t.trial, t.attempt,
                    coalesce(c.start_x, t.start_x), coalesce(c.start_y, t.start_y),
                    coalesce(c.target_x, t.target_x), coalesce(c.target_y, t.target_y),
                    coalesce(c.touch_x, t.touch_x), coalesce(c.touch_y, t.touch_y)
                FROM trial t LEFT JOIN covered_trial c ON c.covered_by = t.id
                WHERE t.condition_id IN (SELECT value FROM json_each(?1)) AND t.trial IS NOT NULL
                    AND t.id IN (SELECT trial_id FROM touch WHERE trial_id IS NOT NULL)
                ORDER BY t.id
                """)
            try statement.bind(1, "[" + conditionIDs.map(String.init).joined(separator: ",") + "]")
            while try statement.step() {
                guard let startX = statement.optionalDouble(5), let startY = statement.optionalDouble(6),
                    let targetX = statement.optionalDouble(7), let targetY = statement.optionalDouble(8),
                    let selectionX = statement.optionalDouble(9), let selectionY = statement.optionalDouble(10)
                else { continue }
                let key = TracedTrialKey(
                    participantID: statement.int64(0), conditionID: statement.int64(1),
                    block: statement.optionalInt64(2).map(Int.init), trial: statement.int(3), attempt: statement.int(4))
                traces[key] = TrialTrace(
                    startX: startX, startY: startY, targetX: targetX, targetY: targetY, selectionX: selectionX,
                    selectionY: selectionY)
            }
        }
        return traces
    }
}
