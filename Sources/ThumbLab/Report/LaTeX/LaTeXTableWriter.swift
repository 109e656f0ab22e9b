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
    /// The printed width the table needs at ``floatSize``, estimated from its text in DejaVu
    /// Sans, which sets wider than the serif fonts of a paper: a table estimated to fit fits.
    var estimatedWidth: Double

    /// The type size of a table set as a float for a paper: `\small` in acmart is 8 pt.
    static let floatSize = 8.5
    /// The space TeX puts on each side of a column (`\tabcolsep`), in points.
    static let columnSeparation = 6.0

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
            let label = column.symbol.map(ProseMarkup.latex) ?? LaTeXText.escaped(column.header)
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
        estimatedWidth =
            Self.columnWidths(table, size: Self.floatSize, separation: Self.columnSeparation).reduce(0, +)
            - 2 * Self.columnSeparation
    }

    /// Each column's printed width in `size`-point type with `separation` on each side,
    /// estimated from its widest text in DejaVu Sans. A decimal column is as wide as its
    /// widest integer part and its widest fraction together, which may come from two rows.
    static func columnWidths(_ table: ReportTable, size: Double, separation: Double) -> [Double] {
        func width(_ text: some StringProtocol) -> Double {
            DejaVuSansMetrics.width(String(text), size: size, bold: false)
        }
        return table.columns.indices.map { column in
            let cells = table.data.rows.indices.map { table.cell($0, column) }
            var widest = width(table.columns[column].header)
            if table.columns[column].alignment == .decimal {
                let integers = cells.map { $0.prefix { $0 != "." } }
                let fractions = cells.map { $0.drop { $0 != "." } }
                widest = max(widest, (integers.map(width).max() ?? 0) + (fractions.map(width).max() ?? 0))
            } else {
                widest = max(widest, cells.map(width).max() ?? 0)
            }
            return widest + 2 * separation
        }
    }

    /// The columns of `table` in parts that each fit `width`: every part repeats the
    /// leading text columns that name a row (at most half the width), then takes as many
    /// of the others as fit. One part when the whole table fits.
    static func parts(_ table: ReportTable, width: Double, size: Double, separation: Double) -> [[Int]] {
        let widths = columnWidths(table, size: size, separation: separation)
        guard widths.reduce(0, +) - 2 * separation > width else { return [Array(table.columns.indices)] }
        var keys: [Int] = []
        var keyWidth = 0.0
        for (index, column) in table.columns.enumerated() where column.alignment == .left {
            guard index == keys.count, keyWidth + widths[index] <= width / 2 else { break }
            keys.append(index)
            keyWidth += widths[index]
        }
        var parts: [[Int]] = []
        var current: [Int] = []
        var used = keyWidth
        for index in table.columns.indices where !keys.contains(index) {
            if !current.isEmpty, used + widths[index] - 2 * separation > width {
                parts.append(keys + current)
                current = []
                used = keyWidth
            }
            current.append(index)
            used += widths[index]
        }
        if !current.isEmpty { parts.append(keys + current) }
        return parts
    }

    /// The table as a float for a paper, captioned and labelled `tab:NUMBER`: a `table` in
    /// one column when it fits one (241 pt, ``FigureSize/column``), a `table*` across the
    /// page otherwise, in `\small` type.
    func float(title: String, number: Int) -> String {
        let environment = estimatedWidth <= FigureSize.column.points ? "table" : "table*"
        return "\\begin{\(environment)}\n\\small\n\\caption{\(LaTeXText.escaped(title))}\n\\label{tab:\(number)}\n"
            + tabular + "\\end{\(environment)}\n"
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
