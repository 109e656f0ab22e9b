import Foundation

/// JSON rows: a top-level array of objects, or JSON Lines (one object per line).
///
/// The array is streamed object by object: the scanner finds each object's bytes and only
/// that object is parsed, straight from those bytes (``JSONFlatObjectParser``). The columns are the keys of the first
/// object, in their order; a later object may leave keys out (missing values) but may not
/// bring new ones. Values may be strings, numbers, booleans or null; booleans become
/// `true`/`false` and null an empty field.
final class JSONRowReader: RowReader {
    private let file: FileBytes
    let fields = FieldBuffer()
    let format: String
    let decimalComma = false
    private var scanner: JSONObjectScanner
    private var object = JSONObjectScanner.Object()
    private var headers: [String] = []
    private var parser = JSONFlatObjectParser()
    private(set) var rowProblem: LocatedProblem?
    private(set) var bytesRead = 0
    private var lastOffset = 0
    private let chunk: UnsafeMutableRawBufferPointer
    private var available = 0
    private var position = 0
    private var chunkBase = 0
    /// The first object, read ahead to learn the columns.
    private var firstObjectPending = false
    private var endReported = false

    init(file: FileBytes) throws {
        self.file = file
        chunk = .allocate(byteCount: file.chunkSize(limit: 1 << 20), alignment: 16)
        available = try file.read(into: chunk)
        if available >= 3, chunk[0] == 0xEF, chunk[1] == 0xBB, chunk[2] == 0xBF { position = 3 }
        var first = position
        while first < available, [0x20, 0x0A, 0x0D, 0x09].contains(chunk[first]) { first += 1 }
        let isArray = first < available && chunk[first] == UInt8(ascii: "[")
        scanner = JSONObjectScanner(mode: isArray ? .array : .lines)
        format = isArray ? "json" : "jsonl"
    }

    deinit { chunk.deallocate() }

    var rowLine: Int { object.line }

    func readHeader() throws -> Result<[String], LocatedProblem> {
        guard try scanObject() else {
            if let problem = scanner.endProblem(object: object) { return .failure(problem) }
            return .failure(
                LocatedProblem(
                    line: 1, column: 1, message: "expected at least one JSON object, found none; the file is empty"))
        }
        if let problem = object.problem { return .failure(problem) }
        headers = object.keys.map { keyText($0.range) }
        parser.setColumns(headers)
        fill()
        firstObjectPending = true
        return .success(headers)
    }

    func next() throws -> Bool {
        if firstObjectPending {
            firstObjectPending = false
            return true
        }
        if try !scanObject() {
            guard !endReported, let problem = scanner.endProblem(object: object) else { return false }
            endReported = true
            object = JSONObjectScanner.Object(line: problem.line, column: problem.column, problem: problem)
            fill()
            return true
        }
        fill()
        return true
    }

    func location(ofField index: Int) -> (line: Int, column: Int) {
        guard rowProblem == nil, parser.keyOffsets.indices.contains(index), parser.keyOffsets[index] >= 0 else {
            return (object.line, object.column)
        }
        return position(ofOffset: parser.keyOffsets[index])
    }

    func rawText() -> String { String(decoding: object.bytes.prefix(64 << 10), as: UTF8.self) }

    /// Scans to the end of the next object; false at the end of the stream.
    private func scanObject() throws -> Bool {
        // Work on locals: stored properties of a class would be checked for exclusive
        // access at every byte. The object is moved out so that its bytes are not copied.
        var scanner = self.scanner
        var object = self.object
        self.object = JSONObjectScanner.Object()
        var position = self.position
        defer {
            self.scanner = scanner
            self.object = object
            self.position = position
            bytesRead = chunkBase + position
        }
        while true {
            if position == available {
                chunkBase += available
                position = 0
                available = try file.read(into: chunk)
                if available == 0 { return false }
            }
            let done = scanner.feed(chunk[position], offset: chunkBase + position, into: &object)
            position += 1
            if done { return true }
        }
    }

    /// Parses the current object into the fields, in header order.
    private func fill() {
        fields.reset()
        rowProblem = object.problem ?? parseObject()
        for column in headers.indices {
            if rowProblem == nil, let value = parser.value(column) {
                value.withUnsafeBufferPointer { fields.append($0.baseAddress!, count: $0.count) }
            }
            fields.endField()
        }
    }

    /// Parses the current object with the flat object parser; the problem that makes it
    /// unusable as a row, if any.
    private func parseObject() -> LocatedProblem? {
        if let bad = object.bytes.withUnsafeBufferPointer(UTF8Check.firstInvalidOffset(in:)) {
            return LocatedProblem(
                line: object.line, column: object.column,
                message:
                    "expected UTF-8 text, found an invalid byte sequence at byte \(bad + 1) of the object; save the file as UTF-8"
            )
        }
        // Parse on a local copy: the parser's buffers stay uniquely referenced.
        var parser = self.parser
        self.parser = JSONFlatObjectParser()
        defer { self.parser = parser }
        do {
            try object.bytes.withUnsafeBufferPointer { bytes throws(JSONCursor.SyntaxError) in try parser.parse(bytes) }
        } catch {
            let at = position(ofOffset: error.offset)
            return LocatedProblem(
                line: object.line, column: object.column,
                message:
                    "expected a valid JSON object, found malformed JSON (\(error.reason) at line \(at.line), column \(at.column)); check quotes, commas and brackets"
            )
        }
        switch parser.problem {
        case nil:
            return nil
        case .unknownKey(let key, let offset):
            let at = position(ofOffset: offset)
            return LocatedProblem(
                line: at.line, column: at.column,
                message:
                    "expected only the keys of the first object (\(headers.joined(separator: ", "))), found '\(key)'; add it to the first object or remove it"
            )
        case .nested(let key, let offset):
            let at = position(ofOffset: offset)
            return LocatedProblem(
                line: at.line, column: at.column,
                message:
                    "expected a string, number, boolean or null for '\(key)', found a nested array or object; flatten the value"
            )
        }
    }

    /// Line and column of a byte of the current object, counted as the scanner counts them.
    private func position(ofOffset offset: Int) -> (line: Int, column: Int) {
        var line = object.line
        var column = object.column
        for byte in object.bytes.prefix(offset) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    /// The text of a key whose bytes (without quotes) are at `range`, escapes decoded.
    private func keyText(_ range: Range<Int>) -> String {
        object.bytes.withUnsafeBufferPointer { bytes in
            var text: [UInt8] = []
            var cursor = JSONCursor(bytes, at: range.lowerBound - 1)
            guard (try? cursor.string(into: &text)) != nil else {
                return String(decoding: bytes[range], as: UTF8.self)
            }
            return String(decoding: text, as: UTF8.self)
        }
    }
}
