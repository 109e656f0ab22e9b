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
/// Memory is capped at `maxSlots` x 8 bytes. A batch with more distinct trials than the
/// table holds stops counting (``overflowed``) and its attempts are numbered in SQL at
/// commit instead, so memory stays flat in file size.
struct AttemptCounter {
    /// 4 Mi slots, 32 MiB: room for about 3 million distinct trials per batch.
    static let defaultMaxSlots = 1 << 22

    private var slots: [UInt64]
    private var occupied = 0
    private let maxSlots: Int
    private let fingerprint: (TrialKey) -> UInt32
    /// Attempts so far of the keys seen more than once.
    private var repeats: [TrialKey: Int] = [:]
    /// Set once the table is full; the attempts returned after that are all 1.
    private(set) var overflowed = false

    /// - Parameters:
    ///   - maxSlots: the largest table allowed, a power of two; below 8, nothing is counted
    ///     and every attempt is left to SQL.
    ///   - fingerprint: the hash of a key (replaceable to test collisions).
    init(
        maxSlots: Int = defaultMaxSlots,
        fingerprint: @escaping (TrialKey) -> UInt32 = TrialKey.fingerprint
    ) {
        self.maxSlots = maxSlots
        self.fingerprint = fingerprint
        slots = maxSlots < 8 ? [] : Array(repeating: 0, count: min(1 << 12, maxSlots))
        overflowed = maxSlots < 8
    }

    /// Gives up counting, as when rows were not inserted at the offsets expected.
    mutating func abandon() {
        overflowed = true
        slots = []
        repeats = [:]
    }

    /// The attempt number of this occurrence of `key`, which is about to be stored at
    /// `offset` in the batch. `rowKey` reads back the key of an earlier row by its offset.
    mutating func attempt(
        for key: TrialKey, at offset: UInt32, rowKey: (UInt32) throws -> TrialKey
    ) throws -> Int {
        if overflowed { return 1 }
        let mark = fingerprint(key)
        let mask = slots.count - 1
        var index = Int(mark) & mask
        while slots[index] != 0 {
            let slot = slots[index]
            if UInt32(truncatingIfNeeded: slot >> 32) == mark {
                if let count = repeats[key] {
                    repeats[key] = count + 1
                    return count + 1
                }
                if try rowKey(UInt32(truncatingIfNeeded: slot) - 1) == key {
                    repeats[key] = 2
                    return 2
                }
            }
            index = (index + 1) & mask
        }
        slots[index] = UInt64(mark) << 32 | UInt64(offset + 1)
        occupied += 1
        if occupied * 4 > slots.count * 3 { grow() }
        return 1
    }

    /// Doubles the table, or gives up when it may not grow further.
    private mutating func grow() {
        let size = slots.count * 2
        guard size <= maxSlots, offsetsFit else {
            abandon()
            return
        }
        var larger = [UInt64](repeating: 0, count: size)
        let mask = size - 1
        for slot in slots where slot != 0 {
            var index = Int(UInt32(truncatingIfNeeded: slot >> 32)) & mask
            while larger[index] != 0 { index = (index + 1) & mask }
            larger[index] = slot
        }
        slots = larger
    }

    /// Offsets are stored in 32 bits.
    private var offsetsFit: Bool { occupied < Int(UInt32.max) - 1 }
}
