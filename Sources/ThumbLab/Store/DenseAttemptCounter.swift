/// Numbers repeated trials exactly, in memory that grows with the range of trial numbers
/// rather than with the rows: for each participant, condition and block, one 4-bit count
/// per trial number from the lowest to the highest seen. Trial numbers in logs are small
/// consecutive integers within a block, so a log of 100 million trials needs about
/// 50 MB, and its first million about 0.5 MB.
///
/// A count reaches 15 only for a trial attempted 15 times or more; such trials keep their
/// exact count in a dictionary. The counter gives up (``abandoned``, and ``attempt(for:)``
/// returns nil from then on) when a block's numbers span more than ``maxSpan``, a number's
/// magnitude reaches 2^48, or all counts together would need more than `maxBytes`: sparse or
/// huge numbers (timestamps used as trial ids) are left to ``AttemptCounter`` or to the
/// numbering in SQL at commit.
struct DenseAttemptCounter {
    /// 64 MiB of counts: 134 million trial numbers per batch.
    static let defaultMaxBytes = 64 << 20
    /// Trial numbers one block may span (16 MiB of counts).
    static let maxSpan: Int64 = 1 << 25
    /// Trial numbers from this magnitude on are not counted here.
    private static let largestNumber: Int64 = 1 << 48

    /// The trials of one participant, condition and block.
    private struct GroupKey: Hashable {
        var participant: Int64
        var condition: Int64
        var block: Int64
    }

    /// Counts of the trial numbers `base`, `base + 1`, ..., two per byte (low nibble first).
    private struct Group {
        var base: Int64
        var counts: [UInt8] = []
    }

    private let maxBytes: Int
    private var bytes = 0
    private var groupIndex: [GroupKey: Int] = [:]
    private var groups: [Group] = []
    private var lastGroup: (key: GroupKey, index: Int)?
    /// Attempts of the trials counted 15 times or more.
    private var frequent: [TrialKey: Int] = [:]
    /// Set once the counter gave up; every later ``attempt(for:)`` returns nil.
    private(set) var abandoned: Bool

    /// - Parameter maxBytes: the most memory the counts may take; 0 or less counts nothing.
    init(maxBytes: Int = defaultMaxBytes) {
        self.maxBytes = maxBytes
        abandoned = maxBytes <= 0
    }

    /// The attempt number of this occurrence of `key` (1 for its first), or nil once the
    /// counter has given up.
    mutating func attempt(for key: TrialKey) -> Int? {
        guard !abandoned else { return nil }
        let groupKey = GroupKey(participant: key.participant, condition: key.condition, block: key.block)
        let index: Int
        if let last = lastGroup, last.key == groupKey {
            index = last.index
        } else if let known = groupIndex[groupKey] {
            index = known
        } else {
            index = groups.count
            // An even base keeps each pair of numbers in one byte whatever the growth below.
            groups.append(Group(base: key.trial - (key.trial & 1)))
            groupIndex[groupKey] = index
        }
        lastGroup = (groupKey, index)
        guard let position = place(key.trial, in: index) else {
            abandon()
            return nil
        }
        let shift = UInt8((position & 1) * 4)
        let byte = groups[index].counts[position >> 1]
        let seen = (byte >> shift) & 0xF
        switch seen {
        case 0..<14:
            groups[index].counts[position >> 1] = byte &+ (1 << shift)
            return Int(seen) + 1
        case 14:
            groups[index].counts[position >> 1] = byte | (0xF << shift)
            frequent[key] = 15
            return 15
        default:
            let attempt = (frequent[key] ?? 15) + 1
            frequent[key] = attempt
            return attempt
        }
    }

    /// The position of `trial` in the group's counts, growing them to cover it; nil when
    /// that would exceed the span or the memory allowed.
    private mutating func place(_ trial: Int64, in index: Int) -> Int? {
        // Far beyond any span allowed, and kept from overflowing the arithmetic below.
        guard trial > -Self.largestNumber, trial < Self.largestNumber else { return nil }
        let base = groups[index].base
        let held = Int64(groups[index].counts.count) * 2
        if trial >= base && trial - base < held { return Int(trial - base) }
        let low = min(base, trial - (trial & 1))
        let high = max(base + held, trial + 1)
        guard high - low <= Self.maxSpan else { return nil }
        // Grow by half again at least (within the memory allowed), so that counting up one
        // number at a time costs linear time.
        let count = groups[index].counts.count
        let needed = Int((high - low + 1) / 2)
        let target = max(needed, min(count * 3 / 2, count + maxBytes - bytes))
        let growth = target - count
        guard bytes + growth <= maxBytes else { return nil }
        bytes += growth
        if trial < base {
            // Room below the base (an even count of numbers), the rest above.
            let below = Int((base - low) / 2)
            groups[index].counts.insert(contentsOf: repeatElement(0, count: below), at: 0)
            groups[index].counts.append(contentsOf: repeatElement(0, count: growth - below))
            groups[index].base = low
        } else {
            groups[index].counts.append(contentsOf: repeatElement(0, count: growth))
        }
        return Int(trial - groups[index].base)
    }

    /// Gives up counting and frees the counts.
    mutating func abandon() {
        abandoned = true
        groups = []
        groupIndex = [:]
        frequent = [:]
        lastGroup = nil
    }
}
