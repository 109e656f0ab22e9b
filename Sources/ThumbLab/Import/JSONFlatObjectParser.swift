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
    private var columnIndex: [String: Int] = [:]
    /// The column of the key found at each position of the last objects: loggers write
    /// the same keys in the same order, so a key is first compared with this column's name.
    private var columnAtPosition: [Int] = []
    /// The values that had to be rewritten (escaped strings, numbers in another form),
    /// back to back.
    private(set) var text: [UInt8] = []
    /// What is known of each column, and where its value lies in the last object parsed.
    private var slots = ColumnSlots(names: [])
    /// The first problem of the last object parsed, in the order of its keys.
    private(set) var problem: Problem?
    private var key: [UInt8] = []

    /// Byte offset of each column's key in the last object parsed, or -1 when the key is
    /// missing.
    var keyOffsets: [Int] { Array(UnsafeBufferPointer(start: slots.keyOffsets, count: slots.count)) }

    /// Sets the columns that objects are parsed into.
    mutating func setColumns(_ names: [String]) {
        columns = names
        columnIndex = [:]
        var isFirstWithName: [Bool] = []
        for (index, name) in names.enumerated() {
            isFirstWithName.append(columnIndex[name] == nil)
            if columnIndex[name] == nil { columnIndex[name] = index }
        }
        columnAtPosition = names.indices.map { isFirstWithName[$0] ? $0 : -1 }
        slots = ColumnSlots(names: names)
    }

    /// The column whose nested array or object is kept as its JSON text (a phrase log's
    /// input stream written as a list of key names); -1 for none.
    private var nestedAsText = -1

    /// Keeps the nested value of `column` as its JSON text instead of a problem of the row.
    mutating func readNestedAsText(_ column: Int?) {
        nestedAsText = column ?? -1
    }

    /// Marks the columns whose values are only ever read as numbers: their numbers keep
    /// the text they are written with.
    mutating func readAsNumbers(_ columns: [Int]) {
        for column in columns where column >= 0 && column < slots.count { slots.keepsNumberText[column] = true }
    }

    /// The value of column `index` in the last object parsed, whose bytes are `object`;
    /// nil when missing or null.
    func value(_ index: Int, in object: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        let (start, end) = (slots.starts[index], slots.ends[index])
        guard start >= 0 else { return nil }
        return slots.inText[index] ? Array(text[start..<end]) : Array(object[start..<end])
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
        let slots = slots
        text.withUnsafeBufferPointer { text in
            for column in 0..<slots.count {
                let start = slots.starts[column]
                let end = slots.ends[column]
                if start >= 0, end > start {
                    let source = slots.inText[column] ? text.baseAddress! : object.baseAddress!
                    fields.append(source + start, count: end - start)
                }
                fields.endField()
            }
        }
    }

    /// Places the value of every column of the last object parsed into `fields`, as
    /// ``copyValues(from:into:)`` copies them, without copying the values that lie in
    /// `object`, whose bytes must stay unchanged until `fields` is reset.
    mutating func placeValues(from object: UnsafeBufferPointer<UInt8>, into fields: FieldBuffer) {
        let slots = slots
        let kept = text.withUnsafeBufferPointer { fields.startPlacing(keeping: $0) }
        guard let objectStart = object.baseAddress else { return }
        for column in 0..<slots.count {
            let start = slots.starts[column]
            if start < 0 {
                fields.place(kept, count: 0)
            } else {
                fields.place((slots.inText[column] ? kept : objectStart) + start, count: slots.ends[column] - start)
            }
        }
    }

    /// Parses the object at the cursor, its `{` to its `}`.
    private mutating func parseObject(_ cursor: inout JSONCursor) throws(JSONCursor.SyntaxError) {
        text.removeAll(keepingCapacity: true)
        slots.starts.update(repeating: -1, count: slots.count)
        slots.keyOffsets.update(repeating: -1, count: slots.count)
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
            if guess >= 0, let length = slots.plainName(guess, isWrittenIn: cursor.bytes, at: cursor.index + 1) {
                cursor.index += length + 2
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
            // A key that is no column keeps nothing: its number is only checked for syntax,
            // as every key's is when the file's keys are collected.
            if column < 0 || slots.keepsNumberText[column] || Self.readsAsWritten(cursor.bytes, number) {
                written = number.range
            } else {
                try appendNumber(cursor.bytes, number.range, isInteger: number.isInteger)
            }
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let start = cursor.index
            try cursor.skipValue()
            if column >= 0, column == nestedAsText {
                written = start..<cursor.index
            } else {
                if problem == nil, column >= 0 { problem = .nested(columns[column], keyOffset: keyOffset) }
                isNull = true
            }
        default:
            throw cursor.failure(expected: "a value (a string, number, true, false or null)")
        }
        guard column >= 0 else { return }
        if isNull {
            slots.starts[column] = -1
        } else if let written {
            slots.starts[column] = written.lowerBound
            slots.ends[column] = written.upperBound
            slots.inText[column] = false
        } else {
            slots.starts[column] = textStart
            slots.ends[column] = text.count
            slots.inText[column] = true
        }
        slots.keyOffsets[column] = keyOffset
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

/// The parser's per-column state in fixed allocations, one of each kind for the parser's
/// life: what is known of each column (its name's bytes, whether its numbers keep their
/// text) and where its value lies in the last object parsed. Written for every key, so
/// kept out of arrays, whose every write would check that the array is not shared.
final class ColumnSlots {
    let count: Int
    /// Start of each column's value, or -1 when the key is missing or null: an offset in
    /// the object's bytes, or in the parser's text where ``inText`` says so.
    let starts: UnsafeMutablePointer<Int>
    let ends: UnsafeMutablePointer<Int>
    let inText: UnsafeMutablePointer<Bool>
    /// Byte offset of each column's key in the object, or -1 when the key is missing.
    let keyOffsets: UnsafeMutablePointer<Int>
    /// Whether a column's numbers keep their written text.
    let keepsNumberText: UnsafeMutablePointer<Bool>
    /// The UTF-8 bytes of every column name, back to back, and where each begins; -1 for
    /// a name that is not written as it is in a JSON string (it has characters that need
    /// escapes), which is never compared in place.
    private let nameBytes: UnsafeMutablePointer<UInt8>
    private let nameStarts: UnsafeMutablePointer<Int>
    private let nameCounts: UnsafeMutablePointer<Int>

    init(names: [String]) {
        count = names.count
        starts = .allocate(capacity: count)
        starts.initialize(repeating: -1, count: count)
        ends = .allocate(capacity: count)
        ends.initialize(repeating: -1, count: count)
        inText = .allocate(capacity: count)
        inText.initialize(repeating: false, count: count)
        keyOffsets = .allocate(capacity: count)
        keyOffsets.initialize(repeating: -1, count: count)
        keepsNumberText = .allocate(capacity: count)
        keepsNumberText.initialize(repeating: false, count: count)
        let utf8 = names.map { Array($0.utf8) }
        let total = utf8.reduce(0) { $0 + $1.count }
        nameBytes = .allocate(capacity: max(total, 1))
        nameStarts = .allocate(capacity: count)
        nameCounts = .allocate(capacity: count)
        var offset = 0
        for (index, name) in utf8.enumerated() {
            let isPlain = !name.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }
            (nameBytes + offset).initialize(from: name, count: name.count)
            nameStarts[index] = isPlain ? offset : -1
            nameCounts[index] = name.count
            offset += name.count
        }
    }

    deinit {
        for pointer in [starts, ends, keyOffsets, nameStarts, nameCounts] { pointer.deallocate() }
        inText.deallocate()
        keepsNumberText.deallocate()
        nameBytes.deallocate()
    }

    /// The length of column `index`'s name when `bytes` hold it at `start`, as written
    /// without escapes and followed by the closing quote; nil otherwise.
    @inline(__always) func plainName(_ index: Int, isWrittenIn bytes: UnsafeBufferPointer<UInt8>, at start: Int)
        -> Int?
    {
        let nameStart = nameStarts[index]
        let length = nameCounts[index]
        guard nameStart >= 0, start + length < bytes.count, bytes[start + length] == UInt8(ascii: "\"") else {
            return nil
        }
        let written = UnsafeRawPointer(bytes.baseAddress! + start)
        let name = UnsafeRawPointer(nameBytes + nameStart)
        var offset = 0
        while offset + 8 <= length {
            guard
                written.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    == name.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            else { return nil }
            offset += 8
        }
        while offset < length {
            guard
                written.load(fromByteOffset: offset, as: UInt8.self)
                    == name.load(fromByteOffset: offset, as: UInt8.self)
            else { return nil }
            offset += 1
        }
        return length
    }
}
