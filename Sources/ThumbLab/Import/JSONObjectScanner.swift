import Foundation

/// Finds the top-level objects of a JSON array or a JSON Lines file in a byte stream,
/// one object at a time, without parsing their values.
///
/// It follows strings and escapes to match braces, and records where each key of the
/// object's own level starts, so that problems can name a line and column. In JSON Lines
/// mode (RFC 8259 values, one per line: <https://jsonlines.org>) a line break inside an
/// object ends it as incomplete, so one broken line never swallows the next.
///
/// Between objects it accepts only what RFC 8259 allows: in an array, objects separated by
/// single commas and nothing but whitespace after the closing `]`; in JSON Lines, one object
/// per line. A missing comma marks the object after it; a doubled, leading or trailing comma
/// and any text after the `]` are reported as problems of their own, at their line and column.
struct JSONObjectScanner {
    /// Whether the stream is one JSON array of objects or JSON Lines.
    enum Mode { case array, lines }

    /// One object found in the stream.
    struct Object {
        var bytes: [UInt8] = []
        var line = 1
        var column = 1
        var startOffset = 0
        /// Byte ranges (within `bytes`) of the object's own keys, with their positions.
        var keys: [(range: Range<Int>, line: Int, column: Int)] = []
        /// Set when the object is not well-formed at the scanning level.
        var problem: LocatedProblem?

        /// Empties the object for the next one at the given place, keeping the capacity of
        /// its buffers so that objects of similar size are scanned without reallocating.
        mutating func restart(line: Int, column: Int, startOffset: Int) {
            bytes.removeAll(keepingCapacity: true)
            keys.removeAll(keepingCapacity: true)
            problem = nil
            self.line = line
            self.column = column
            self.startOffset = startOffset
        }
    }

    /// Whether the stream is one JSON array of objects or JSON Lines.
    let mode: Mode
    private(set) var line = 1
    private(set) var column = 1
    /// Set once the closing bracket of an array has been seen.
    private(set) var finished = false

    private enum State { case between, object, string, escape }
    private var state = State.between
    private var depth = 0
    private var expectingKey = false
    private var stringIsKey = false
    private var keyStart = 0
    private var keyLine = 0
    private var keyColumn = 0
    private var strayReported = false
    /// Where an array scan stands between objects.
    private enum Separator { case beforeArray, afterOpening, afterObject, afterComma, afterClosing }
    private var separator = Separator.beforeArray
    /// In JSON Lines, whether an object ended on the current line.
    private var objectEndedOnLine = false

    /// A scanner at the start of a stream in `mode`.
    init(mode: Mode) {
        self.mode = mode
    }

    /// Feeds one byte at absolute `offset`; returns true when `object` is complete.
    /// Bytes between objects that are not whitespace or separators yield one object that
    /// carries only a problem; the stray bytes up to the next object are skipped.
    mutating func feed(_ byte: UInt8, offset: Int, into object: inout Object) -> Bool {
        defer { advancePosition(byte) }
        switch state {
        case .between:
            return mode == .array
                ? betweenArrayObjects(byte, offset: offset, into: &object)
                : betweenLines(byte, offset: offset, into: &object)
        case .object:
            if mode == .lines, byte == UInt8(ascii: "\n") {
                return endAtLineBreak(
                    &object,
                    "expected the object to end on its line, found a line break inside it; JSON Lines hold one complete object per line (wrap pretty-printed objects in [ ] and save as .json)"
                )
            }
            keep(byte, in: &object)
            switch byte {
            case UInt8(ascii: "\""):
                state = .string
                stringIsKey = depth == 1 && expectingKey
                if stringIsKey {
                    keyStart = object.bytes.count
                    keyLine = line
                    keyColumn = column
                }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 {
                    state = .between
                    separator = .afterObject
                    objectEndedOnLine = true
                    return true
                }
            case UInt8(ascii: ","):
                if depth == 1 { expectingKey = true }
            case UInt8(ascii: ":"):
                if depth == 1 { expectingKey = false }
            default:
                break
            }
            return false
        case .string, .escape:
            if mode == .lines, byte == UInt8(ascii: "\n") {
                return endAtLineBreak(
                    &object,
                    "expected a closing quote before the end of the line, found a line break inside a string; JSON Lines hold one complete object per line"
                )
            }
            keep(byte, in: &object)
            if state == .escape {
                state = .string
            } else if byte == UInt8(ascii: "\\") {
                state = .escape
            } else if byte == UInt8(ascii: "\"") {
                state = .object
                if stringIsKey, object.bytes.count > keyStart {
                    object.keys.append((keyStart..<(object.bytes.count - 1), keyLine, keyColumn))
                    expectingKey = false
                }
            }
            return false
        }
    }

    /// Consumes the bytes from `start` that change nothing but the column, in a tight loop:
    /// inside an object, bytes other than quotes, brackets, braces, commas, colons and line
    /// breaks; inside a string, bytes other than quotes, backslashes and line breaks.
    /// Returns the index of the first byte that ``feed(_:offset:into:)`` must see.
    mutating func skipPlainBytes(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, into object: inout Object)
        -> Int
    {
        var index = start
        let end = bytes.count
        var continuations = 0
        switch state {
        case .object:
            while index < end {
                switch bytes[index] {
                case UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"),
                    UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "\n"):
                    break
                case let byte:
                    if byte & 0xC0 == 0x80 { continuations += 1 }
                    index += 1
                    continue
                }
                break
            }
            keepRun(bytes, start..<index, in: &object)
        case .string:
            while index < end {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "\n") { break }
                if byte & 0xC0 == 0x80 { continuations += 1 }
                index += 1
            }
            keepRun(bytes, start..<index, in: &object)
        case .between, .escape:
            return start
        }
        column += index - start - continuations
        return index
    }

    /// A byte between the objects of an array: `[`, `{`, `,`, `]` in their places, whitespace.
    private mutating func betweenArrayObjects(_ byte: UInt8, offset: Int, into object: inout Object) -> Bool {
        if isWhitespace(byte) { return false }
        switch (separator, byte) {
        case (.beforeArray, UInt8(ascii: "[")):
            separator = .afterOpening
        case (.afterOpening, UInt8(ascii: "{")), (.afterComma, UInt8(ascii: "{")):
            start(&object, offset: offset)
        case (.afterObject, UInt8(ascii: "{")):
            start(&object, offset: offset)
            object.problem = LocatedProblem(
                line: line, column: column,
                message: "expected ',' between objects, found '{' right after the previous object; add the comma")
        case (.afterObject, UInt8(ascii: ",")):
            separator = .afterComma
        case (.afterOpening, UInt8(ascii: "]")), (.afterObject, UInt8(ascii: "]")):
            separator = .afterClosing
            finished = true
        case (.afterComma, UInt8(ascii: "]")):
            separator = .afterClosing
            finished = true
            return stray(
                "expected another object after ',', found the closing ']'; remove the trailing comma", offset: offset,
                into: &object)
        case (.afterComma, UInt8(ascii: ",")):
            return stray(
                "expected an object '{' after ',', found another ','; remove the extra comma", offset: offset,
                into: &object)
        case (.afterOpening, UInt8(ascii: ",")):
            return stray(
                "expected an object '{' or ']' after '[', found ','; remove the comma", offset: offset, into: &object)
        case (.afterClosing, _):
            return stray(
                "expected nothing after the closing ']' of the array, found '\(Self.text(of: byte))'; rows after the ']' are not read, so move them inside the array or remove them",
                offset: offset, into: &object)
        default:
            let expected =
                switch separator {
                case .afterObject: "',' or the closing ']' after the object"
                case .afterComma: "an object '{' after ','"
                default: "an object '{' or the closing ']'"
                }
            return stray(
                "expected \(expected), found '\(Self.text(of: byte))'; each row must be a JSON object", offset: offset,
                into: &object)
        }
        return false
    }

    /// A byte between the objects of JSON Lines: whitespace, line breaks, and `{` starting a line.
    private mutating func betweenLines(_ byte: UInt8, offset: Int, into object: inout Object) -> Bool {
        if byte == UInt8(ascii: "\n") {
            objectEndedOnLine = false
            return false
        }
        if isWhitespace(byte) { return false }
        if byte == UInt8(ascii: "{") {
            let sameLine = objectEndedOnLine
            start(&object, offset: offset)
            if sameLine {
                object.problem = LocatedProblem(
                    line: line, column: column,
                    message:
                        "expected a line break after the previous object, found another '{' on the same line; JSON Lines hold one object per line"
                )
            }
            return false
        }
        return stray(
            "expected an object '{' at the start of the line, found '\(Self.text(of: byte))'; each row must be a JSON object",
            offset: offset, into: &object)
    }

    /// Begins an object at the '{' just seen.
    private mutating func start(_ object: inout Object, offset: Int) {
        object.restart(line: line, column: column, startOffset: offset)
        object.bytes.append(UInt8(ascii: "{"))
        strayReported = false
        state = .object
        depth = 1
        expectingKey = true
    }

    /// Reports a byte that has no place between objects as an object carrying only a problem,
    /// once until the next object starts; later stray bytes are skipped.
    private mutating func stray(_ message: String, offset: Int, into object: inout Object) -> Bool {
        guard !strayReported else { return false }
        strayReported = true
        object = Object(line: line, column: column, startOffset: offset)
        object.problem = LocatedProblem(line: line, column: column, message: message)
        return true
    }

    /// A byte as a message shows it: the character, or its code for a control or non-ASCII byte.
    private static func text(of byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F
            ? String(Character(Unicode.Scalar(byte))) : "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    /// At the end of the stream: the problem of an unfinished object or stray bytes.
    func endProblem(object: Object) -> LocatedProblem? {
        if state != .between {
            return LocatedProblem(
                line: object.line, column: object.column,
                message:
                    "expected the object starting here to be closed with '}', found the end of the file; complete or remove it"
            )
        }
        if mode == .array, !finished {
            return LocatedProblem(
                line: line, column: column,
                message: "expected the closing ']' of the array, found the end of the file; the file may be cut short")
        }
        return nil
    }

    /// Longest object kept in memory; the rest of a longer one is scanned but not kept.
    static let maximumObjectBytes = 4 << 20

    /// Appends a byte of the object, up to ``maximumObjectBytes``.
    /// Ends an object cut by a line break in JSON Lines, keeping its first problem if it had one.
    private mutating func endAtLineBreak(_ object: inout Object, _ message: String) -> Bool {
        object.problem =
            object.problem ?? LocatedProblem(line: object.line, column: object.column, message: message)
        state = .between
        return true
    }

    /// Appends a run of bytes of the object, up to ``maximumObjectBytes``.
    @inline(__always) private func keepRun(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, in object: inout Object
    ) {
        guard !range.isEmpty else { return }
        let room = JSONObjectScanner.maximumObjectBytes - object.bytes.count
        if range.count <= room {
            object.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
            return
        }
        object.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range.prefix(max(room, 0))]))
        keep(bytes[range.lowerBound + max(room, 0)], in: &object)
    }

    @inline(__always) private func keep(_ byte: UInt8, in object: inout Object) {
        guard object.bytes.count < JSONObjectScanner.maximumObjectBytes else {
            if object.problem == nil {
                object.problem = LocatedProblem(
                    line: object.line, column: object.column,
                    message:
                        "expected an object shorter than \(JSONObjectScanner.maximumObjectBytes >> 20) MiB, found a longer one (a quote or bracket may be unclosed); check the file"
                )
            }
            return
        }
        object.bytes.append(byte)
    }

    /// True while an object is being scanned.
    var inObject: Bool { state != .between }

    /// Whether a `{` at the current place starts an object without a problem of its place:
    /// after the `[` or a comma in an array, first on its line in JSON Lines.
    var expectsObject: Bool {
        guard state == .between else { return false }
        switch mode {
        case .array: return separator == .afterOpening || separator == .afterComma
        case .lines: return !objectEndedOnLine
        }
    }

    /// Where the scan stands after `bytes[range]`, counted as bytes fed one by one would
    /// count it, and whether any byte there is not ASCII. Line breaks are found with
    /// memchr, and continuation bytes are counted only where a byte is not ASCII.
    static func place(
        after bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, line: Int, column: Int
    ) -> (line: Int, column: Int, hasNonASCII: Bool) {
        guard !range.isEmpty, let start = bytes.baseAddress else { return (line, column, false) }
        let base = start + range.lowerBound
        let count = range.count
        var anyHighBit: UInt8 = 0
        for index in 0..<count { anyHighBit |= base[index] }
        var line = line
        var lineStart = 0
        var sawLineBreak = false
        while lineStart < count, let found = memchr(base + lineStart, 0x0A, count - lineStart) {
            line += 1
            sawLineBreak = true
            lineStart = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base + 1
        }
        var continuations = 0
        if anyHighBit >= 0x80 {
            for index in lineStart..<count where base[index] & 0xC0 == 0x80 { continuations += 1 }
        }
        return (line, (sawLineBreak ? 1 : column) + count - lineStart - continuations, anyHighBit >= 0x80)
    }

    /// Takes a whole object that a faster path found at the current place, where
    /// ``expectsObject`` holds, as if its bytes had been fed; `end` is the place after it.
    mutating func takeObject(endingAt end: (line: Int, column: Int)) {
        line = end.line
        column = end.column
        strayReported = false
        separator = .afterObject
        objectEndedOnLine = true
    }

    private mutating func advancePosition(_ byte: UInt8) {
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    private func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
