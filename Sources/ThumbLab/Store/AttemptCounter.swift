import Foundation

/// The identity of a trial within a study: rows sharing it are successive attempts.
struct TrialKey: Hashable {
    var participant: Int64
    var condition: Int64
    /// `Int64.min` stands for a missing block, which counts as one block of its own.
    var block: Int64
    var trial: Int64

    /// The key of a row, or nil for a row without a trial number (always attempt 1).
    init?(participant: Int64, condition: Int64, block: Int?, trial: Int?) {
        guard let trial else { return nil }
        self.participant = participant
        self.condition = condition
        self.block = block.map(Int64.init) ?? Int64.min
        self.trial = Int64(trial)
    }

    init(participant: Int64, condition: Int64, block: Int64?, trial: Int64) {
        self.participant = participant
        self.condition = condition
        self.block = block ?? Int64.min
        self.trial = trial
    }

    /// A 32-bit fingerprint: the SplitMix64 finalizer (Steele, Lea & Flood, "Fast
    /// splittable pseudorandom number generators", OOPSLA 2014) of the participant,
    /// condition, block and trial number divided by 8, shifted left 3 bits, with the trial
    /// number modulo 8 in the low 3 bits. The table indexes by the low bits, so up to eight
    /// consecutive trial numbers of a block share a 64-byte cache line.
    static func fingerprint(_ key: TrialKey) -> UInt32 {
        func mix(_ value: UInt64) -> UInt64 {
            var z = value &+ 0x9E37_79B9_7F4A_7C15
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        let trial = UInt64(bitPattern: key.trial)
        var h = mix(UInt64(bitPattern: key.participant))
        h = mix(h ^ UInt64(bitPattern: key.condition))
        h = mix(h ^ UInt64(bitPattern: key.block))
        h = mix(h ^ (trial >> 3))
        return UInt32(truncatingIfNeeded: h << 3 | trial & 7)
    }
}

/// Numbers repeated trials as they are inserted, in a compact table of 9 bytes per
/// distinct trial: a 32-bit fingerprint of the key, the batch offset of its latest row and
/// the count of its repetitions. Keys themselves stay in the database; when fingerprints
/// match, the earlier row's key is compared, from a ring of the most recent keys or else
/// read back (`rowKey`), so numbering is exact whatever the collisions. Loggers repeat a
/// missed trial right away, so the ring almost always has it.
///
/// The table has a fixed size, `maxSlots` x 9 bytes, allocated zeroed by the system, so
/// its pages become resident as trials land on them: a few thousand trials cost little,
/// from some ten thousand on the whole table is in memory, and never more, nor a second
/// copy for rehashing. A batch with more distinct trials than three quarters
/// of the slots, or a trial with more than 255 attempts, stops counting (``overflowed``)
/// and its attempts are numbered in SQL at commit instead, so memory stays flat in file
/// size.
struct AttemptCounter {
    /// 4 Mi slots, 36 MiB: room for 3 million distinct trials per batch.
    static let defaultMaxSlots = 1 << 22
    /// Keys of the latest rows kept for comparison without reading the database.
    static let recentCount = 1024

    private var table: SlotTable?
    private var occupied = 0
    private let fingerprint: (TrialKey) -> UInt32
    private var recent: [(offset: UInt32, key: TrialKey)]
    /// Set once the table is full; the attempts returned after that are all 1.
    private(set) var overflowed = false

    /// - Parameters:
    ///   - maxSlots: the size of the table, rounded up to a power of two; below 8, nothing
    ///     is counted and every attempt is left to SQL.
    ///   - fingerprint: the hash of a key (replaceable to test collisions).
    init(
        maxSlots: Int = defaultMaxSlots,
        fingerprint: @escaping (TrialKey) -> UInt32 = TrialKey.fingerprint
    ) {
        self.fingerprint = fingerprint
        table = maxSlots < 8 ? nil : SlotTable(count: 1 << (Int.bitWidth - (maxSlots - 1).leadingZeroBitCount))
        overflowed = table == nil
        let empty = TrialKey(participant: 0, condition: 0, block: Int64?.none, trial: 0)
        recent = overflowed ? [] : Array(repeating: (UInt32.max, empty), count: Self.recentCount)
    }

    /// Gives up counting, as when rows were not inserted at the offsets expected.
    mutating func abandon() {
        overflowed = true
        table = nil
        recent = []
    }

    /// The attempt number of this occurrence of `key`, which is about to be stored at
    /// `offset` in the batch. `rowKey` reads back the key of an earlier row by its offset.
    mutating func attempt(
        for key: TrialKey, at offset: UInt32, rowKey: (UInt32) throws -> TrialKey
    ) throws -> Int {
        guard let table, !overflowed, offset < UInt32.max - 1 else {
            abandon()
            return 1
        }
        let slots = table.slots
        let mark = fingerprint(key)
        let mask = table.count - 1
        var index = Int(mark) & mask
        while slots[index] != 0 {
            let slot = slots[index]
            if UInt32(truncatingIfNeeded: slot >> 32) == mark,
                try self.key(at: UInt32(truncatingIfNeeded: slot) - 1, rowKey: rowKey) == key
            {
                let repetitions = table.repetitions[index]
                guard repetitions < UInt8.max else {
                    abandon()
                    return 1
                }
                table.repetitions[index] = repetitions + 1
                slots[index] = UInt64(mark) << 32 | UInt64(offset + 1)
                remember(key, at: offset)
                return Int(repetitions) + 2
            }
            index = (index + 1) & mask
        }
        guard occupied * 4 < table.count * 3 else {
            abandon()
            return 1
        }
        slots[index] = UInt64(mark) << 32 | UInt64(offset + 1)
        occupied += 1
        remember(key, at: offset)
        return 1
    }

    private mutating func remember(_ key: TrialKey, at offset: UInt32) {
        recent[Int(offset) % Self.recentCount] = (offset, key)
    }

    private func key(at offset: UInt32, rowKey: (UInt32) throws -> TrialKey) throws -> TrialKey {
        let kept = recent[Int(offset) % Self.recentCount]
        return kept.offset == offset ? kept.key : try rowKey(offset)
    }
}

/// Zeroed memory for ``AttemptCounter`` from `calloc`, whose large blocks come straight
/// from the system as untouched zero pages; freed in `deinit`.
final class SlotTable {
    /// Fingerprint (high 32 bits) and latest batch offset + 1 (low 32 bits); 0 when empty.
    let slots: UnsafeMutablePointer<UInt64>
    /// Repetitions of the key in the slot of the same index: attempts - 1.
    let repetitions: UnsafeMutablePointer<UInt8>
    let count: Int

    init?(count: Int) {
        guard let slotMemory = calloc(count, MemoryLayout<UInt64>.stride) else { return nil }
        guard let repetitionMemory = calloc(count, 1) else {
            free(slotMemory)
            return nil
        }
        slots = slotMemory.assumingMemoryBound(to: UInt64.self)
        repetitions = repetitionMemory.assumingMemoryBound(to: UInt8.self)
        self.count = count
    }

    deinit {
        free(slots)
        free(repetitions)
    }
}
