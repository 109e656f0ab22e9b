import Foundation

extension KeyboardLayout {
    /// Normalised column names of a layout table, per part of a key.
    private static let columnNames: [(part: String, names: Set<String>)] = [
        ("key", ["key", "name", "label", "char", "character", "letter", "keyname"]),
        ("x", ["x", "centrex", "centerx", "cx", "keyx", "keycentrex", "keycenterx"]),
        ("y", ["y", "centrey", "centery", "cy", "keyy", "keycentrey", "keycentery"]),
        ("width", ["width", "w", "keywidth"]),
        ("height", ["height", "h", "keyheight"]),
    ]

    /// Reads a keyboard layout file: a table (comma-, semicolon- or tab-separated) with a
    /// header and one row per key, `key,x,y` and optionally `width,height`, the centre in
    /// the logs' screen units; or JSON, an array of `{"key": "q", "x": 18, "y": 540}`
    /// objects, alone or as the `keys` member of an object.
    /// - Throws: ``ThumbLabError/fileNotFound(path:)``, or
    ///   ``ThumbLabError/invalidInput(problems:total:)`` naming the line and column of every
    ///   problem: a missing column, a value that is not a number, a key named twice.
    public init(contentsOf path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ThumbLabError.fileNotFound(path: path)
        }
        try self.init(bytes: Array(data), file: path)
    }

    /// Reads a layout from the bytes of the file named `file`.
    public init(bytes: [UInt8], file: String) throws {
        let first = bytes.first { ![UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        var rows: [(line: Int, column: (String) -> Int, values: [String: String])] = []
        var problems: [InputProblem] = []
        if first == UInt8(ascii: "[") || first == UInt8(ascii: "{") {
            try Self.readJSON(bytes, file: file, rows: &rows, problems: &problems)
        } else {
            try Self.readTable(bytes, file: file, rows: &rows, problems: &problems)
        }
        var keys: [Key] = []
        var seen: [String: Int] = [:]
        for row in rows {
            func problem(_ part: String, _ message: String) {
                problems.append(InputProblem(file: file, line: row.line, column: row.column(part), message: message))
            }
            guard let name = row.values["key"], !name.isEmpty else {
                problem("key", "expected the key's name (a character, Space or Backspace), found nothing")
                continue
            }
            let before = problems.count
            var numbers: [String: Double] = [:]
            for part in ["x", "y", "width", "height"] {
                guard let text = row.values[part], !text.isEmpty else { continue }
                if let number = Double(text), number.isFinite {
                    numbers[part] = number
                } else {
                    problem(part, "expected a number for the \(part) of key '\(name)', found '\(text)'")
                }
            }
            for part in ["width", "height"] where (numbers[part] ?? 1) <= 0 {
                problem(part, "the \(part) of key '\(name)' must be above 0")
            }
            guard problems.count == before else { continue }
            guard let x = numbers["x"], let y = numbers["y"] else {
                if row.values["x"].map(\.isEmpty) ?? true || row.values["y"].map(\.isEmpty) ?? true {
                    problem("key", "key '\(name)' has no centre; give its x and y")
                }
                continue
            }
            let folded = Self.folded(name)
            if let earlier = seen[folded] {
                problem("key", "key '\(name)' is given twice (line \(earlier) and line \(row.line)); keep one row per key")
                continue
            }
            seen[folded] = row.line
            keys.append(Key(name: name, x: x, y: y, width: numbers["width"], height: numbers["height"]))
        }
        if problems.isEmpty, keys.isEmpty {
            problems.append(InputProblem(file: file, line: 1, column: 1, message: "the layout names no key; give one row per key"))
        }
        if !problems.isEmpty { throw ThumbLabError.invalidInput(problems: problems, total: problems.count) }
        self.init(keys: keys)
    }

    private static func part(ofColumn name: String) -> String? {
        let normalized = ImportField.normalize(name)
        return columnNames.first { $0.names.contains(normalized) }?.part
    }

    private static func readTable(
        _ bytes: [UInt8], file: String, rows: inout [(line: Int, column: (String) -> Int, values: [String: String])],
        problems: inout [InputProblem]
    ) throws {
        let records = try CSVReader.records(in: bytes, delimiter: nil)
        guard let header = records.first else { return }
        var columns: [String: Int] = [:]
        for (index, name) in header.fields.enumerated() {
            if let part = part(ofColumn: name), columns[part] == nil { columns[part] = index }
        }
        for part in ["key", "x", "y"] where columns[part] == nil {
            problems.append(
                InputProblem(
                    file: file, line: header.line, column: 1,
                    message: "the layout's header has no \(part) column; name the columns key, x, y (the key's centre)"
                        + " and optionally width, height; found \(header.fields.joined(separator: ", "))"))
        }
        guard problems.isEmpty else { return }
        for record in records.dropFirst() {
            if let problem = record.problem {
                problems.append(
                    InputProblem(file: file, line: problem.line, column: problem.column, message: problem.message))
                continue
            }
            var values: [String: String] = [:]
            for (part, index) in columns where index < record.fields.count { values[part] = record.fields[index] }
            let known = columns
            rows.append((record.line, { (known[$0] ?? 0) + 1 }, values))
        }
    }

    private static func readJSON(
        _ bytes: [UInt8], file: String, rows: inout [(line: Int, column: (String) -> Int, values: [String: String])],
        problems: inout [InputProblem]
    ) throws {
        let root = try JSONDocument(bytes: bytes, file: file).root
        guard case .array(let items) = (root["keys"] ?? root).value else {
            problems.append(
                InputProblem(
                    file: file, line: root.line, column: root.column,
                    message: "expected an array of {\"key\", \"x\", \"y\"} objects, alone or as \"keys\", found "
                        + root.kindName))
            return
        }
        for item in items {
            guard case .object(let members) = item.value else {
                problems.append(
                    InputProblem(
                        file: file, line: item.line, column: item.column,
                        message: "expected a {\"key\", \"x\", \"y\"} object, found \(item.kindName)"))
                continue
            }
            var values: [String: String] = [:]
            var places: [String: (Int, Int)] = [:]
            for (name, node) in members {
                guard let part = part(ofColumn: name), values[part] == nil else { continue }
                switch node.value {
                case .string(let text): values[part] = text
                case .number(let number): values[part] = number == number.rounded() && abs(number) < 1e15 ? "\(Int(number))" : "\(number)"
                default: values[part] = node.kindName
                }
                places[part] = (node.line, node.column)
            }
            let line = item.line
            let column = item.column
            rows.append((line, { places[$0]?.1 ?? column }, values))
        }
    }
}
