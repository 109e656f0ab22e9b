/// A position in the bytes of one JSON object, with the productions of RFC 8259
/// (<https://www.rfc-editor.org/rfc/rfc8259>) that the flat object parser needs:
/// whitespace (section 2), literals (section 3), numbers (section 6), strings with their
/// escapes and UTF-16 surrogate pairs (section 7), and skipping a nested value.
struct JSONCursor {
    /// What was wrong, and where: a byte offset within the object.
    struct SyntaxError: Error, Equatable {
        var offset: Int
        var reason: String
    }

    /// The object's bytes.
    let bytes: UnsafeBufferPointer<UInt8>
    /// Offset of the next byte to read.
    var index = 0

    /// A cursor at `index` in `bytes`.
    init(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int = 0) {
        self.bytes = bytes
        self.index = index
    }

    /// The byte at the cursor, or nil at the end.
    @inline(__always) var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Skips space, tab, line feed and carriage return.
    @inline(__always) mutating func skipWhitespace() {
        while index < bytes.count {
            let byte = bytes[index]
            // Most bytes after a token are not whitespace: one comparison tells.
            guard byte <= 0x20, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            index += 1
        }
    }

    /// An error at the cursor: what was expected, and what stands there instead.
    func failure(expected: String) -> SyntaxError {
        SyntaxError(offset: index, reason: "expected \(expected), found \(found)")
    }

    /// The byte at the cursor as a message names it.
    var found: String {
        guard let byte = current else { return "the end of the object" }
        if byte >= 0x20, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte >= 0x80 {
            let end = min(index + 4, bytes.count)
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
            return "'\(text.first.map(String.init) ?? "?")'"
        }
        return "the control character U+\(Self.hex(UInt32(byte)))"
    }

    /// Consumes `byte`, or fails naming what was expected.
    @inline(__always) mutating func expect(_ byte: UInt8, _ expected: String) throws(SyntaxError) {
        guard index < bytes.count, bytes[index] == byte else { throw failure(expected: expected) }
        index += 1
    }

    /// Consumes the literal `true`, `false` or `null` whose first byte is at the cursor.
    mutating func literal(_ word: StaticString) throws(SyntaxError) {
        let start = index
        let count = word.utf8CodeUnitCount
        let word = UnsafeBufferPointer(start: word.utf8Start, count: count)
        for offset in 0..<count where index + offset >= bytes.count || bytes[index + offset] != word[offset] {
            index += offset
            let literal = String(decoding: word, as: UTF8.self)
            throw SyntaxError(offset: start, reason: "expected the literal \(literal), found \(found) in it")
        }
        index += count
    }

    /// Reads a number (RFC 8259 section 6: optional minus, an integer part without leading
    /// zeros, an optional fraction and exponent) and returns the range of its text and
    /// whether it is an integer (no fraction, no exponent).
    mutating func number() throws(SyntaxError) -> (range: Range<Int>, isInteger: Bool) {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, isDigit(first) else { throw failure(expected: "a digit of the number") }
        index += 1
        if first == UInt8(ascii: "0"), let next = current, isDigit(next) {
            throw SyntaxError(
                offset: start, reason: "expected a number without leading zeros, found '0' before a digit")
        }
        skipDigits()
        var isInteger = true
        if current == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard let digit = current, isDigit(digit) else {
                throw failure(expected: "a digit after the decimal point")
            }
            skipDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard let digit = current, isDigit(digit) else { throw failure(expected: "a digit of the exponent") }
            skipDigits()
        }
        return (start..<index, isInteger)
    }

    /// Consumes the comma at the cursor and the whitespace after it; a `close` bracket right
    /// after it is a trailing comma, which RFC 8259 does not allow.
    @inline(__always) mutating func skipComma(before close: UInt8) throws(SyntaxError) {
        let comma = index
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == close { throw Self.trailingComma(at: comma, before: close) }
    }

    @inline(never) private static func trailingComma(at comma: Int, before close: UInt8) -> SyntaxError {
        let what = close == UInt8(ascii: "}") ? "another key" : "another value"
        return SyntaxError(
            offset: comma,
            reason: "expected \(what) after ',', found '\(Character(Unicode.Scalar(close)))'; remove the trailing comma")
    }

    /// Skips a whole value of any kind, nested objects and arrays included, checking its
    /// syntax (no trailing commas).
    mutating func skipValue(depth: Int = 0) throws(SyntaxError) {
        guard depth < 512 else {
            throw SyntaxError(offset: index, reason: "expected values nested at most 512 deep, found deeper nesting")
        }
        skipWhitespace()
        guard let byte = current else { throw failure(expected: "a value") }
        switch byte {
        case UInt8(ascii: "\""):
            var discarded: [UInt8] = []
            try string(into: &discarded)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let isObject = byte == UInt8(ascii: "{")
            let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
            index += 1
            skipWhitespace()
            while current != close {
                if isObject {
                    guard current == UInt8(ascii: "\"") else { throw failure(expected: "a key in double quotes") }
                    var discarded: [UInt8] = []
                    try string(into: &discarded)
                    skipWhitespace()
                    try expect(UInt8(ascii: ":"), "':' after the key")
                }
                try skipValue(depth: depth + 1)
                skipWhitespace()
                guard current == UInt8(ascii: ",") else { break }
                try skipComma(before: close)
            }
            try expect(close, isObject ? "',' or '}' in the nested object" : "',' or ']' in the nested array")
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try number()
        default: throw failure(expected: "a value (a string, number, true, false, null, object or array)")
        }
    }

    @inline(__always) private mutating func skipDigits() {
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }

    @inline(__always) private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// At least four uppercase hexadecimal digits, as `\u` escapes and code points are written.
    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
