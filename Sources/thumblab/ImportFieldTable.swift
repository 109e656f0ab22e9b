import ThumbLab

/// The fields an import reads for each kind of rows, with their database columns, values
/// and aliases: the reference `thumblab help import` prints and the Importing article holds,
/// generated from ``ImportField`` so that the two cannot drift from the importer.
enum ImportFieldTable {
    /// What the tables assume, in one sentence.
    static let matchingNote =
        "Column names match ignoring case, '_', '-' and spaces; --map takes a field's name, its database column or an alias."

    /// One row per field of `kind`: `field`, `database_column` (`table.column`, where the
    /// `*_long` views name the participant's label `participant`), `value`
    /// (what a value is: its unit for a measure) and `aliases` (normalised; the fallback
    /// aliases, which match only without a column of the others, follow in brackets).
    static func table(for kind: RowKind) -> ResultTable {
        ResultTable(
            columns: ["field", "database_column", "value", "aliases"],
            rows: ImportField.fields(for: kind).map { field in
                [
                    .string(field.rawValue), .string(storagePlace(of: field, in: kind)),
                    .string(valueDescription(field)), .string(aliasList(field, kind: kind)),
                ]
            })
    }

    /// For each kind a line `**trials**` and its table, in Markdown.
    static func markdown() -> String {
        RowKind.fileKinds.map { "**\($0.rawValue)**\n\n" + table(for: $0).rendered(as: .md) }
            .joined(separator: "\n")
    }

    /// The tables as plain text for help, no line longer than `width` characters.
    static func text(width: Int = 80) -> String {
        let nameColumn = 21
        var lines = wrap(matchingNote, indent: 2, width: width)
        for kind in RowKind.fileKinds {
            lines.append("")
            lines.append("  \(kind.rawValue):")
            for field in ImportField.fields(for: kind) {
                let column = storagePlace(of: field, in: kind)
                let text = "\(valueDescription(field)); \(column); aliases: \(aliasList(field, kind: kind))"
                var wrapped = wrap(text, indent: nameColumn, width: width)
                let label = "    \(field.rawValue)"
                if label.count < nameColumn - 1 {
                    wrapped[0] =
                        label + String(repeating: " ", count: nameColumn - label.count)
                        + wrapped[0].dropFirst(nameColumn)
                } else {
                    wrapped.insert(label, at: 0)
                }
                lines += wrapped
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `table.column` of the study database where a field of `kind` ends up: participants
    /// are labels of the participant table; a touch log's target and start geometry goes to
    /// the trials derived from it; a tap's role decides only whether it belongs to a trial.
    private static func storagePlace(of field: ImportField, in kind: RowKind) -> String {
        if field == .participant { return "participant.label" }
        if field == .role { return "touch.trial_id (NULL for a start tap)" }
        if field == .onset { return "trial.time_ms (where the onset timing model starts it)" }
        if field == .timeS { return "trial.time_ms (× 1000)" }
        if kind == .phrases, [.presented, .transcribed, .inputStream].contains(field) {
            return "phrase.\(field.databaseColumn)"
        }
        let table =
            switch kind {
            case .trials, .phrases: "trial"
            case .responses: "response"
            case .participants, .factors: "participant"
            case .touches:
                [.targetX, .targetY, .targetWidth, .targetHeight, .startX, .startY].contains(field) ? "trial" : "touch"
            }
        return "\(table).\(field.databaseColumn)"
    }

    /// What a value of the field is, with the flag that gives a length another unit than px.
    private static func valueDescription(_ field: ImportField) -> String {
        field.isLength ? "px, or --units" : field.valueDescription
    }

    private static func aliasList(_ field: ImportField, kind: RowKind) -> String {
        let aliases = field.aliases(for: kind).joined(separator: ", ")
        let fallback = field.fallbackAliases
        return fallback.isEmpty ? aliases : "\(aliases) (\(fallback.joined(separator: ", ")))"
    }

    /// `text` in lines of at most `width` characters, each indented by `indent` spaces.
    private static func wrap(_ text: String, indent: Int, width: Int) -> [String] {
        let margin = String(repeating: " ", count: indent)
        var lines: [String] = []
        var line = margin
        for word in text.split(separator: " ") {
            if line.count > indent, line.count + 1 + word.count > width {
                lines.append(line)
                line = margin
            }
            line += (line.count > indent ? " " : "") + word
        }
        lines.append(line)
        return lines
    }
}
