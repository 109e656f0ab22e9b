/// How often each distinct double occurred. Values that are whole tenths (as times logged
/// in ms with at most one decimal are) are counted in place in a window of consecutive
/// tenths, one slot each, widened as values arrive up to ``windowLimit`` slots; any other
/// value goes to an open-addressing hash table keyed by the value's bits (linear probing,
/// a multiplicative hash, grown at half full). Either counts a value several times faster
/// than a `Dictionary` hashing it with SipHash, and the window touches far less memory per
/// value than the table. Zero is counted without its sign, as `==` sees -0.0 and 0.0 as one
/// value. Meant for finite values; a NaN is counted under its own bits.
struct DistinctCounts {
    /// The most tenths the window spans: 13.1 s of times in ms, 1 MiB of counts.
    static let windowLimit = 1 << 17

    /// Counts of the tenths `windowStart`, `windowStart + 1`, ...; empty before the first.
    private var window: [Int] = []
    private var windowStart = 0
    private var keys: [UInt64] = []
    /// 0 marks an empty slot.
    private var counts: [Int] = []
    private var shift: UInt64 = 64
    private var windowDistinct = 0
    private var tableDistinct = 0

    /// The number of distinct values.
    var distinct: Int { windowDistinct + tableDistinct }

    /// The bytes the counts take.
    var bytes: Int { window.count * MemoryLayout<Int>.stride + keys.count * 2 * MemoryLayout<Int>.stride }

    /// Counts `value` `times` more times.
    mutating func add(_ value: Double, times: Int = 1) {
        let value = value + 0
        let scaled = (value * 10).rounded()
        if scaled.magnitude <= Double(Int32.max), (scaled / 10).bitPattern == value.bitPattern {
            let offset = Int(scaled) &- windowStart
            if offset >= 0 && offset < window.count {
                if window[offset] == 0 { windowDistinct += 1 }
                window[offset] += times
                return
            }
            if widenWindow(toCover: Int(scaled)) {
                add(value, times: times)
                return
            }
        }
        addToTable(value.bitPattern, times: times)
    }

    /// The distinct values with their counts, in ascending order of value.
    func sorted() -> [(value: Double, count: Int)] {
        // Each tenth t stands for exactly the value t / 10, so the window is in order.
        let inWindow = window.indices.compactMap { window[$0] > 0 ? (Double(windowStart + $0) / 10, window[$0]) : nil }
        let inTable = keys.indices.compactMap { counts[$0] > 0 ? (Double(bitPattern: keys[$0]), counts[$0]) : nil }
        return inTable.isEmpty ? inWindow : (inWindow + inTable).sorted { $0.value < $1.value }
    }

    /// Widens the window, keeping what it holds, to cover `tenth` where the span stays
    /// within ``windowLimit``; false where it would not. A value left to the table is never
    /// covered later: every later window holds this one, which is too far from it.
    private mutating func widenWindow(toCover tenth: Int) -> Bool {
        guard !window.isEmpty else {
            window = Array(repeating: 0, count: 4096)
            windowStart = tenth - 2048
            return true
        }
        let low = min(windowStart, tenth)
        let high = max(windowStart + window.count - 1, tenth)
        guard high - low < Self.windowLimit else { return false }
        let size = min(Self.windowLimit, max(high - low + 1, window.count * 2))
        // The window grows toward the new value.
        let start = tenth < windowStart ? high - size + 1 : low
        var wider = Array(repeating: 0, count: size)
        wider.withUnsafeMutableBufferPointer { target in
            window.withUnsafeBufferPointer { source in
                let from = windowStart - start
                for index in source.indices { target[from + index] = source[index] }
            }
        }
        window = wider
        windowStart = start
        return true
    }

    private mutating func addToTable(_ bits: UInt64, times: Int) {
        if keys.isEmpty {
            keys = Array(repeating: 0, count: 1024)
            counts = Array(repeating: 0, count: 1024)
            shift = 64 - 10
        }
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
        tableDistinct += 1
        if tableDistinct * 2 > keys.count { growTable() }
    }

    private mutating func growTable() {
        let old = zip(keys, counts).filter { $0.1 > 0 }
        keys = Array(repeating: 0, count: keys.count * 2)
        counts = Array(repeating: 0, count: counts.count * 2)
        shift -= 1
        tableDistinct = 0
        for (bits, count) in old { addToTable(bits, times: count) }
    }
}
