/// The largest attempt of each trial that was attempted more than once, so that a read of
/// last attempts keeps a trial's attempt only when no later one exists.
///
/// A trial is its participant, condition, block and trial number (a missing block or
/// number is one value of its own, as in SQL's `PARTITION BY`). Asking SQLite for each
/// trial's largest attempt with a window function sorts every row of the table, which at
/// millions of trials costs ten times a plain scan; this reads only the attempts after the
/// first (one scan, no sort) and then lets the read of every attempt drop the earlier ones
/// as they stream past. Per participant, condition and block, the largest attempts are a
/// table indexed by trial number from the smallest retried one (trial numbers in logs are
/// small consecutive integers: 2 bytes per trial number in the span of the retried ones),
/// or a dictionary where the numbers are too sparse for the table to be the smaller. A read of the trials goes
/// through them in storage order, where runs of one block are the rule, so the table of
/// the current block is remembered and a row costs an index, not a hash.
struct LastAttempts: Sendable {
    /// A participant, condition and block (or none).
    private struct Group: Hashable {
        let participant: Int64
        let condition: Int64
        let block: Int64?
    }

    /// The largest attempts of one group's retried trials.
    private struct Largest: Sendable {
        /// `table[number - first]` for the numbers from `first`; 0 where never retried.
        var first: Int64 = 0
        var table: [UInt16] = []
        /// The trials whose numbers are too sparse for a table.
        var sparse: [Int64: UInt16] = [:]
        /// The trials without a number, which are one trial.
        var withoutNumber: UInt16 = 0

        func largest(trial: Int64?) -> UInt16 {
            guard let trial else { return withoutNumber }
            if !table.isEmpty {
                let (offset, overflow) = trial.subtractingReportingOverflow(first)
                return !overflow && offset >= 0 && offset < table.count ? table[Int(offset)] : 0
            }
            return sparse[trial] ?? 0
        }
    }

    /// One group's attempts after the first, as read.
    private struct Retried {
        var numbers: [Int64] = []
        var attempts: [UInt16] = []
        var withoutNumber: UInt16 = 0

        mutating func add(number: Int64?, attempt: UInt16) {
            if let number {
                numbers.append(number)
                attempts.append(attempt)
            } else {
                withoutNumber = max(withoutNumber, attempt)
            }
        }
    }

    private var groups: [Group: Largest] = [:]
    private var lastGroup: Group?
    private var lastLargest: Largest?

    /// Reads the attempts after the first of the trials `statement` selects (columns:
    /// participant, condition, block, trial, attempt); `nil` when an attempt exceeds
    /// 65,535, and the read must then ask SQLite.
    init?(_ statement: SQLiteStatement) throws {
        var retried: [Group: Retried] = [:]
        while try statement.step() {
            let group = Group(
                participant: statement.int64(0), condition: statement.int64(1), block: statement.optionalInt64(2))
            guard let attempt = UInt16(exactly: statement.int64(4)) else { return nil }
            retried[group, default: Retried()].add(number: statement.optionalInt64(3), attempt: attempt)
        }
        for (group, trials) in retried {
            var largest = Largest(withoutNumber: trials.withoutNumber)
            if let low = trials.numbers.min(), let high = trials.numbers.max() {
                let (span, overflow) = high.subtractingReportingOverflow(low)
                // A table slot takes 2 bytes, a dictionary entry about 14: a table until it
                // would take more than the dictionary.
                if !overflow && span < 7 * Int64(trials.numbers.count) + 1024 {
                    largest.first = low
                    largest.table = Array(repeating: 0, count: Int(span) + 1)
                    for (number, attempt) in zip(trials.numbers, trials.attempts) {
                        let index = Int(number - low)
                        largest.table[index] = max(largest.table[index], attempt)
                    }
                } else {
                    for (number, attempt) in zip(trials.numbers, trials.attempts) {
                        largest.sparse[number] = max(largest.sparse[number] ?? 0, attempt)
                    }
                }
            }
            groups[group] = largest
        }
    }

    /// Whether no attempt of the same trial is larger than `attempt`.
    mutating func isLast(participant: Int64, condition: Int64, block: Int64?, trial: Int64?, attempt: Int64) -> Bool {
        guard !groups.isEmpty else { return true }
        let group = Group(participant: participant, condition: condition, block: block)
        if group != lastGroup {
            lastGroup = group
            lastLargest = groups[group]
        }
        guard let largest = lastLargest?.largest(trial: trial) else { return true }
        return attempt >= Int64(largest)
    }
}
