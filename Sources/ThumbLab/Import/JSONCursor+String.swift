extension JSONCursor {
    /// The range of the characters of the string at the cursor, between its quotes,
    /// when they need no decoding (no escape, no control character); the cursor then
    /// stands after the closing quote. Nil leaves the cursor where it was, for
    /// ``string(into:)``.
    @inline(__always) mutating func plainString() -> Range<Int>? {
        let start = index + 1
        var end = start
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") {
                index = end + 1
                return start..<end
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
            end += 1
        }
        return nil
    }

    /// Reads the string whose opening quote is at the cursor and appends its text, with
    /// escapes decoded, as UTF-8 to `output` (RFC 8259 section 7). Control characters must be
    /// escaped; `\uXXXX` escapes of UTF-16 surrogates must come as a high-low pair, which
    /// stands for one code point above U+FFFF.
    mutating func string(into output: inout [UInt8]) throws(SyntaxError) {
        let opening = index
        index += 1
        var runStart = index
        while true {
            guard index < bytes.count else {
                throw SyntaxError(
                    offset: opening, reason: "expected a closing quote of the string, found the end of the object")
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                index += 1
                return
            }
            if byte == UInt8(ascii: "\\") {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                try escape(into: &output)
                runStart = index
                continue
            }
            if byte < 0x20 {
                throw SyntaxError(
                    offset: index,
                    reason:
                        "expected a character of the string, found the unescaped control character U+\(Self.hex(UInt32(byte))); write it as an escape such as \\t or \\n"
                )
            }
            index += 1
        }
    }

    /// Decodes the escape whose backslash is at the cursor.
    private mutating func escape(into output: inout [UInt8]) throws(SyntaxError) {
        let start = index
        index += 1
        guard let letter = current else {
            throw SyntaxError(offset: start, reason: "expected an escape after '\\', found the end of the object")
        }
        index += 1
        let simple: UInt8? =
            switch letter {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): letter
            case UInt8(ascii: "b"): 0x08
            case UInt8(ascii: "f"): 0x0C
            case UInt8(ascii: "n"): 0x0A
            case UInt8(ascii: "r"): 0x0D
            case UInt8(ascii: "t"): 0x09
            default: nil
            }
        if let simple {
            output.append(simple)
            return
        }
        guard letter == UInt8(ascii: "u") else {
            index -= 1
            throw SyntaxError(
                offset: start,
                reason:
                    "expected an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX), found '\\' followed by \(found)"
            )
        }
        let first = try hexQuad()
        var scalar = first
        if (0xDC00...0xDFFF).contains(first) {
            throw SyntaxError(
                offset: start,
                reason:
                    "expected a high surrogate (\\uD800-\\uDBFF) before the low surrogate \\u\(Self.hex(first)), found none; a lone surrogate is not a character"
            )
        }
        if (0xD800...0xDBFF).contains(first) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else {
                throw SyntaxError(
                    offset: start,
                    reason:
                        "expected a low surrogate escape (\\uDC00-\\uDFFF) after the high surrogate \\u\(Self.hex(first)), found none; a lone surrogate is not a character"
                )
            }
            let second = index
            index += 2
            let low = try hexQuad()
            guard (0xDC00...0xDFFF).contains(low) else {
                throw SyntaxError(
                    offset: second,
                    reason:
                        "expected a low surrogate (\\uDC00-\\uDFFF) after the high surrogate \\u\(Self.hex(first)), found \\u\(Self.hex(low))"
                )
            }
            scalar = 0x10000 + ((first - 0xD800) << 10) + (low - 0xDC00)
        }
        appendUTF8(scalar, to: &output)
    }

    /// Reads the four hexadecimal digits of a `\u` escape.
    private mutating func hexQuad() throws(SyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current else { throw failure(expected: "four hexadecimal digits after \\u") }
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure(expected: "four hexadecimal digits after \\u")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// Appends the UTF-8 form of a code point (The Unicode Standard, table 3-6).
    private func appendUTF8(_ scalar: UInt32, to output: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            output.append(UInt8(scalar))
        case 0x80..<0x800:
            output.append(UInt8(0xC0 | scalar >> 6))
            output.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            output.append(UInt8(0xE0 | scalar >> 12))
            output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            output.append(UInt8(0x80 | scalar & 0x3F))
        default:
            output.append(UInt8(0xF0 | scalar >> 18))
            output.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            output.append(UInt8(0x80 | scalar & 0x3F))
        }
    }
}
