/// A ``ResultTable`` as a booktabs `tabular`: a rule above, below the header and at the
/// bottom, no vertical rules, text columns left, and numeric columns aligned on their
/// decimal point (each split into an integer and a fraction column, the header across
/// both), with nothing beyond the booktabs package.
enum LaTeXTableWriter {
    /// The `tabular` environment, ending with a newline.
    static func tabular(_ table: ResultTable) -> String {
        let numeric = table.columns.indices.map { table.isNumeric(column: $0) }
        let specification = numeric.map { $0 ? "r@{}l" : "l" }.joined(separator: " ")
        var out = "\\begin{tabular}{@{}\(specification)@{}}\n\\toprule\n"
        let header = table.columns.indices.map { index in
            let name = table.header(index)
            return numeric[index] ? "\\multicolumn{2}{c}{\(LaTeXText.escaped(name))}" : LaTeXText.escaped(name)
        }
        out += header.joined(separator: " & ") + " \\\\\n\\midrule\n"
        for row in table.rows {
            let cells = row.enumerated().map { index, value -> String in
                guard numeric[index] else { return LaTeXText.escaped(table.shown(value, column: index)) }
                let text = value.plainText
                guard let point = text.firstIndex(of: ".") else { return LaTeXText.escaped(text) + " & " }
                return LaTeXText.escaped(String(text[..<point])) + " & " + LaTeXText.escaped(String(text[point...]))
            }
            out += cells.joined(separator: " & ") + " \\\\\n"
        }
        return out + "\\bottomrule\n\\end{tabular}\n"
    }
}
