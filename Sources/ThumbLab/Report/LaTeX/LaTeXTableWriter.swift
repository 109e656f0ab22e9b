/// A ``ReportTable`` in booktabs style: a rule above, below the header and at the bottom,
/// no vertical rules, text columns left, right-aligned columns right, and decimal columns
/// aligned on their point (each split into an integer and a fraction column, the header
/// across both), with nothing beyond the booktabs package. Column groups get a header row
/// of their own, each group's label over a `\cmidrule`.
struct LaTeXTableWriter {
    /// The column specification, such as `@{}l r@{}l@{}`.
    var specification: String
    /// The header rows, each ending with `\\`; the group row and its rules come first.
    var header: [String]
    /// The body rows, each ending with `\\`.
    var rows: [String]
    /// The note under the table, as LaTeX text; `nil` without one.
    var note: String?

    /// The parts of `table`'s LaTeX.
    init(_ table: ReportTable) {
        let alignments = table.columns.map(\.alignment)
        specification =
            "@{}"
            + alignments.map {
                switch $0 {
                case .left: "l"
                case .right: "r"
                case .decimal: "r@{}l"
                }
            }.joined(separator: " ") + "@{}"
        // A decimal column takes two LaTeX columns: where each table column starts.
        var starts: [Int] = []
        var next = 1
        for alignment in alignments {
            starts.append(next)
            next += alignment == .decimal ? 2 : 1
        }
        func width(_ columns: Range<Int>) -> Int {
            columns.map { alignments[$0] == .decimal ? 2 : 1 }.reduce(0, +)
        }
        var header: [String] = []
        let groups = table.groupSpans
        if !groups.isEmpty {
            let cells = groups.map { group in
                group.label.isEmpty
                    ? Array(repeating: "", count: width(group.columns)).joined(separator: " & ")
                    : "\\multicolumn{\(width(group.columns))}{c}{\(LaTeXText.escaped(group.label))}"
            }
            let rules = groups.filter { !$0.label.isEmpty }.map { group in
                let first = starts[group.columns.lowerBound]
                return "\\cmidrule(lr){\(first)-\(first + width(group.columns) - 1)}"
            }
            header.append(cells.joined(separator: " & ") + " \\\\" + (rules.isEmpty ? "" : " " + rules.joined()))
        }
        let labels = table.columns.enumerated().map { index, column in
            let label = LaTeXText.escaped(column.header)
            return alignments[index] == .decimal ? "\\multicolumn{2}{c}{\(label)}" : label
        }
        header.append(labels.joined(separator: " & ") + " \\\\")
        self.header = header
        rows = table.data.rows.indices.map { row in
            let cells = alignments.enumerated().map { column, alignment -> String in
                let text = table.cell(row, column)
                guard alignment == .decimal else { return LaTeXText.escaped(text) }
                guard let point = text.firstIndex(of: ".") else { return LaTeXText.escaped(text) + " & " }
                return LaTeXText.escaped(String(text[..<point])) + " & " + LaTeXText.escaped(String(text[point...]))
            }
            return cells.joined(separator: " & ") + " \\\\"
        }
        note = table.note.map(LaTeXText.escaped)
    }

    /// The note as a paragraph in small type, or nothing.
    var noteParagraph: String {
        note.map { "\\par\\smallskip{\\footnotesize\\textit{Note.} \($0)\\par}\n" } ?? ""
    }

    /// The `tabular` environment and its note, ending with a newline.
    var tabular: String {
        "\\begin{tabular}{\(specification)}\n\\toprule\n" + header.joined(separator: "\n")
            + "\n\\midrule\n" + rows.map { $0 + "\n" }.joined() + "\\bottomrule\n\\end{tabular}\n" + noteParagraph
    }

    /// The `tabular` of `table`, ending with a newline.
    static func tabular(_ table: ReportTable) -> String { LaTeXTableWriter(table).tabular }
}
