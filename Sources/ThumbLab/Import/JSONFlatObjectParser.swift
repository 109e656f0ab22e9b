import Foundation

/// Parses one flat JSON object (keys to strings, numbers, `true`/`false` or `null`)
/// straight from its bytes into the text of each column, in one pass and without building
/// a dictionary.
///
/// Values become the text the decoders read, kept as ranges of the object's own bytes
/// where they are written as they read (most values), else decoded into ``text``:
/// strings with their escapes decoded,
/// `true`/`false` as those words, `null` as a missing value. Integers keep their digits
/// (`-0` becomes `0`); other numbers are written as the shortest decimal that reads back
/// as the same double (`1e3` is `1000.0`, `2.50` is `2.5`), the form the row texts took
/// when Foundation's JSONSerialization parsed them, so factor levels stay the same;
/// columns that are only ever read as numbers (``readAsNumbers(_:)``) keep the number as
/// written, which reads back as the same double without the cost of rewriting it. A
/// repeated key keeps its last value. A nested object or array, or a key that is not a
/// column, is a ``Problem`` of the row, located at its key; a syntax error is thrown.
struct JSONFlatObjectParser {
    /// A well-formed object that cannot be a row.
    enum Problem: Equatable {
        /// A key that is none of the columns.
        case unknownKey(String, keyOffset: Int)
        /// A nested object or array as the value of a column.
        case nested(String, keyOffset: Int)
    }

    /// The column names: the keys of the file's objects.
    private(set) var columns: [String] = []
    private var columnBytes: [[UInt8]] = []
    /// Whether a column is the first with its name (a repeated name is never filled).
    private var isFirstWithName: [Bool] = []
    /// Whether a column's numbers keep their written text.
    private var keepsNumberText: [Bool] = []
    private var columnIndex: [String: Int] = [:]
    /// Whether a column's name is written as it is, without escapes, in a JSON string.
    private var isPlainName: [Bool] = []
    /// The column of the key found at each position of the last objects: loggers write
    /// the same keys in the same order, so a key is first compared with this column's name.
    private var columnAtPosition: [Int] = []
    /// The values that had to be rewritten (escaped strings, numbers in another form),
    /// back to back.
    private(set) var text: [UInt8] = []
    /// Start of each column's value, or -1 when the key is missing or null: an offset in
    /// the object's bytes, or in ``text`` where ``inText`` says so.
    private(set) var starts: [Int] = []
    private(set) var ends: [Int] = []
    private(set) var inText: [Bool] = []
    /// Byte offset of each column's key in the object, or -1 when the key is missing.
    private(set) var keyOffsets: [Int] = []
    /// The first problem of the last object parsed, in the order of its keys.
    private(set) var problem: Problem?
    private var key: [UInt8] = []

    /// Sets the columns that objects are parsed into.
    mutating func setColumns(_ names: [String]) {
        columns = names
        columnBytes = names.map { Array($0.utf8) }
        columnIndex = [:]
        isFirstWithName = []
        for (index, name) in names.enumerated() {
            isFirstWithName.append(columnIndex[name] == nil)
            if columnIndex[name] == nil { columnIndex[name] = index }
        }
        isPlainName = columnBytes.map { name in !name.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C } }
        columnAtPosition = names.indices.map { isFirstWithName[$0] ? $0 : -1 }
        starts = Array(repeating: -1, count: names.count)
        ends = starts
        inText = Array(repeating: false, count: names.count)
        keyOffsets = starts
        keepsNumberText = Array(repeating: false, count: names.count)
    }

    /// Marks the columns whose values are only ever read as numbers: their numbers keep
    /// the text they are written with.
    mutating func readAsNumbers(_ columns: [Int]) {
        for column in columns where keepsNumberText.indices.contains(column) { keepsNumberText[column] = true }
    }

    /// The value of column `index` in the last object parsed, whose bytes are `object`;
    /// nil when missing or null.
    func value(_ index: Int, in object: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard starts[index] >= 0 else { return nil }
        return inText[index] ? Array(text[starts[index]..<ends[index]]) : Array(object[starts[index]..<ends[index]])
    }

    /// Parses `bytes`, which hold exactly one object, possibly surrounded by whitespace.
    mutating func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONCursor.SyntaxError) {
        var cursor = JSONCursor(bytes)
        cursor.skipWhitespace()
        try parseObject(&cursor)
        cursor.skipWhitespace()
        if cursor.current != nil { throw cursor.failure(expected: "nothing after the closing '}' of the object") }
    }

    /// Parses the object that opens at the first byte of `bytes` and returns the count of
    /// its bytes, up to its closing `}`; whatever follows is not looked at. Key offsets
    /// count from the opening `{`.
    mutating func parsePrefix(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONCursor.SyntaxError) -> Int {
        var cursor = JSONCursor(bytes)
        try parseObject(&cursor)
        return cursor.index
    }

    /// Copies the value of every column of the last object parsed, whose bytes are
    /// `object`, into `fields`, one field per column in column order; a missing or null
    /// value is an empty field.
    mutating func copyValues(from object: UnsafeBufferPointer<UInt8>, into fields: FieldBuffer) {
        text.withUnsafeBufferPointer { text in
            for column in starts.indices {
                let start = starts[column]
                if start >= 0, ends[column] > start {
                    let source = inText[column] ? text.baseAddress! : object.baseAddress!
                    fields.append(source + start, count: ends[column] - start)
                }
                fields.endField()
            }
        }
    }

    /// Parses the object at the cursor, its `{` to its `}`.
    private mutating func parseObject(_ cursor: inout JSONCursor) throws(JSONCursor.SyntaxError) {
        text.removeAll(keepingCapacity: true)
        for index in starts.indices {
            starts[index] = -1
            keyOffsets[index] = -1
        }
        problem = nil
        try cursor.expect(UInt8(ascii: "{"), "'{' opening the object")
        cursor.skipWhitespace()
        var ordinal = 0
        while cursor.current != UInt8(ascii: "}") {
            guard cursor.current == UInt8(ascii: "\"") else { throw cursor.failure(expected: "a key in double quotes") }
            let keyOffset = cursor.index
            let column = try readKey(&cursor, ordinal: ordinal)
            if column < 0, problem == nil {
                problem = .unknownKey(String(decoding: key, as: UTF8.self), keyOffset: keyOffset)
            }
            cursor.skipWhitespace()
            try cursor.expect(UInt8(ascii: ":"), "':' after the key")
            cursor.skipWhitespace()
            try value(&cursor, column: column, keyOffset: keyOffset)
            cursor.skipWhitespace()
            guard cursor.current == UInt8(ascii: ",") else { break }
            try cursor.skipComma(before: UInt8(ascii: "}"))
            ordinal += 1
        }
        try cursor.expect(UInt8(ascii: "}"), "',' or '}' after the value")
    }

    /// Reads the key at the cursor and returns its column, -1 when it is no column. The
    /// column found at the same position before is tried first, its name compared with
    /// the written bytes in place; any other key is decoded (into ``key``) and looked up.
    @inline(__always) private mutating func readKey(_ cursor: inout JSONCursor, ordinal: Int)
        throws(JSONCursor.SyntaxError) -> Int
    {
        if ordinal < columnAtPosition.count {
            let guess = columnAtPosition[ordinal]
            if guess >= 0, isPlainName[guess], Self.matches(columnBytes[guess], cursor.bytes, at: cursor.index + 1) {
                cursor.index += columnBytes[guess].count + 2
                return guess
            }
        }
        key.removeAll(keepingCapacity: true)
        try cursor.string(into: &key)
        let column = columnIndex[String(decoding: key, as: UTF8.self)] ?? -1
        if ordinal < columnAtPosition.count {
            columnAtPosition[ordinal] = column
        } else if ordinal < columns.count + 64 {
            columnAtPosition.append(contentsOf: repeatElement(-1, count: ordinal - columnAtPosition.count))
            columnAtPosition.append(column)
        }
        return column
    }

    /// Whether `bytes` hold `name` at `start`, followed by the closing quote.
    @inline(__always) private static func matches(_ name: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>, at start: Int)
        -> Bool
    {
        let end = start + name.count
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return false }
        return name.withUnsafeBufferPointer { name in
            name.isEmpty || memcmp(name.baseAddress!, bytes.baseAddress! + start, name.count) == 0
        }
    }

    /// Reads the value at the cursor into `column` (or nowhere when it is -1).
    private mutating func value(_ cursor: inout JSONCursor, column: Int, keyOffset: Int) throws(JSONCursor.SyntaxError)
    {
        // Where the value lies in the object's bytes, or nil when it went to `text`.
        var written: Range<Int>?
        let textStart = text.count
        var isNull = false
        switch cursor.current ?? 0 {
        case UInt8(ascii: "\""):
            written = cursor.plainString()
            if written == nil { try cursor.string(into: &text) }
        case UInt8(ascii: "t"):
            let start = cursor.index
            try cursor.literal("true")
            written = start..<cursor.index
        case UInt8(ascii: "f"):
            let start = cursor.index
            try cursor.literal("false")
            written = start..<cursor.index
        case UInt8(ascii: "n"):
            try cursor.literal("null")
            isNull = true
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let number = try cursor.number()
            if (column >= 0 && keepsNumberText[column]) || Self.readsAsWritten(cursor.bytes, number) {
                written = number.range
            } else {
                try appendNumber(cursor.bytes, number.range, isInteger: number.isInteger)
            }
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            try cursor.skipValue()
            if problem == nil, column >= 0 { problem = .nested(columns[column], keyOffset: keyOffset) }
            isNull = true
        default:
            throw cursor.failure(expected: "a value (a string, number, true, false or null)")
        }
        guard column >= 0 else { return }
        if isNull {
            starts[column] = -1
        } else if let written {
            starts[column] = written.lowerBound
            ends[column] = written.upperBound
            inText[column] = false
        } else {
            starts[column] = textStart
            ends[column] = text.count
            inText[column] = true
        }
        keyOffsets[column] = keyOffset
    }

    /// Whether a number's text is already the form described on the type: an integer of
    /// at most 18 digits other than `-0`.
    @inline(__always) private static func readsAsWritten(
        _ bytes: UnsafeBufferPointer<UInt8>, _ number: (range: Range<Int>, isInteger: Bool)
    ) -> Bool {
        guard number.isInteger, number.range.count <= 18 else { return false }
        return
            !(number.range.count == 2 && bytes[number.range.lowerBound] == UInt8(ascii: "-")
            && bytes[number.range.lowerBound + 1] == UInt8(ascii: "0"))
    }

    /// Appends the text of a number, in the form described on the type.
    private mutating func appendNumber(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, isInteger: Bool)
        throws(JSONCursor.SyntaxError)
    {
        let digits = UnsafeBufferPointer(rebasing: bytes[range])
        // The only short integer that arrives here (``readsAsWritten(_:_:)`` keeps the others).
        if isInteger, digits.count == 2, digits[0] == UInt8(ascii: "-"), digits[1] == UInt8(ascii: "0") {
            text.append(UInt8(ascii: "0"))
            return
        }
        let literal = String(decoding: digits, as: UTF8.self)
        if isInteger, Int64(literal) != nil || UInt64(literal) != nil {
            text.append(contentsOf: digits)
            return
        }
        guard case .value(let number) = FieldParsing.double(digits) else {
            throw JSONCursor.SyntaxError(
                offset: range.lowerBound,
                reason: "expected a number a double can hold, found \(literal), which is out of range")
        }
        text.append(contentsOf: number.description.utf8)
    }
}
