/// How often each distinct double occurred: an open-addressing hash table keyed by the
/// value's bits (linear probing, a multiplicative hash, grown at half full), which counts
/// a value several times faster than a `Dictionary` hashing it with SipHash. Zero is
/// counted without its sign, as `==` sees -0.0 and 0.0 as one value. Meant for finite
/// values; a NaN is counted under its own bits.
struct DistinctCounts {
    private var keys: [UInt64]
    /// 0 marks an empty slot.
    private var counts: [Int]
    private var shift: UInt64
    /// The number of distinct values.
    private(set) var distinct = 0

    init() {
        keys = Array(repeating: 0, count: 1024)
        counts = Array(repeating: 0, count: 1024)
        shift = 64 - 10
    }

    /// Counts `value` `times` more times.
    mutating func add(_ value: Double, times: Int = 1) {
        let bits = (value + 0).bitPattern
        let mask = keys.count - 1
        var slot = Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> shift)
        while counts[slot] != 0 {
            if keys[slot] == bits {
                counts[slot] += times
                return
            }
            slot = (slot + 1) & mask
        }
        keys[slot] = bits
        counts[slot] = times
        distinct += 1
        if distinct * 2 > keys.count { grow() }
    }

    /// The distinct values with their counts, in ascending order of value.
    func sorted() -> [(value: Double, count: Int)] {
        keys.indices.compactMap { counts[$0] > 0 ? (Double(bitPattern: keys[$0]), counts[$0]) : nil }
            .sorted { $0.value < $1.value }
    }

    private mutating func grow() {
        let old = zip(keys, counts).filter { $0.1 > 0 }
        keys = Array(repeating: 0, count: keys.count * 2)
        counts = Array(repeating: 0, count: counts.count * 2)
        shift -= 1
        distinct = 0
        for (bits, count) in old { add(Double(bitPattern: bits), times: count) }
    }
}
