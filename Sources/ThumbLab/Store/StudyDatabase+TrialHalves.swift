extension StudyDatabase {
    /// The query in two parts by trial id, the first holding the lower ids, for a read on two
    /// threads; nil when the table holds fewer than `minimumTrials` trials, or when this
    /// connection is inside a transaction (another connection would not see its writes).
    /// Under last attempts each part still weighs a trial's attempts on both sides.
    func trialHalves(_ query: TrialQuery, minimumTrials: Int) throws -> (first: TrialQuery, second: TrialQuery)? {
        guard query.idRange == nil, !connection.inTransaction else { return nil }
        let statement = try connection.prepare("SELECT (SELECT min(id) FROM trial), (SELECT max(id) FROM trial)")
        guard try statement.step(), let low = statement.optionalInt64(0), let high = statement.optionalInt64(1),
            high - low + 1 >= Int64(max(minimumTrials, 2))
        else { return nil }
        // The halves meet at the middle and are open at both ends, so that every trial the
        // two reads see lies in exactly one, whatever was committed since the bounds were read.
        let middle = low + (high - low) / 2
        var first = query
        first.idRange = Int64.min...middle
        var second = query
        second.idRange = (middle + 1)...Int64.max
        return (first, second)
    }

    /// A second connection to this database's file, for the other part of a read split in
    /// two; nil for a database that is not a file of its own (in memory or temporary).
    func secondReader() throws -> StudyDatabase? {
        guard !path.isEmpty, !path.hasPrefix(":memory:"), !path.hasPrefix("file:") else { return nil }
        return try StudyDatabase(path: path)
    }

    /// The ids of the batches the current read sees, as a fingerprint of its snapshot: every
    /// change to the trials comes with a batch added or removed, and batch ids are never
    /// used again (AUTOINCREMENT), so two reads that see the same batches see the same trials.
    func batchIDs() throws -> [Int64] {
        let statement = try connection.prepare("SELECT id FROM batch ORDER BY id")
        var result: [Int64] = []
        while try statement.step() { result.append(statement.int64(0)) }
        return result
    }

    /// Runs `body` in one read transaction, first taking the transaction's ``batchIDs()``
    /// (which also starts its snapshot).
    func readTransactionSeeingBatches<T>(_ body: () throws -> T) throws -> (batches: [Int64], result: T) {
        try readTransaction { (try batchIDs(), try body()) }
    }
}
