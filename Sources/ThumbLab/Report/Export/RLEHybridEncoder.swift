/// Parquet's RLE / bit-packing hybrid, which stores definition levels and dictionary
/// indices: values go in blocks of eight; a block of one repeated value joins a run
/// (header `count << 1`, then the value in whole bytes), other blocks are bit-packed
/// (header `groups << 1 | 1`, then eight values to each `bitWidth` bytes, lowest bits first).
/// Only the last block may hold fewer than eight values; a bit-packed one is padded with
/// zeros, which the page's value count tells a reader to ignore.
enum RLEHybridEncoder {
    /// The bits that hold every value from 0 to `maximum`.
    static func bitWidth(_ maximum: Int) -> Int { maximum <= 0 ? 0 : Int.bitWidth - maximum.leadingZeroBitCount }

    static func encode(_ values: [UInt32], bitWidth: Int) -> [UInt8] {
        var out: [UInt8] = []
        var packed: [UInt32] = []
        var run: (value: UInt32, count: Int)? = nil
        func flushPacked() {
            guard !packed.isEmpty else { return }
            let groups = (packed.count + 7) / 8
            varint(UInt64(groups << 1 | 1), into: &out)
            packed += [UInt32](repeating: 0, count: groups * 8 - packed.count)
            var buffer: UInt64 = 0
            var filled = 0
            for value in packed {
                buffer |= UInt64(value) << filled
                filled += bitWidth
                while filled >= 8 {
                    out.append(UInt8(truncatingIfNeeded: buffer))
                    buffer >>= 8
                    filled -= 8
                }
            }
            packed.removeAll(keepingCapacity: true)
        }
        func flushRun() {
            guard let current = run else { return }
            varint(UInt64(current.count << 1), into: &out)
            for byte in 0..<((bitWidth + 7) / 8) { out.append(UInt8(truncatingIfNeeded: current.value >> (8 * byte))) }
            run = nil
        }
        var start = 0
        while start < values.count {
            let end = min(start + 8, values.count)
            let first = values[start]
            if values[start..<end].allSatisfy({ $0 == first }) {
                flushPacked()
                if let current = run, current.value == first {
                    run = (first, current.count + end - start)
                } else {
                    flushRun()
                    run = (first, end - start)
                }
            } else {
                flushRun()
                packed += values[start..<end]
            }
            start = end
        }
        flushRun()
        flushPacked()
        return out
    }

    private static func varint(_ value: UInt64, into out: inout [UInt8]) {
        var rest = value
        while rest >= 0x80 {
            out.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        out.append(UInt8(rest))
    }
}
