import Foundation

/// Numbers byte strings in the order they first appear, looked up by their bytes: a field's
/// text gets its number without a String being made or hashed. The bytes of every string
/// seen are kept back to back, so memory grows with the distinct strings, not the rows.
struct ByteStringNumbers {
    /// The strings' bytes back to back: string *n* is `bytes[starts[n]..<starts[n + 1]]`.
    private var bytes: [UInt8] = []
    private var starts: [Int] = [0]
    private var hashes: [UInt64] = []
    /// Open addressing: the number of the string hashed to each slot, or -1.
    private var slots = [Int32](repeating: -1, count: 16)
    /// The number found last, tried first, and for each number the one found right after it
    /// last time, tried next (-1 before any): texts that take turns (participants row by
    /// row) are found with one comparison.
    private var last = -1
    private var successors: [Int32] = []

    /// Up to this many strings, a text that is neither the last one nor its successor is
    /// compared with each string in turn before it is hashed.
    private static var fewStrings: Int { 8 }

    /// How many distinct strings have been numbered.
    var count: Int { hashes.count }

    /// The number of `text`, and whether this is its first appearance.
    mutating func number(of text: UnsafeRawBufferPointer) -> (number: Int, isNew: Bool) {
        if last >= 0 {
            if holds(last, text) { return (last, false) }
            let predicted = Int(successors[last])
            if predicted >= 0, holds(predicted, text) {
                last = predicted
                return (predicted, false)
            }
        }
        // A few strings (a factor's levels) are compared one by one: cheaper than a hash.
        if hashes.count <= Self.fewStrings {
            for number in 0..<hashes.count where holds(number, text) { return (follow(with: number), false) }
        }
        let hash = Self.hash(text)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash >> 32) & mask
        while slots[slot] >= 0 {
            let number = Int(slots[slot])
            if hashes[number] == hash, holds(number, text) { return (follow(with: number), false) }
            slot = (slot + 1) & mask
        }
        let number = hashes.count
        bytes.append(contentsOf: text)
        starts.append(bytes.count)
        hashes.append(hash)
        successors.append(-1)
        slots[slot] = Int32(truncatingIfNeeded: number)
        if hashes.count * 2 > slots.count { rehash(capacity: slots.count * 2) }
        return (follow(with: number), true)
    }

    /// Makes `number` the last found, noting it as the successor of the one before.
    @inline(__always) private mutating func follow(with number: Int) -> Int {
        if last >= 0 { successors[last] = Int32(truncatingIfNeeded: number) }
        last = number
        return number
    }

    /// The same for a field's bytes.
    mutating func number(of text: UnsafeBufferPointer<UInt8>) -> (number: Int, isNew: Bool) {
        number(of: UnsafeRawBufferPointer(text))
    }

    /// Whether string `number` is `text`.
    @inline(__always) private func holds(_ number: Int, _ text: UnsafeRawBufferPointer) -> Bool {
        let start = starts[number]
        guard starts[number + 1] - start == text.count else { return false }
        guard text.count > 0, let given = text.baseAddress else { return true }
        return bytes.withUnsafeBytes { stored in
            let base = stored.baseAddress! + start
            // Names and levels are short: a loop costs less than a call to memcmp.
            guard text.count <= 16 else { return memcmp(base, given, text.count) == 0 }
            for offset in 0..<text.count where base.load(fromByteOffset: offset, as: UInt8.self) != text[offset] {
                return false
            }
            return true
        }
    }

    private mutating func rehash(capacity: Int) {
        slots = [Int32](repeating: -1, count: capacity)
        let mask = capacity - 1
        for (number, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash >> 32) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(truncatingIfNeeded: number)
        }
    }

    /// FNV-1a over the bytes, its bits then mixed so that the high half spreads.
    @inline(__always) private static func hash(_ text: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return (hash ^ (hash >> 29)) &* 0xbf58_476d_1ce4_e5b9
    }
}
