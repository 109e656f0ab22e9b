/// The format a log file is read in. A file's extension names it (`.csv`, `.tsv`,
/// `.json`, `.jsonl`, `.ndjson`); a file whose name does not (`.txt`, `.log`, `.dat`, none)
/// is read by its content, and ``ImportOptions/input`` overrides both.
public enum InputFormat: String, CaseIterable, Sendable {
    /// Delimited text, the delimiter (comma, semicolon or tab) detected from the header.
    case csv
    /// Delimited text whose delimiter is the tab.
    case tsv
    /// A JSON array of objects.
    case json
    /// JSON Lines: one object a line.
    case jsonl

    /// The format an extension names; nil for one that names none.
    static func named(byPath path: String) -> InputFormat? {
        let lowered = path.lowercased()
        if lowered.hasSuffix(".csv") { return .csv }
        if lowered.hasSuffix(".tsv") || lowered.hasSuffix(".tab") { return .tsv }
        if lowered.hasSuffix(".json") { return .json }
        if lowered.hasSuffix(".jsonl") || lowered.hasSuffix(".ndjson") { return .jsonl }
        return nil
    }

    /// The format the first bytes of a file show: JSON Lines when its first character
    /// (after a byte order mark and white space) is `{`, a JSON array when it is `[` and
    /// the next one is `{` or `]`, delimited text otherwise (`[#]` opens a comment line).
    static func told(byHead head: [UInt8]) -> InputFormat {
        let space: Set<UInt8> = [0x20, 0x0A, 0x0D, 0x09]
        var rest = head[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        rest = rest.drop { space.contains($0) }
        guard let first = rest.first else { return .csv }
        if first == UInt8(ascii: "{") { return .jsonl }
        guard first == UInt8(ascii: "[") else { return .csv }
        let next = rest.dropFirst().drop { space.contains($0) }.first
        return next == UInt8(ascii: "{") || next == UInt8(ascii: "]") ? .json : .csv
    }
}
