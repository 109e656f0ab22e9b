/// How one batch's trials and touches joined the rest of its study, counted after commit.
public struct TrialLinks: Equatable, Sendable {
    /// Touches of the batch attached to a trial (logged or derived).
    public var attachedTouches = 0
    /// The distinct trials those touches are attached to.
    public var attachedTrials = 0
    /// Trials derived from the batch's touch events and stored as trials: those for which
    /// the study holds no logged trial with the same key and attempt.
    public var derivedTrials = 0
    /// Trials derived from the batch's touch events that logged trials cover; they are
    /// kept aside (table `covered_trial`) and come back if the trial log is undone.
    public var coveredTrials = 0
    /// Touches of the batch that belong to no trial: a negative or missing trial number,
    /// a role such as `start`, or no trial with their key and attempt.
    public var touchesWithoutTrial = 0
    /// For a trial log: trials derived from touch logs that its trials took over.
    public var replacedTrials = 0
    /// For a trial log: touches of touch logs now attached to its trials.
    public var touchesOfOtherBatches = 0

    /// Creates counts of zero.
    package init() {}
}

extension StudyDatabase {
    /// Counts how the rows of batch `id` are joined to trials and touches.
    package func trialLinks(batch id: Int64) throws -> TrialLinks {
        let ownTrials = "SELECT id FROM trial WHERE batch_id = ?1"
        let statement = try connection.prepare(
            """
            SELECT (SELECT count(*) FROM touch WHERE batch_id = ?1 AND trial_id IS NOT NULL),
                (SELECT count(DISTINCT trial_id) FROM touch WHERE batch_id = ?1),
                (SELECT count(*) FROM trial t JOIN batch b ON b.id = t.batch_id
                    WHERE t.batch_id = ?1 AND b.kind = 'touches'),
                (SELECT count(*) FROM covered_trial WHERE batch_id = ?1),
                (SELECT count(*) FROM touch WHERE batch_id = ?1 AND trial_id IS NULL),
                (SELECT count(*) FROM covered_trial WHERE covered_by IN (\(ownTrials))),
                (SELECT count(*) FROM touch WHERE batch_id <> ?1 AND trial_id IN (\(ownTrials)))
            """)
        try statement.bind(1, id)
        try statement.step()
        var links = TrialLinks()
        links.attachedTouches = statement.int(0)
        links.attachedTrials = statement.int(1)
        links.derivedTrials = statement.int(2)
        links.coveredTrials = statement.int(3)
        links.touchesWithoutTrial = statement.int(4)
        links.replacedTrials = statement.int(5)
        links.touchesOfOtherBatches = statement.int(6)
        return links
    }
}
