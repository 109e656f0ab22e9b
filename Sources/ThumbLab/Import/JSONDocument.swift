import Foundation

/// A small JSON document read whole, every value remembering where it starts, so that a
/// configuration file's problems can name their line and column. Strict RFC 8259: no
/// comments, no trailing commas, nothing after the top-level value.
struct JSONDocument {
    /// A value and the 1-based line and column where it starts.
    struct Node {
        enum Value {
            case null
            case bool(Bool)
            case number(Double)
            case string(String)
            case array([Node])
            case object([(key: String, value: Node)])
        }

        var value: Value
        var line: Int
        var column: Int

        /// The member named `key` of an object, `nil` otherwise.
        subscript(key: String) -> Node? {
            guard case .object(let members) = value else { return nil }
            return members.first { $0.key == key }?.value
        }

        var number: Double? {
            if case .number(let number) = value { return number }
            return nil
        }

        var string: String? {
            if case .string(let text) = value { return text }
            return nil
        }

        /// `an object`, `a number`...: what a message says was found.
        var kindName: String {
            switch value {
            case .null: "null"
            case .bool: "a boolean"
            case .number: "a number"
            case .string: "a string"
            case .array: "an array"
            case .object: "an object"
            }
        }
    }

    /// The document's top-level value.
    let root: Node

    /// Parses `bytes`.
    /// - Throws: ``ThumbLabError/invalidInput(problems:total:)`` naming `file`, the line and
    ///   the column of the first syntax error.
    init(bytes: [UInt8], file: String) throws {
        let lines = LineIndex(bytes)
        do {
            root = try bytes.withUnsafeBufferPointer { buffer throws(JSONCursor.SyntaxError) in
                var parser = Parser(cursor: JSONCursor(buffer), lines: lines)
                if buffer.starts(with: [0xEF, 0xBB, 0xBF]) { parser.cursor.index = 3 }
                let value = try parser.value(depth: 0)
                parser.cursor.skipWhitespace()
                guard parser.cursor.current == nil else { throw parser.cursor.failure(expected: "the end of the file") }
                return value
            }
        } catch {
            let (line, column) = lines.position(of: error.offset)
            throw ThumbLabError.invalidInput(
                problems: [
                    InputProblem(file: file, line: line, column: column, message: "invalid JSON: \(error.reason)")
                ],
                total: 1)
        }
    }

    private struct Parser {
        var cursor: JSONCursor
        let lines: LineIndex

        mutating func value(depth: Int) throws(JSONCursor.SyntaxError) -> Node {
            guard depth < 64 else {
                throw JSONCursor.SyntaxError(offset: cursor.index, reason: "expected values nested at most 64 deep")
            }
            cursor.skipWhitespace()
            let (line, column) = lines.position(of: cursor.index)
            func node(_ value: Node.Value) -> Node { Node(value: value, line: line, column: column) }
            guard let byte = cursor.current else { throw cursor.failure(expected: "a value") }
            switch byte {
            case UInt8(ascii: "\""): return node(.string(try string()))
            case UInt8(ascii: "{"):
                cursor.index += 1
                var members: [(key: String, value: Node)] = []
                cursor.skipWhitespace()
                if cursor.current == UInt8(ascii: "}") {
                    cursor.index += 1
                    return node(.object(members))
                }
                while true {
                    cursor.skipWhitespace()
                    guard cursor.current == UInt8(ascii: "\"") else {
                        throw cursor.failure(expected: "a key in double quotes")
                    }
                    let key = try string()
                    cursor.skipWhitespace()
                    try cursor.expect(UInt8(ascii: ":"), "':' after the key")
                    members.append((key, try value(depth: depth + 1)))
                    cursor.skipWhitespace()
                    if cursor.current == UInt8(ascii: "}") {
                        cursor.index += 1
                        return node(.object(members))
                    }
                    try cursor.expect(UInt8(ascii: ","), "',' or '}' in the object")
                }
            case UInt8(ascii: "["):
                cursor.index += 1
                var items: [Node] = []
                cursor.skipWhitespace()
                if cursor.current == UInt8(ascii: "]") {
                    cursor.index += 1
                    return node(.array(items))
                }
                while true {
                    items.append(try value(depth: depth + 1))
                    cursor.skipWhitespace()
                    if cursor.current == UInt8(ascii: "]") {
                        cursor.index += 1
                        return node(.array(items))
                    }
                    try cursor.expect(UInt8(ascii: ","), "',' or ']' in the array")
                }
            case UInt8(ascii: "t"):
                try cursor.literal("true")
                return node(.bool(true))
            case UInt8(ascii: "f"):
                try cursor.literal("false")
                return node(.bool(false))
            case UInt8(ascii: "n"):
                try cursor.literal("null")
                return node(.null)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let start = cursor.index
                let range = try cursor.number()
                let text = String(decoding: UnsafeBufferPointer(rebasing: cursor.bytes[range.range]), as: UTF8.self)
                guard let number = Double(text), number.isFinite else {
                    throw JSONCursor.SyntaxError(offset: start, reason: "expected a finite number, found \(text)")
                }
                return node(.number(number))
            default:
                throw cursor.failure(expected: "a value (a string, number, true, false, null, object or array)")
            }
        }

        mutating func string() throws(JSONCursor.SyntaxError) -> String {
            var bytes: [UInt8] = []
            try cursor.string(into: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}

/// Byte offsets to 1-based lines and columns (columns count characters).
struct LineIndex {
    private let bytes: [UInt8]
    private let lineStarts: [Int]

    /// Finds where each line of `bytes` starts.
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == 0x0A { starts.append(offset + 1) }
        lineStarts = starts
    }

    /// The 1-based line and column of byte `offset`.
    func position(of offset: Int) -> (line: Int, column: Int) {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let start = lineStarts[low]
        let end = min(max(offset, start), bytes.count)
        let prefix = String(decoding: bytes[start..<end], as: UTF8.self)
        return (low + 1, prefix.count + 1)
    }
}
