import Foundation

/// The phase of a touch event as logs write it. `cancel` (iOS touchesCancelled, Android
/// ACTION_CANCEL) ends a touch without a selection; the study database stores only
/// down, move and up, so cancel events shape the derived trials and are counted.
enum EventPhase: Equatable {
    case down, move, up, cancel

    /// The phase as stored, nil for a cancel.
    var stored: TouchPhase? {
        switch self {
        case .down: .down
        case .move: .move
        case .up: .up
        case .cancel: nil
        }
    }
}

/// Parsing of numbers, booleans and touch phases straight from field bytes.
enum FieldParsing {
    /// The result of reading an optional field.
    enum Value<T> {
        case missing
        case value(T)
        case invalid
    }

    /// True for an empty field, one of spaces only, or R's `NA`: a value not recorded.
    @inline(__always) static func isMissing(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        isMissingTrimmed(trim(bytes))
    }

    @inline(__always) private static func isMissingTrimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.isEmpty || (bytes.count == 2 && bytes[0] == UInt8(ascii: "N") && bytes[1] == UInt8(ascii: "A"))
    }

    /// The field without leading and trailing spaces and tabs.
    @inline(__always) static func trim(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        guard var start = bytes.baseAddress else { return bytes }
        var end = start + bytes.count
        while start < end, start.pointee == 0x20 || start.pointee == 0x09 { start += 1 }
        while end > start, end[-1] == 0x20 || end[-1] == 0x09 { end -= 1 }
        return UnsafeBufferPointer(start: start, count: end - start)
    }

    /// A finite decimal number. Plain decimals of up to 19 significant digits take a fast
    /// path (``plainDecimal(_:fractionDigits:negative:)``); anything else goes through
    /// strtod. Infinity, NaN, hexadecimal forms and thousands separators are invalid. With
    /// `decimalComma` (files whose delimiter is not a comma, as spreadsheets in many locales
    /// write them) a comma is read as the decimal point, as R's `read.csv2` does.
    @inline(__always) static func double(_ raw: UnsafeBufferPointer<UInt8>, decimalComma: Bool = false)
        -> Value<Double>
    {
        if let value = shortDecimal(raw) { return .value(value) }
        return longerDouble(raw, decimalComma: decimalComma)
    }

    /// ``double(_:decimalComma:)`` for every field that is not a short decimal, kept out of
    /// line so that the short path inlines where fields are read.
    @inline(never) private static func longerDouble(_ raw: UnsafeBufferPointer<UInt8>, decimalComma: Bool)
        -> Value<Double>
    {
        let bytes = trim(raw)
        if isMissingTrimmed(bytes) { return .missing }
        var index = 0
        var negative = false
        if bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "+") {
            negative = bytes[0] == UInt8(ascii: "-")
            index = 1
        }
        var mantissa: UInt64 = 0
        var fractionDigits = 0
        var seenPoint = false
        var seenDigit = false
        var fast = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= 0x30, byte <= 0x39 {
                guard mantissa < 1_000_000_000_000_000_000, fractionDigits < 27 else {
                    fast = false
                    break
                }
                mantissa = mantissa * 10 + UInt64(byte - 0x30)
                seenDigit = true
                if seenPoint { fractionDigits += 1 }
            } else if byte == UInt8(ascii: ".") || (decimalComma && byte == UInt8(ascii: ",")), !seenPoint {
                seenPoint = true
            } else {
                fast = false
                break
            }
            index += 1
        }
        if fast {
            guard seenDigit else { return .invalid }
            if let value = plainDecimal(mantissa, fractionDigits: fractionDigits, negative: negative) {
                return .value(value)
            }
        }
        let hasDigit = bytes.contains { $0 >= 0x30 && $0 <= 0x39 }
        return slowDouble(bytes, hasDigit: hasDigit, decimalComma: decimalComma)
    }

    /// The field most logs write, read in one pass: an optional minus and at most 15 digits
    /// with at most one point, nothing else; nil for any other field. With so few digits
    /// the mantissa and the power of ten are exact doubles, and their quotient the double
    /// nearest the decimal, as ``plainDecimal(_:fractionDigits:negative:)`` gives it.
    @inline(__always) private static func shortDecimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        guard let base = bytes.baseAddress, bytes.count <= 15 else { return nil }
        let negative = bytes.count > 0 && base[0] == UInt8(ascii: "-")
        var index = negative ? 1 : 0
        var mantissa: UInt64 = 0
        var point = -1
        while index < bytes.count {
            let digit = base[index] &- 0x30
            if digit < 10 {
                mantissa = mantissa &* 10 &+ UInt64(digit)
            } else if base[index] == UInt8(ascii: "."), point < 0 {
                point = index
            } else {
                return nil
            }
            index += 1
        }
        let digits = bytes.count - (negative ? 1 : 0) - (point < 0 ? 0 : 1)
        guard digits > 0 else { return nil }
        let value = Double(mantissa) / exactPowerOfTen(point < 0 ? 0 : bytes.count - 1 - point)
        return negative ? -value : value
    }

    /// The field most logs write for a whole number, read in one pass: an optional minus
    /// and digits, 15 bytes at most, nothing else; nil for any other field.
    @inline(__always) private static func shortInteger(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress, bytes.count > 0, bytes.count <= 15 else { return nil }
        let negative = base[0] == UInt8(ascii: "-")
        var index = negative ? 1 : 0
        guard index < bytes.count else { return nil }
        var value = 0
        while index < bytes.count {
            let digit = base[index] &- 0x30
            guard digit < 10 else { return nil }
            value = value &* 10 &+ Int(digit)
            index += 1
        }
        return negative ? -value : value
    }

    /// 10^`k` for `k` in 0...14, each an exact double; a switch rather than a table, so
    /// that no lazily made global is checked on every field.
    @inline(__always) private static func exactPowerOfTen(_ k: Int) -> Double {
        switch k {
        case 0: 1
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        default: 1e14
        }
    }

    /// The double nearest to `mantissa` / 10^`fractionDigits` (a mantissa of at most 19
    /// digits, at most 27 fraction digits), or nil where only strtod can tell it.
    ///
    /// - A mantissa below 2^53 and at most 22 fraction digits: an exact integer divided by
    ///   an exact power of ten, one correctly rounded division.
    /// - Otherwise, on x86-64: the same division in 80-bit extended precision, where the
    ///   mantissa (< 2^64) and 10^k (k <= 27) are exact, so the quotient is within half a
    ///   unit of its last place of the true value. Rounding it to a double gives the
    ///   double nearest the true value unless the quotient lies within one such unit of a
    ///   halfway point between two doubles (its 11 bits below a double's precision near
    ///   0b100_0000_0000); those rare cases, and results that are not normal doubles, are
    ///   left to strtod.
    @inline(__always) static func plainDecimal(_ mantissa: UInt64, fractionDigits: Int, negative: Bool)
        -> Double?
    {
        if mantissa < 1 << 53, fractionDigits <= 22 {
            // 10^k for k <= 22 is exact, and so is every partial product on the way.
            var divisor = 1.0
            for _ in 0..<fractionDigits { divisor *= 10 }
            let value = Double(mantissa) / divisor
            return negative ? -value : value
        }
        #if arch(x86_64) && !os(Windows)
            var divisor: Float80 = 1
            for _ in 0..<fractionDigits { divisor *= 10 }
            let quotient = Float80(mantissa) / divisor
            let belowDouble = quotient.significandBitPattern & 0x7FF
            guard belowDouble < 0x3FF || belowDouble > 0x401 else { return nil }
            let value = Double(quotient)
            guard value.isNormal || value == 0 else { return nil }
            return negative ? -value : value
        #else
            return nil
        #endif
    }

    /// strtod over a NUL-terminated copy, accepting only decimal and exponent syntax.
    private static func slowDouble(_ bytes: UnsafeBufferPointer<UInt8>, hasDigit: Bool, decimalComma: Bool) -> Value<
        Double
    > {
        guard hasDigit, bytes.count < 512 else { return .invalid }
        let point = decimalComma ? UInt8(ascii: ",") : UInt8(ascii: ".")
        for byte in bytes {
            let allowed =
                (byte >= 0x30 && byte <= 0x39) || byte == point || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
            if !allowed { return .invalid }
        }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { buffer in
            let base = buffer.baseAddress!
            for (index, byte) in bytes.enumerated() {
                base[index] = CChar(bitPattern: byte == point ? UInt8(ascii: ".") : byte)
            }
            base[bytes.count] = 0
            var end: UnsafeMutablePointer<CChar>?
            let value = strtod(base, &end)
            guard let end, end - base == bytes.count, value.isFinite else { return .invalid }
            return .value(value)
        }
    }

    /// A whole number: digits with an optional sign, or a decimal with no fraction
    /// (`3.0`, as spreadsheets sometimes write integers).
    @inline(__always) static func integer(_ bytes: UnsafeBufferPointer<UInt8>, decimalComma: Bool = false)
        -> Value<Int>
    {
        if let value = shortInteger(bytes) { return .value(value) }
        return wholeDecimal(bytes, decimalComma: decimalComma)
    }

    /// ``integer(_:decimalComma:)`` for every field that is not a short whole number: a
    /// decimal that must be whole, kept out of line.
    @inline(never) private static func wholeDecimal(_ bytes: UnsafeBufferPointer<UInt8>, decimalComma: Bool)
        -> Value<Int>
    {
        switch double(bytes, decimalComma: decimalComma) {
        case .missing: return .missing
        case .invalid: return .invalid
        case .value(let value):
            guard value == value.rounded(), abs(value) < 9.0e15 else { return .invalid }
            return .value(Int(value))
        }
    }

    /// Whether a trial was a hit, as a hit column (or, with `inMissColumn`, a miss column)
    /// says it: yes/no values (1/0, true/false, yes/no, y/n, t/f) answer the column's
    /// question, and outcome words (``hitWords``, ``missWords``) name the outcome whatever
    /// the column; any case.
    static func hit(_ raw: UnsafeBufferPointer<UInt8>, inMissColumn: Bool) -> Value<Bool> {
        let bytes = trim(raw)
        if isMissingTrimmed(bytes) { return .missing }
        guard bytes.count <= 8 else {
            guard bytes.count <= 12 else { return .invalid }
            let word = String(decoding: bytes, as: UTF8.self).lowercased()
            if hitWords.contains(word) { return .value(true) }
            if missWords.contains(word) { return .value(false) }
            return .invalid
        }
        var word: UInt64 = 0
        for byte in bytes { word = word << 8 | UInt64(lowercased(byte)) }
        switch word {
        case packed("1"), packed("true"), packed("yes"), packed("y"), packed("t"), packed("1.0"):
            return .value(!inMissColumn)
        case packed("0"), packed("false"), packed("no"), packed("n"), packed("f"), packed("0.0"):
            return .value(inMissColumn)
        case packed("hit"), packed("success"), packed("correct"), packed("pass"), packed("passed"), packed("ok"):
            return .value(true)
        case packed("miss"), packed("missed"), packed("failure"), packed("fail"), packed("failed"), packed("error"),
            packed("wrong"):
            return .value(false)
        default:
            return .invalid
        }
    }

    /// The outcome words of a hit: hit, success, successful, correct, pass, passed, ok.
    static let hitWords: Set<String> = ["hit", "success", "successful", "correct", "pass", "passed", "ok"]
    /// The outcome words of a miss: miss, missed, failure, fail, failed, error, incorrect,
    /// wrong, unsuccessful.
    static let missWords: Set<String> = [
        "miss", "missed", "failure", "fail", "failed", "error", "incorrect", "wrong", "unsuccessful",
    ]

    /// A touch phase. Accepts down/move/up, touchstart/touchmove/touchend, began/moved/ended
    /// (iOS), press/drag/release, Android's MotionEvent action codes (0 down, 1 up, 2 move,
    /// 3 cancel, 5 pointer down, 6 pointer up) and names (ACTION_DOWN...), and the cancel
    /// spellings cancel/cancelled/canceled/touchcancel.
    static func phase(_ raw: UnsafeBufferPointer<UInt8>) -> Value<EventPhase> {
        let bytes = trim(raw)
        if isMissing(bytes) { return .missing }
        var text = String(decoding: bytes, as: UTF8.self).lowercased()
        for prefix in ["action_pointer_", "action_", "touch", "pointer"]
        where text.hasPrefix(prefix) && text.count > prefix.count {
            text.removeFirst(prefix.count)
        }
        switch text {
        case "down", "start", "began", "begin", "press", "pressed", "0", "5": return .value(.down)
        case "move", "moved", "drag", "2": return .value(.move)
        case "up", "end", "ended", "release", "released", "lift", "1", "6": return .value(.up)
        case "cancel", "cancelled", "canceled", "3": return .value(.cancel)
        default: return .invalid
        }
    }

    @inline(__always) private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    private static func packed(_ text: StaticString) -> UInt64 {
        var word: UInt64 = 0
        text.withUTF8Buffer { for byte in $0 { word = word << 8 | UInt64(byte) } }
        return word
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
