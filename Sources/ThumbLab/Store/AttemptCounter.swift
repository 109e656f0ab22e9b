/// Numbers repeated trials exactly as rows arrive, whatever the trial numbering: within
/// each block, from one across the file, sparse (timestamps as trial ids), descending, with
/// retries adjacent or far apart. Each participant, condition and block keeps the numbers
/// seen once in a ``TrialNumberSet``, those seen twice in another, and so on up to
/// ``countedLevels``; a trial attempted more often keeps its exact count in a dictionary.
/// A row costs one set insertion, and one more per earlier attempt of its trial.
///
/// Memory follows the distinct trial numbers: nothing beyond some 100 bytes a block where
/// a block's numbers are one evenly spaced run (1, 2, 3, ... or 1, 4, 7, ..., in either
/// direction), about a bit each where they are consecutive with gaps, 2 bytes each where
/// they are sparse, plus a few hundred bytes per block that is not one run (a log of 10 million trials in 170,000 blocks of 60
/// numbered by one counter across the file needs more than 64 MiB). Past `maxBytes` the
/// counter gives up (``abandoned``, and ``attempt(for:)`` returns nil from then on) and frees its sets;
/// the batch's attempts are then numbered in SQL at commit, so memory stays flat in file
/// size.
struct AttemptCounter {
    /// 256 MiB per batch: room for some 120 million sparse trial numbers, or for a log of 10
    /// million trials in blocks of 60.
    static let defaultMaxBytes = 256 << 20
    /// Attempts counted in sets; later ones are counted in a dictionary.
    static let countedLevels = 15
    /// Bytes counted for each trial in the dictionary of frequent attempts.
    private static let frequentEntryBytes = 64

    /// Per group, the numbers seen at least once (held inline, as most trials are attempted
    /// once), then those seen at least twice, three times, ...
    private struct GroupSets {
        var once = TrialNumberSet()
        var more: [TrialNumberSet] = []
    }

    private let maxBytes: Int
    /// The memory the counts take, as counted: the sets' arrays, bitmaps and chunks, the
    /// groups and the frequent attempts.
    private(set) var bytes = 0
    private var groupNumbers = TrialGroupTable()
    private var groups: [GroupSets] = []
    /// The bytes of `groupNumbers` already counted in ``bytes``.
    private var groupTableBytes = 0
    /// Attempts of the trials counted more than ``countedLevels`` times.
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
        let group = TrialGroupTable.Group(participant: key.participant, condition: key.condition, block: key.block)
        let number = groupNumbers.number(of: group)
        if number == groups.count {
            groups.append(GroupSets())
            bytes += groupNumbers.bytes - groupTableBytes + MemoryLayout<GroupSets>.stride
            groupTableBytes = groupNumbers.bytes
        }
        var attempt: Int?
        if groups[number].once.insert(key.trial, bytes: &bytes) {
            attempt = 1
        } else {
            for level in 0..<Self.countedLevels - 1 {
                if level == groups[number].more.count {
                    // The array's header and the set, allocated on a group's first repeat.
                    bytes += (groups[number].more.isEmpty ? 64 : 0) + MemoryLayout<TrialNumberSet>.stride
                    groups[number].more.append(TrialNumberSet())
                }
                if groups[number].more[level].insert(key.trial, bytes: &bytes) {
                    attempt = level + 2
                    break
                }
            }
        }
        if attempt == nil {
            let earlier = frequent[key]
            if earlier == nil { bytes += Self.frequentEntryBytes }
            attempt = (earlier ?? Self.countedLevels) + 1
            frequent[key] = attempt
        }
        guard bytes <= maxBytes else {
            abandon()
            return nil
        }
        return attempt
    }

    /// Gives up counting and frees the counts.
    mutating func abandon() {
        abandoned = true
        groups = []
        groupNumbers = TrialGroupTable()
        frequent = [:]
        groupTableBytes = 0
        bytes = 0
    }
}
