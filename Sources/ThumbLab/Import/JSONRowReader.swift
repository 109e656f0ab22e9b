import Foundation

/// JSON rows: a top-level array of objects, or JSON Lines (one object per line).
///
/// The array is streamed object by object: the scanner finds each object's bytes and only
/// that object is parsed, straight from those bytes (``JSONFlatObjectParser``). A plain
/// object that lies whole in the read chunk takes a fast path: it is parsed (or, for its
/// keys, skimmed with ``JSONKeySkimmer``) in place, and an object the fast path does not
/// take is scanned byte by byte, which names any problem exactly. The columns
/// are the keys of all well-formed objects (the first one's keys in their order, then each
/// new key where it first appears; a malformed object is a rejected row and names no
/// column): a first pass over the file collects them and a second pass
/// reads the rows, or (``KeyPass/leadingObjects(bytes:)``) the first pass stops after the
/// file's first objects and the rows are then checked for keys beyond those. An object may
/// leave keys out or list them in any order; a key it lacks is a
/// missing value. Values may be strings, numbers, booleans or null; booleans become
/// `true`/`false` and null an empty field.
final class JSONRowReader: RowReader {
    /// How far the pass that collects the keys reads.
    enum KeyPass: Equatable, Sendable {
        /// Every object of the file: the header is the file's keys.
        case wholeFile
        /// The objects that start in the first `bytes` bytes: the header is those objects'
        /// keys, the same as the whole file's when no later object has another key. The
        /// rows then check that: ``next()`` throws ``KeysBeyondHeader`` at the first
        /// well-formed object with another key, so that the caller can read the file again
        /// with ``wholeFile``. Without it, the rows are exactly those of ``wholeFile``.
        case leadingObjects(bytes: Int)

        /// The first pass of an import: the first mebibyte's objects.
        static let importDefault = KeyPass.leadingObjects(bytes: 1 << 20)
    }

    /// Thrown by ``next()`` when a header read with ``KeyPass/leadingObjects(bytes:)``
    /// lacks a key of a later well-formed object.
    struct KeysBeyondHeader: Error, Equatable {
        /// Where the first such key is.
        var line: Int
        var column: Int
    }

    private let file: FileBytes
    private let keyPass: KeyPass
    /// Whether the header holds the keys of the leading objects only, so that every later
    /// object's keys are checked against it.
    private(set) var headerIsPartial = false
    /// The keys of the header, as collected, while ``headerIsPartial``.
    private var partialKeys = JSONKeyUnion()
    let fields = FieldBuffer()
    let format: String
    let decimalComma = false
    var decisions: [ImportDecision] = []
    // The state touched for every byte or row is exempt from run-time exclusivity checks,
    // which would otherwise cost a check per access: the reader is used from one thread,
    // and no access to one of these overlaps another access to the same property.
    @exclusivity(unchecked) private var scanner: JSONObjectScanner
    @exclusivity(unchecked) private var object = JSONObjectScanner.Object()
    private var headers: [String] = []
    @exclusivity(unchecked) private var parser = JSONFlatObjectParser()
    private(set) var rowProblem: LocatedProblem?
    private(set) var bytesRead = 0
    private let chunk: UnsafeMutableRawBufferPointer
    @exclusivity(unchecked) private var available = 0
    @exclusivity(unchecked) private var position = 0
    @exclusivity(unchecked) private var chunkBase = 0
    /// Where each column's key first appears, for problems of the header.
    private var keyPlaces: [(line: Int, column: Int)] = []
    private var rowsStarted = false
    private var endReported = false
    /// Where the current object lies in the chunk when a fast path took it whole (its
    /// bytes are then not copied), nil when it was scanned byte by byte into ``object``.
    private var wholeObject: Range<Int>?
    /// The keys of the current object taken whole in the pass over the keys, as ranges
    /// of its bytes.
    private var keyRanges: [Range<Int>] = []
    /// Whether the pass over the keys runs (until the reader goes back for the rows).
    private var readingKeys = true

    /// Most distinct keys a file may have: more are taken for data written as keys.
    static let maximumKeys = 10_000

    /// Opens `file`, telling a JSON array from JSON Lines by its first character.
    init(file: FileBytes, keyPass: KeyPass = .wholeFile) throws {
        self.file = file
        self.keyPass = keyPass
        chunk = .allocate(byteCount: file.chunkSize(limit: 1 << 20), alignment: 16)
        scanner = JSONObjectScanner(mode: .lines)
        format = try Self.start(file, chunk: chunk, available: &available, position: &position) ? "json" : "jsonl"
        scanner = JSONObjectScanner(mode: format == "json" ? .array : .lines)
    }

    deinit { chunk.deallocate() }

    /// Reads the first chunk and skips a byte order mark; true when the text is an array.
    private static func start(
        _ file: FileBytes, chunk: UnsafeMutableRawBufferPointer, available: inout Int, position: inout Int
    ) throws -> Bool {
        available = try file.read(into: chunk)
        position = 0
        if available >= 3, chunk[0] == 0xEF, chunk[1] == 0xBB, chunk[2] == 0xBF { position = 3 }
        var first = position
        while first < available, [0x20, 0x0A, 0x0D, 0x09].contains(chunk[first]) { first += 1 }
        return first < available && chunk[first] == UInt8(ascii: "[")
    }

    var rowLine: Int { object.line }

    /// Collects the keys of every object (or of the leading objects, as ``KeyPass`` says) in
    /// a first pass over the file, then goes back to its start for the rows.
    func readHeader() throws -> Result<[String], LocatedProblem> {
        guard try scanObject() else {
            if let problem = scanner.endProblem(object: object) { return .failure(problem) }
            return .failure(
                LocatedProblem(
                    line: 1, column: 1, message: "expected at least one JSON object, found none; the file is empty"))
        }
        if let problem = object.problem { return .failure(problem) }
        var keys = JSONKeyUnion()
        // Where the first malformed object is: the problem of a file without a well-formed one.
        var firstMalformation: LocatedProblem?
        repeat {
            guard object.problem == nil else { continue }
            if wholeObject == nil, let problem = malformation() {
                firstMalformation = firstMalformation ?? problem
                continue
            }
            keys.startObject()
            if wholeObject != nil {
                let (line, column) = (object.line, object.column)
                withObjectBytes { bytes in
                    for key in keyRanges {
                        keys.add(bytes, key) {
                            let place = JSONObjectScanner.place(
                                after: bytes, 0..<(key.lowerBound - 1), line: line, column: column)
                            return (place.line, place.column)
                        }
                    }
                }
            } else {
                object.bytes.withUnsafeBufferPointer { bytes in
                    for key in object.keys { keys.add(bytes, key.range) { (key.line, key.column) } }
                }
            }
            if keys.names.count > Self.maximumKeys {
                let place = keys.places[Self.maximumKeys]
                return .failure(
                    LocatedProblem(
                        line: place.line, column: place.column,
                        message:
                            "expected at most \(Self.maximumKeys) distinct keys in the file, found more; each object's keys name its columns, so put varying data in values"
                    ))
            }
        } while try scanObjectForKeys()
        if keys.names.isEmpty, let firstMalformation { return .failure(firstMalformation) }
        headers = keys.names
        keyPlaces = keys.places
        if headerIsPartial { partialKeys = keys }
        try rewind()
        return .success(headers)
    }

    /// Scans to the end of the next object of the pass over the keys; false at the end of
    /// the stream, or past the leading objects that ``KeyPass/leadingObjects(bytes:)`` reads.
    private func scanObjectForKeys() throws -> Bool {
        if case .leadingObjects(let limit) = keyPass, bytesRead >= limit {
            headerIsPartial = true
            return false
        }
        return try scanObject()
    }

    /// Takes the keys another reader of the same file collected, skipping the pass over them.
    func startRows(header: [String]) throws -> Bool {
        headerIsPartial = false
        headers = header
        keyPlaces = []
        try rewind()
        return true
    }

    /// Goes back to the start of the file, for the rows after the pass over the keys.
    private func rewind() throws {
        try file.rewind()
        readingKeys = false
        chunkBase = 0
        bytesRead = 0
        endReported = false
        _ = try Self.start(file, chunk: chunk, available: &available, position: &position)
        scanner = JSONObjectScanner(mode: scanner.mode)
        parser.setColumns(headers)
        object = JSONObjectScanner.Object()
        wholeObject = nil
    }

    func next() throws -> Bool {
        rowsStarted = true
        if try !scanObject() {
            guard !endReported, let problem = scanner.endProblem(object: object) else { return false }
            endReported = true
            object = JSONObjectScanner.Object(line: problem.line, column: problem.column, problem: problem)
            fill()
            return true
        }
        if headerIsPartial, wholeObject == nil, object.problem == nil, isWellFormed() { try checkKeysAreInHeader() }
        fill()
        return true
    }

    /// Throws ``KeysBeyondHeader`` when the current object, scanned byte by byte and
    /// well-formed, has a key that the partial header lacks: the pass over the whole file
    /// would have made that key a column. (An object the fast path took has no such key,
    /// since its parse found every key among the columns.)
    private func checkKeysAreInHeader() throws {
        let known = partialKeys.names.count
        partialKeys.startObject()
        var firstNew: (line: Int, column: Int)?
        object.bytes.withUnsafeBufferPointer { bytes in
            for key in object.keys {
                partialKeys.add(bytes, key.range) { (key.line, key.column) }
                if firstNew == nil, partialKeys.names.count > known { firstNew = (key.line, key.column) }
            }
        }
        if let firstNew { throw KeysBeyondHeader(line: firstNew.line, column: firstNew.column) }
    }

    /// The fields read only as numbers: their values need not be rewritten as the
    /// shortest decimal, which only factor levels and labels need.
    static let numberFields: [ImportField] = [
        .targetX, .targetY, .targetWidth, .targetHeight, .startX, .startY, .touchX, .touchY, .timeMS,
        .timestamp, .x, .y, .value, .effectiveAmplitude, .deviation,
    ]

    func prepare(for layout: ColumnLayout) {
        parser.readAsNumbers(Self.numberFields.compactMap { layout.columns[$0] })
        parser.readNestedAsText(layout.kind == .phrases ? layout.columns[.inputStream] : nil)
    }

    func location(ofField index: Int) -> (line: Int, column: Int) {
        if !rowsStarted, keyPlaces.indices.contains(index) { return keyPlaces[index] }
        let keyOffsets = parser.keyOffsets
        guard rowProblem == nil, keyOffsets.indices.contains(index), keyOffsets[index] >= 0 else {
            return (object.line, object.column)
        }
        return position(ofOffset: keyOffsets[index])
    }

    func rawText() -> String { withObjectBytes { String(decoding: $0.prefix(64 << 10), as: UTF8.self) } }

    /// The bytes read so far of the current chunk.
    private var chunkBytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: chunk.baseAddress!.assumingMemoryBound(to: UInt8.self), count: available)
    }

    /// Calls `body` with the bytes of the current object, wherever they are kept.
    private func withObjectBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let wholeObject { return body(UnsafeBufferPointer(rebasing: chunkBytes[wholeObject])) }
        return object.bytes.withUnsafeBufferPointer(body)
    }

    /// Scans to the end of the next object; false at the end of the stream.
    private func scanObject() throws -> Bool {
        wholeObject = nil
        defer { bytesRead = chunkBase + position }
        while true {
            if position == available {
                chunkBase += available
                position = 0
                available = try file.read(into: chunk)
                if available == 0 { return false }
            }
            let bytes = chunkBytes
            if scanner.inObject {
                position = scanner.skipPlainBytes(bytes, from: position, into: &object)
                if position == available { continue }
            } else if bytes[position] == UInt8(ascii: "{"), scanner.expectsObject,
                let count = takeWhole(UnsafeBufferPointer(rebasing: bytes[position...]), offset: chunkBase + position)
            {
                wholeObject = position..<(position + count)
                position += count
                return true
            }
            let done = scanner.feed(bytes[position], offset: chunkBase + position, into: &object)
            position += 1
            if done { return true }
        }
    }

    /// The count of bytes of the object that opens `bytes` when the fast path takes it
    /// whole: a well-formed flat object with no problem, within the chunk, on one line in
    /// JSON Lines and in valid UTF-8, parsed into the parser (for the rows) or skimmed for
    /// its keys (in the pass over the keys). Nil leaves the object to the byte scanner.
    private func takeWhole(_ bytes: UnsafeBufferPointer<UInt8>, offset: Int) -> Int? {
        let count: Int
        if readingKeys {
            guard let skimmed = JSONKeySkimmer.skim(bytes, linesMode: scanner.mode == .lines, keys: &keyRanges)
            else { return nil }
            count = skimmed
        } else {
            guard let parsed = try? parser.parsePrefix(bytes), parser.problem == nil else { return nil }
            count = parsed
        }
        let end = JSONObjectScanner.place(after: bytes, 0..<count, line: scanner.line, column: scanner.column)
        if scanner.mode == .lines, end.line != scanner.line { return nil }
        if end.hasNonASCII,
            UTF8Check.firstInvalidOffset(in: UnsafeBufferPointer(rebasing: bytes[0..<count])) != nil
        {
            return nil
        }
        object.restart(line: scanner.line, column: scanner.column, startOffset: offset)
        scanner.takeObject(endingAt: (end.line, end.column))
        return count
    }

    /// Parses the current object into the fields, in header order.
    private func fill() {
        fields.reset()
        rowProblem = wholeObject != nil ? nil : (object.problem ?? parseObject())
        if rowProblem == nil, let wholeObject {
            // The chunk keeps the object's bytes until the next row is read.
            parser.placeValues(from: UnsafeBufferPointer(rebasing: chunkBytes[wholeObject]), into: fields)
        } else if rowProblem == nil {
            object.bytes.withUnsafeBufferPointer { parser.copyValues(from: $0, into: fields) }
        } else {
            for _ in headers.indices { fields.endField() }
        }
    }

    /// Parses the current object with the flat object parser; the problem that makes it
    /// unusable as a row, if any.
    private func parseObject() -> LocatedProblem? {
        // Parse on a local copy: the parser's buffers stay uniquely referenced.
        var parser = self.parser
        self.parser = JSONFlatObjectParser()
        defer { self.parser = parser }
        if let malformation = malformation(parsingWith: &parser) { return malformation }
        switch parser.problem {
        case nil:
            return nil
        case .unknownKey(let key, let offset):
            let at = position(ofOffset: offset)
            return LocatedProblem(
                line: at.line, column: at.column,
                message:
                    "expected one of the keys of the file's well-formed objects (\(headers.joined(separator: ", "))), found '\(key)'; check the object's syntax"
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

    /// Why the current object, scanned byte by byte, is not a well-formed JSON object in
    /// UTF-8, parsing it with `parser`; nil when it is one. Only well-formed objects give
    /// the file its columns: a malformed object is a rejected row, and what it seems to name
    /// as keys is no column.
    private func malformation(parsingWith parser: inout JSONFlatObjectParser) -> LocatedProblem? {
        if let bad = object.bytes.withUnsafeBufferPointer(UTF8Check.firstInvalidOffset(in:)) {
            return LocatedProblem(
                line: object.line, column: object.column,
                message:
                    "expected UTF-8 text, found an invalid byte sequence at byte \(bad + 1) of the object; save the file as UTF-8"
            )
        }
        do {
            try object.bytes.withUnsafeBufferPointer { bytes throws(JSONCursor.SyntaxError) in try parser.parse(bytes) }
            return nil
        } catch {
            let at = position(ofOffset: error.offset)
            return LocatedProblem(
                line: object.line, column: object.column,
                message:
                    "expected a valid JSON object, found malformed JSON (\(error.reason) at line \(at.line), column \(at.column)); check quotes, commas and brackets"
            )
        }
    }

    /// ``malformation(parsingWith:)`` with a parser of its own.
    private func malformation() -> LocatedProblem? {
        var parser = JSONFlatObjectParser()
        return malformation(parsingWith: &parser)
    }

    /// Whether the current object, scanned byte by byte, is well-formed.
    private func isWellFormed() -> Bool { malformation() == nil }

    /// Line and column of a byte of the current object, counted as the scanner counts them.
    private func position(ofOffset offset: Int) -> (line: Int, column: Int) {
        withObjectBytes { bytes in
            let place = JSONObjectScanner.place(
                after: bytes, 0..<min(max(offset, 0), bytes.count), line: object.line, column: object.column)
            return (place.line, place.column)
        }
    }
}
