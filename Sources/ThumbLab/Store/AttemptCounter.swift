import Foundation

/// The identity of a trial within a study: rows sharing it are successive attempts.
struct TrialKey: Hashable {
    var participant: Int64
    var condition: Int64
    /// `Int64.min` stands for a missing block, which counts as one block of its own.
    var block: Int64
    var trial: Int64

    init(participant: Int64, condition: Int64, block: Int?, trial: Int) {
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

/// Numbers repeated trials as they are inserted, in a compact table of 8 bytes per
/// distinct trial: a 32-bit fingerprint of the key and the row's offset in the batch.
/// Keys themselves stay in the database; when fingerprints match, the earlier row's key is
/// read back (`rowKey`) and compared, so numbering is exact whatever the collisions.
///
/// The table has a fixed size, `maxSlots` x 8 bytes, allocated zeroed by the system and
/// so resident only where used: small imports cost little, and the largest never more,
/// nor a second copy for rehashing. A batch with more distinct trials than three quarters
/// of the slots, or more repeated trials than ``maxRepeatedTrials``, stops counting
/// (``overflowed``) and its attempts are numbered in SQL at commit instead, so memory
/// stays flat in file size.
struct AttemptCounter {
    /// 4 Mi slots, 32 MiB: room for 3 million distinct trials per batch.
    static let defaultMaxSlots = 1 << 22
    /// Repeated trials counted in memory at most (about 20 MiB); more go to SQL.
    static let maxRepeatedTrials = 1 << 19

    private var table: SlotTable?
    private var occupied = 0
    private let fingerprint: (TrialKey) -> UInt32
    /// Attempts so far of the keys seen more than once.
    private var repeats: [TrialKey: Int] = [:]
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
    }

    /// Gives up counting, as when rows were not inserted at the offsets expected.
    mutating func abandon() {
        overflowed = true
        table = nil
        repeats = [:]
    }

    /// The attempt number of this occurrence of `key`, which is about to be stored at
    /// `offset` in the batch. `rowKey` reads back the key of an earlier row by its offset.
    mutating func attempt(
        for key: TrialKey, at offset: UInt32, rowKey: (UInt32) throws -> TrialKey
    ) throws -> Int {
        guard let table, !overflowed else { return 1 }
        let slots = table.slots
        let mark = fingerprint(key)
        let mask = table.count - 1
        var index = Int(mark) & mask
        while slots[index] != 0 {
            let slot = slots[index]
            if UInt32(truncatingIfNeeded: slot >> 32) == mark {
                if let count = repeats[key] {
                    repeats[key] = count + 1
                    return count + 1
                }
                if try rowKey(UInt32(truncatingIfNeeded: slot) - 1) == key {
                    guard repeats.count < Self.maxRepeatedTrials else {
                        abandon()
                        return 1
                    }
                    repeats[key] = 2
                    return 2
                }
            }
            index = (index + 1) & mask
        }
        guard occupied * 4 < table.count * 3, offset < UInt32.max - 1 else {
            abandon()
            return 1
        }
        slots[index] = UInt64(mark) << 32 | UInt64(offset + 1)
        occupied += 1
        return 1
    }
}

/// Zeroed memory for ``AttemptCounter`` from `calloc`, whose large blocks come straight
/// from the system as untouched zero pages; freed in `deinit`.
final class SlotTable {
    let slots: UnsafeMutablePointer<UInt64>
    let count: Int

    init?(count: Int) {
        guard let memory = calloc(count, MemoryLayout<UInt64>.stride) else { return nil }
        slots = memory.assumingMemoryBound(to: UInt64.self)
        self.count = count
    }

    deinit { free(slots) }
}
