import Foundation

/// JSON rows: a top-level array of objects, or JSON Lines (one object per line).
///
/// The array is streamed object by object: the scanner finds each object's bytes and only
/// that object is parsed (with JSONSerialization). The columns are the keys of the first
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
    private var headerIndex: [String: Int] = [:]
    private var keyPositions: [(line: Int, column: Int)?] = []
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
        chunk = .allocate(byteCount: 1 << 20, alignment: 16)
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
        for (index, key) in object.keys.enumerated() {
            let name = keyText(key.range)
            if headerIndex[name] == nil { headerIndex[name] = index }
            headers.append(name)
        }
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
        keyPositions.indices.contains(index)
            ? keyPositions[index] ?? (object.line, object.column) : (object.line, object.column)
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
            if scanner.finished { return false }
        }
    }

    /// Parses the current object into the fields, in header order.
    private func fill() {
        fields.reset()
        keyPositions = Array(repeating: nil, count: headers.count)
        rowProblem = object.problem
        var values = [String?](repeating: nil, count: headers.count)
        if rowProblem == nil {
            rowProblem = parse(into: &values)
        }
        for value in values { fields.appendField((value ?? "").utf8) }
    }

    private func parse(into values: inout [String?]) -> LocatedProblem? {
        if let bad = object.bytes.withUnsafeBufferPointer(UTF8Check.firstInvalidOffset(in:)) {
            return LocatedProblem(
                line: object.line, column: object.column,
                message:
                    "expected UTF-8 text, found an invalid byte sequence at byte \(bad + 1) of the object; save the file as UTF-8"
            )
        }
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: Data(object.bytes))
        } catch {
            return LocatedProblem(
                line: object.line, column: object.column,
                message:
                    "expected a valid JSON object, found malformed JSON (\(Self.reason(error))); check quotes, commas and brackets"
            )
        }
        guard let dictionary = parsed as? [String: Any] else {
            return LocatedProblem(
                line: object.line, column: object.column, message: "expected a JSON object, found another value")
        }
        for key in object.keys {
            if let index = headerIndex[keyText(key.range)] { keyPositions[index] = (key.line, key.column) }
        }
        for (key, value) in dictionary {
            guard let index = headerIndex[key] else {
                let position =
                    object.keys.first { keyText($0.range) == key }.map { ($0.line, $0.column) } ?? (
                        object.line, object.column
                    )
                return LocatedProblem(
                    line: position.0, column: position.1,
                    message:
                        "expected only the keys of the first object (\(headers.joined(separator: ", "))), found '\(key)'; add it to the first object or remove it"
                )
            }
            switch value {
            case let text as String: values[index] = text
            case let number as NSNumber:
                // JSON true/false arrive as NSNumber of type "c" (char); numbers as "i"/"q"/"d".
                let isBoolean = number.objCType.pointee == CChar(UInt8(ascii: "c"))
                values[index] = isBoolean ? (number.boolValue ? "true" : "false") : number.stringValue
            case is NSNull: values[index] = nil
            default:
                let position = keyPositions[index] ?? (object.line, object.column)
                return LocatedProblem(
                    line: position.line, column: position.column,
                    message:
                        "expected a string, number, boolean or null for '\(key)', found a nested array or object; flatten the value"
                )
            }
        }
        return nil
    }

    private func keyText(_ range: Range<Int>) -> String {
        let raw = object.bytes[range]
        if !raw.contains(UInt8(ascii: "\\")) { return String(decoding: raw, as: UTF8.self) }
        let quoted = Data([UInt8(ascii: "\"")] + raw + [UInt8(ascii: "\"")])
        return (try? JSONSerialization.jsonObject(with: quoted, options: .fragmentsAllowed) as? String)
            ?? String(decoding: raw, as: UTF8.self)
    }

    private static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        return (nsError.userInfo[NSDebugDescriptionErrorKey] as? String) ?? nsError.localizedDescription
    }
}
