import Foundation

extension StudyDatabase {
    /// `start` after `read` has fed it every trial `query` selects, in one pass or in two.
    ///
    /// From `minimumTrials` trials on (``trialHalves(_:minimumTrials:)``), the lower half of
    /// the trial ids is read on this thread and the upper half on another, each from `start`
    /// and with its own connection, and the upper state is merged into the lower one by
    /// `merge`, which must give what one pass in storage order gives (counts and orders
    /// exactly; sums may differ in their last bits). Should the second connection fail, or
    /// the two reads see different batches (an import or undo between their starts), the
    /// pass is made again on this thread alone.
    /// - Parameters:
    ///   - read: feeds the trials of a query (a half, or the whole) from a database into a state.
    ///   - merge: adds the upper half's state to the lower half's.
    func readSplit<State>(
        _ query: TrialQuery, minimumTrials: Int, start: State,
        read: @escaping (TrialQuery, StudyDatabase, inout State) throws -> Void,
        merge: (inout State, State) throws -> Void
    ) throws -> State {
        func whole() throws -> State {
            var state = start
            try read(query, self, &state)
            return state
        }
        guard let halves = try trialHalves(query, minimumTrials: minimumTrials),
            let other = (try? secondReader()) ?? nil
        else { return try whole() }
        let upper = UpperHalfRead(query: halves.second, database: other, start: start, read: read)
        let thread = Thread { upper.run() }
        thread.start()
        var lower = start
        let lowerOutcome = Result { try readTransactionSeeingBatches { try read(halves.first, self, &lower) } }
        let upperOutcome = upper.wait()
        let lowerBatches = try lowerOutcome.get().batches
        guard case .success(let (upperBatches, upperState)) = upperOutcome, upperBatches == lowerBatches else {
            return try whole()
        }
        try merge(&lower, upperState)
        return lower
    }
}

/// The upper half of a ``StudyDatabase/readSplit(_:minimumTrials:start:read:merge:)``,
/// read on a thread of its own. Its state is touched by that thread until ``wait()``
/// returns, and by the caller only afterwards.
private final class UpperHalfRead<State>: @unchecked Sendable {
    private let query: TrialQuery
    private let database: StudyDatabase
    private var state: State
    private let read: (TrialQuery, StudyDatabase, inout State) throws -> Void
    private var outcome: Result<(batches: [Int64], state: State), any Error>?
    private let done = NSCondition()

    init(
        query: TrialQuery, database: StudyDatabase, start: State,
        read: @escaping (TrialQuery, StudyDatabase, inout State) throws -> Void
    ) {
        self.query = query
        self.database = database
        self.state = start
        self.read = read
    }

    /// Reads the upper half; called on the other thread.
    func run() {
        let result = Result { () throws -> (batches: [Int64], state: State) in
            let batches = try database.readTransactionSeeingBatches { try read(query, database, &state) }.batches
            return (batches, state)
        }
        done.lock()
        outcome = result
        done.broadcast()
        done.unlock()
    }

    /// Waits for ``run()`` to end: the batches its read saw and its state, or its error.
    func wait() -> Result<(batches: [Int64], state: State), any Error> {
        done.lock()
        defer { done.unlock() }
        while outcome == nil { done.wait() }
        return outcome!
    }
}
