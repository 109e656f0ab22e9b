/// The largest attempt of each trial that was attempted more than once, so that a read of
/// last attempts keeps a trial's attempt only when no later one exists.
///
/// A trial is its participant, condition, block and trial number (a missing block or
/// number is one value of its own, as in SQL's `PARTITION BY`). Asking SQLite for each
/// trial's largest attempt with a window function sorts every row of the table, which at
/// millions of trials costs ten times a plain scan; this reads only the attempts after the
/// first and then lets the read of every attempt drop the earlier ones as they stream past.
///
/// The attempts after the first are read twice, so that memory stays small at any size:
/// the first scan finds, per participant, condition and block (a group), the span of its
/// retried trial numbers and how many rows it retried; the second fills a store of exactly
/// that size. A group whose retried numbers are dense keeps 2 bits per number of the span
/// (the largest attempt 2, 3, or larger, then in a dictionary); a sparse one keeps its
/// retried numbers sorted, 8 bytes each with their largest attempt. A read of the trials
/// goes through a group's numbers mostly in ascending order, so the sorted numbers are
/// searched from where the last search ended.
struct LastAttempts: Sendable {
    /// A participant, condition and block (or none).
    private struct Group: Hashable {
        let participant: Int64
        let condition: Int64
        let block: Int64?
    }

    /// What the first scan learns of a group's retried trials.
    private struct Extent {
        var low = Int64.max
        var high = Int64.min
        var rows = 0
        var withoutNumber: UInt16 = 0
    }

    /// The largest attempts of one group's retried trials.
    private struct Largest: Sendable {
        /// The largest attempt of the trials without a number, which are one trial; 0 when
        /// never retried.
        var withoutNumber: UInt16 = 0
        /// The smallest retried number: the dense codes and the packed numbers count from it.
        var first: Int64 = 0
        /// Dense store: 2 bits per number from `first`, 32 to a word: 0 never retried, 1 and 2
        /// largest attempt 2 and 3, 3 a larger one, kept in `large`.
        var codes: [UInt64] = []
        var large: [Int64: UInt16] = [:]
        /// Sparse store: `(number - first) << 16 | largest attempt`, sorted, one per number.
        var packed: [UInt64] = []
        /// Where the last search of `packed` ended.
        var cursor = 0
        /// Numbers too far apart to pack in 48 bits.
        var wide: [Int64: UInt16] = [:]
        let isDense: Bool
        let isWide: Bool

        init(_ extent: Extent) {
            withoutNumber = extent.withoutNumber
            guard extent.rows > 0 else {
                isDense = false
                isWide = false
                return
            }
            first = extent.low
            let (span, overflow) = extent.high.subtractingReportingOverflow(extent.low)
            isWide = overflow || span >= 1 << 48
            // 2 bits per number of the span against 8 bytes per retried row.
            isDense = !isWide && span / 32 < Int64(extent.rows)
            if isDense {
                codes = Array(repeating: 0, count: Int(span / 32) + 1)
            } else if !isWide {
                packed.reserveCapacity(extent.rows)
            }
        }

        mutating func add(number: Int64, attempt: UInt16) {
            guard attempt > 1 else { return }
            if isWide {
                wide[number] = max(wide[number] ?? 0, attempt)
            } else if isDense {
                let offset = Int(number - first)
                let shift = UInt64(offset % 32 * 2)
                let code = UInt64(min(attempt, 4) - 1)
                let word = codes[offset / 32]
                if code > (word >> shift) & 3 { codes[offset / 32] = word & ~(3 << shift) | code << shift }
                if attempt >= 4 { large[number] = max(large[number] ?? 0, attempt) }
            } else {
                packed.append(UInt64(number - first) << 16 | UInt64(attempt))
            }
        }

        /// Sorts the packed numbers and keeps the largest attempt of each.
        mutating func finish() {
            guard !packed.isEmpty else { return }
            packed.sort()
            var kept = 0
            for index in packed.indices {
                if kept > 0 && packed[kept - 1] >> 16 == packed[index] >> 16 {
                    packed[kept - 1] = packed[index]
                } else {
                    packed[kept] = packed[index]
                    kept += 1
                }
            }
            packed.removeLast(packed.count - kept)
        }

        mutating func largest(trial: Int64?) -> UInt16 {
            guard let trial else { return withoutNumber }
            if isWide { return wide[trial] ?? 0 }
            let (offset, overflow) = trial.subtractingReportingOverflow(first)
            if isDense {
                guard !overflow, offset >= 0, offset / 32 < codes.count else { return 0 }
                let code = codes[Int(offset / 32)] >> UInt64(offset % 32 * 2) & 3
                return code == 3 ? large[trial] ?? 0 : code == 0 ? 0 : UInt16(code) + 1
            }
            guard !overflow, offset >= 0, offset < 1 << 48 else { return 0 }
            let key = UInt64(offset) << 16
            let index = firstPacked(atLeast: key)
            cursor = index
            return index < packed.count && packed[index] >> 16 == UInt64(offset) ? UInt16(packed[index] & 0xFFFF) : 0
        }

        /// The first index of `packed` whose value is at least `key`: galloping forward from
        /// the cursor, else a binary search below it.
        private func firstPacked(atLeast key: UInt64) -> Int {
            var low = 0
            var high = packed.count
            if cursor < packed.count && packed[cursor] < key {
                low = cursor + 1
                var step = 1
                while low + step <= packed.count && packed[low + step - 1] < key {
                    low += step
                    step *= 2
                }
                high = min(packed.count, low + step - 1)
            } else if cursor < packed.count {
                high = cursor
            }
            while low < high {
                let middle = (low + high) / 2
                if packed[middle] < key { low = middle + 1 } else { high = middle }
            }
            return low
        }
    }

    private var indexOfGroup: [Group: Int] = [:]
    private var groups: [Largest] = []
    private var lastGroup: Group?
    private var lastIndex: Int?

    /// Reads the attempts after the first of the trials `statement` selects (columns:
    /// participant, condition, block, trial, attempt), twice; `nil` when an attempt
    /// exceeds 65,535, and the read must then ask SQLite.
    init?(_ statement: SQLiteStatement) throws {
        var extents: [Group: Extent] = [:]
        while try statement.step() {
            let group = Group(
                participant: statement.int64(0), condition: statement.int64(1), block: statement.optionalInt64(2))
            guard let attempt = UInt16(exactly: statement.int64(4)) else { return nil }
            var extent = extents[group] ?? Extent()
            if let number = statement.optionalInt64(3) {
                extent.low = min(extent.low, number)
                extent.high = max(extent.high, number)
                extent.rows += 1
            } else {
                extent.withoutNumber = max(extent.withoutNumber, attempt)
            }
            extents[group] = extent
        }
        for (group, extent) in extents {
            indexOfGroup[group] = groups.count
            groups.append(Largest(extent))
        }
        extents = [:]
        statement.reset()
        var last: (group: Group, index: Int)?
        while try statement.step() {
            guard let number = statement.optionalInt64(3) else { continue }
            let group = Group(
                participant: statement.int64(0), condition: statement.int64(1), block: statement.optionalInt64(2))
            if last?.group != group { last = (group, indexOfGroup[group]!) }
            groups[last!.index].add(number: number, attempt: UInt16(statement.int64(4)))
        }
        for index in groups.indices { groups[index].finish() }
    }

    /// Whether no attempt of the same trial is larger than `attempt`.
    mutating func isLast(participant: Int64, condition: Int64, block: Int64?, trial: Int64?, attempt: Int64) -> Bool {
        guard !groups.isEmpty else { return true }
        let group = Group(participant: participant, condition: condition, block: block)
        if group != lastGroup {
            lastGroup = group
            lastIndex = indexOfGroup[group]
        }
        guard let index = lastIndex else { return true }
        return attempt >= Int64(groups[index].largest(trial: trial))
    }
}
