/// Finds the top-level objects of a JSON array or a JSON Lines file in a byte stream,
/// one object at a time, without parsing their values.
///
/// It follows strings and escapes to match braces, and records where each key of the
/// object's own level starts, so that problems can name a line and column. In JSON Lines
/// mode (RFC 8259 values, one per line: <https://jsonlines.org>) a line break inside an
/// object ends it as incomplete, so one broken line never swallows the next.
struct JSONObjectScanner {
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
    private var sawValueBefore = false
    private var strayReported = false
    /// Whether the opening bracket of the array has been seen.
    private var opened = false

    init(mode: Mode) { self.mode = mode }

    /// Feeds one byte at absolute `offset`; returns true when `object` is complete.
    /// Bytes between objects that are not whitespace or separators yield one object that
    /// carries only a problem; the stray bytes up to the next object are skipped.
    mutating func feed(_ byte: UInt8, offset: Int, into object: inout Object) -> Bool {
        defer { advancePosition(byte) }
        switch state {
        case .between:
            if byte == UInt8(ascii: "{") {
                object.restart(line: line, column: column, startOffset: offset)
                object.bytes.append(byte)
                strayReported = false
                state = .object
                depth = 1
                expectingKey = true
                return false
            }
            if isWhitespace(byte) || (mode == .array && opened && byte == UInt8(ascii: ",")) { return false }
            if mode == .array, !opened, byte == UInt8(ascii: "[") {
                opened = true
                return false
            }
            if mode == .array, byte == UInt8(ascii: "]") {
                finished = true
                return false
            }
            guard !strayReported else { return false }
            strayReported = true
            let expected =
                mode == .array ? "an object '{', ',' or the closing ']'" : "an object '{' at the start of the line"
            object = Object(line: line, column: column, startOffset: offset)
            object.problem = LocatedProblem(
                line: line, column: column,
                message:
                    "expected \(expected), found '\(Character(Unicode.Scalar(byte)))'; each row must be a JSON object")
            return true
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
