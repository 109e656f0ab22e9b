/// Finds the keys of one flat object quickly, for the pass that collects the keys of a
/// file: strings are skipped to their closing quote, numbers and literals to the end of
/// their letters, without decoding or checking them (the pass over the rows does that).
///
/// It takes only the plainest objects: keys without escapes, values that are strings,
/// numbers, `true`, `false` or `null`, no control characters in strings, and in JSON
/// Lines no line break. Anything else, an object that runs past the bytes given
/// included, gets nil, and the caller scans that object byte by byte instead, which
/// finds the same keys and the same end where the skimmer succeeds.
enum JSONKeySkimmer {
    /// Skims the object whose `{` is the first byte of `bytes`; appends the range of each
    /// key (without its quotes) to `keys` and returns the count of the object's bytes up
    /// to its closing `}`, or nil for an object it does not take.
    static func skim(
        _ bytes: UnsafeBufferPointer<UInt8>, linesMode: Bool, keys: inout [Range<Int>]
    ) -> Int? {
        keys.removeAll(keepingCapacity: true)
        let end = bytes.count
        var index = 1
        guard skipWhitespace(bytes, &index, linesMode: linesMode), index < end else { return nil }
        if bytes[index] == UInt8(ascii: "}") { return index + 1 }
        while true {
            guard index < end, bytes[index] == UInt8(ascii: "\"") else { return nil }
            let keyStart = index + 1
            index = keyStart
            while index < end {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") { break }
                if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
                index += 1
            }
            guard index < end else { return nil }
            keys.append(keyStart..<index)
            index += 1
            guard skipWhitespace(bytes, &index, linesMode: linesMode), index < end,
                bytes[index] == UInt8(ascii: ":")
            else { return nil }
            index += 1
            guard skipWhitespace(bytes, &index, linesMode: linesMode), skipValue(bytes, &index),
                skipWhitespace(bytes, &index, linesMode: linesMode), index < end
            else { return nil }
            switch bytes[index] {
            case UInt8(ascii: ","):
                index += 1
                guard skipWhitespace(bytes, &index, linesMode: linesMode) else { return nil }
            case UInt8(ascii: "}"):
                return index + 1
            default:
                return nil
            }
        }
    }

    /// Skips a string, or the characters of a number or literal; false for anything else.
    @inline(__always) private static func skipValue(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> Bool {
        let end = bytes.count
        guard index < end else { return false }
        let first = bytes[index]
        if first == UInt8(ascii: "\"") {
            index += 1
            while index < end {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    index += 1
                    return true
                }
                if byte < 0x20 { return false }
                if byte == UInt8(ascii: "\\") {
                    guard index + 1 < end, bytes[index + 1] >= 0x20 else { return false }
                    index += 2
                } else {
                    index += 1
                }
            }
            return false
        }
        guard isWordByte(first) else { return false }
        index += 1
        while index < end, isWordByte(bytes[index]) { index += 1 }
        return true
    }

    /// Digits, signs, the decimal point and letters: what numbers and literals are made of.
    @inline(__always) private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "E")
    }

    /// Skips whitespace; false at a line break in JSON Lines.
    @inline(__always) private static func skipWhitespace(
        _ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int, linesMode: Bool
    ) -> Bool {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A:
                if linesMode { return false }
                index += 1
            default: return true
            }
        }
        return true
    }
}
