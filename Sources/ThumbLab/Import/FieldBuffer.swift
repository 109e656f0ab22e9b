import Foundation

/// The fields of one row as raw UTF-8 bytes, stored back to back with their end offsets.
/// Readers refill it for every row; decoders read the fields without making Strings.
///
/// A row is either built here, byte by byte or span by span (``append(_:count:)``,
/// ``endField()``), or placed (``place(_:count:)``): each field then names bytes that the
/// reader keeps unchanged until its next row, and nothing is copied.
/// Owns its growable allocations and frees them in `deinit`.
final class FieldBuffer {
    private(set) var bytes: UnsafeMutablePointer<UInt8>
    private var byteCapacity: Int
    private(set) var byteCount = 0
    /// The end offset of each field built here, or the length of each field placed.
    private var ends: UnsafeMutablePointer<Int>
    /// Where each placed field starts.
    private var placedStarts: UnsafeMutablePointer<UnsafePointer<UInt8>>
    private var endCapacity: Int
    /// Whether the fields of the row are placed rather than built.
    private var isPlaced = false
    /// Number of complete fields in the row.
    private(set) var count = 0

    init(byteCapacity: Int = 4096, fieldCapacity: Int = 64) {
        self.byteCapacity = byteCapacity
        self.endCapacity = fieldCapacity
        bytes = .allocate(capacity: byteCapacity)
        ends = .allocate(capacity: fieldCapacity)
        placedStarts = .allocate(capacity: fieldCapacity)
    }

    deinit {
        bytes.deallocate()
        ends.deallocate()
        placedStarts.deallocate()
    }

    /// Empties the buffer for the next row, keeping its capacity.
    @inline(__always) func reset() {
        byteCount = 0
        count = 0
        isPlaced = false
    }

    /// Starts a row of placed fields, keeping a copy of `kept` (bytes the reader will not
    /// keep, such as values it decoded) for fields to be placed in; returns where the copy is.
    func startPlacing(keeping kept: UnsafeBufferPointer<UInt8>) -> UnsafePointer<UInt8> {
        startPlacing()
        if kept.count > byteCapacity { growBytes(to: kept.count) }
        if let source = kept.baseAddress { bytes.update(from: source, count: kept.count) }
        byteCount = kept.count
        return UnsafePointer(bytes)
    }

    /// Starts a row of placed fields that keeps no bytes of its own.
    @inline(__always) func startPlacing() {
        reset()
        isPlaced = true
    }

    /// Adds a field of `length` bytes at `start`, which must stay unchanged until the next
    /// ``reset()``; the row must have been started with ``startPlacing()`` or ``startPlacing(keeping:)``.
    @inline(__always) func place(_ start: UnsafePointer<UInt8>, count length: Int) {
        if count == endCapacity { growFields() }
        placedStarts[count] = start
        ends[count] = length
        count += 1
    }

    /// Appends bytes to the field being built.
    @inline(__always) func append(_ source: UnsafePointer<UInt8>, count length: Int) {
        if byteCount + length > byteCapacity { growBytes(to: byteCount + length) }
        let target = bytes + byteCount
        if length <= 16 {
            // Most fields are short: a loop costs less than a call to memmove.
            for offset in 0..<length { target[offset] = source[offset] }
        } else {
            target.update(from: source, count: length)
        }
        byteCount += length
    }

    /// Appends one byte to the field being built.
    @inline(__always) func append(_ byte: UInt8) {
        if byteCount == byteCapacity { growBytes(to: byteCount + 1) }
        bytes[byteCount] = byte
        byteCount += 1
    }

    /// Appends the bytes of a whole field and ends it.
    func appendField<Bytes: Sequence>(_ field: Bytes) where Bytes.Element == UInt8 {
        for byte in field { append(byte) }
        endField()
    }

    /// Ends the field being built.
    @inline(__always) func endField() {
        if count == endCapacity { growFields() }
        ends[count] = byteCount
        count += 1
    }

    /// Length of the field being built (not yet ended).
    var openFieldLength: Int { byteCount - (count == 0 ? 0 : ends[count - 1]) }

    /// The bytes of field `index` (0-based).
    @inline(__always) func field(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        if isPlaced { return UnsafeBufferPointer(start: placedStarts[index], count: ends[index]) }
        let start = index == 0 ? 0 : ends[index - 1]
        return UnsafeBufferPointer(start: bytes + start, count: ends[index] - start)
    }

    /// The text of field `index`, decoded as UTF-8 (invalid bytes are replaced; readers
    /// report invalid UTF-8 before a row reaches a decoder).
    func string(_ index: Int) -> String {
        String(decoding: field(index), as: UTF8.self)
    }

    /// Index of the first field that is not valid UTF-8, with the byte offset of the
    /// error inside it, or nil when every field is valid.
    func firstInvalidUTF8() -> (field: Int, offset: Int)? {
        if !isPlaced {
            // A row built here is checked whole first: most rows are ASCII.
            var anyHighBit: UInt8 = 0
            for index in 0..<byteCount { anyHighBit |= bytes[index] }
            if anyHighBit < 0x80 { return nil }
        }
        for index in 0..<count {
            if let offset = UTF8Check.firstInvalidOffset(in: field(index)) { return (index, offset) }
        }
        return nil
    }

    private func growFields() {
        let larger = UnsafeMutablePointer<Int>.allocate(capacity: endCapacity * 2)
        larger.update(from: ends, count: count)
        ends.deallocate()
        ends = larger
        let largerStarts = UnsafeMutablePointer<UnsafePointer<UInt8>>.allocate(capacity: endCapacity * 2)
        if isPlaced { largerStarts.update(from: placedStarts, count: count) }
        placedStarts.deallocate()
        placedStarts = largerStarts
        endCapacity *= 2
    }

    private func growBytes(to needed: Int) {
        var capacity = byteCapacity * 2
        while capacity < needed { capacity *= 2 }
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        larger.update(from: bytes, count: byteCount)
        bytes.deallocate()
        bytes = larger
        byteCapacity = capacity
    }
}

/// UTF-8 well-formedness as defined by the Unicode Standard, table 3-7 (well-formed
/// byte sequences): no overlong forms, no surrogates, nothing above U+10FFFF.
enum UTF8Check {
    /// Byte offset of the first ill-formed sequence, or nil when `bytes` is valid UTF-8.
    static func firstInvalidOffset(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                high = 0x9F
            case 0xF0:
                length = 4
                low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                high = 0x8F
            default: return index
            }
            guard index + length <= count else { return index }
            let second = bytes[index + 1]
            guard second >= low, second <= high else { return index }
            for next in 2..<max(length, 2) where bytes[index + next] & 0xC0 != 0x80 {
                return index
            }
            index += length
        }
        return nil
    }
}
