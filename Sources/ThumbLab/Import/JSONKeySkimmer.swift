/// Finds the keys of one flat object quickly, for the pass that collects the keys of a
/// file: keys are taken as written, values are checked with the productions the rows use
/// (``JSONCursor``) but not decoded or kept.
///
/// It takes only the plainest well-formed objects: keys without escapes, values that are
/// strings, numbers, `true`, `false` or `null`, and in JSON Lines no line break. Anything
/// else, an object that runs past the bytes given included, gets nil, and the caller
/// scans that object byte by byte instead, which finds the same keys and the same end
/// where the skimmer succeeds. (The caller checks that the bytes are UTF-8.)
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

    /// Skips a string, number or literal, checked as the rows read it; false for anything
    /// else (a nested value) and for a value that is not well-formed.
    @inline(__always) private static func skipValue(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> Bool {
        guard index < bytes.count else { return false }
        var cursor = JSONCursor(bytes, at: index)
        do throws(JSONCursor.SyntaxError) {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                if cursor.plainString() == nil {
                    var decoded: [UInt8] = []
                    try cursor.string(into: &decoded)
                }
            case UInt8(ascii: "t"): try cursor.literal("true")
            case UInt8(ascii: "f"): try cursor.literal("false")
            case UInt8(ascii: "n"): try cursor.literal("null")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try cursor.number()
            default: return false
            }
        } catch {
            return false
        }
        index = cursor.index
        return true
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
