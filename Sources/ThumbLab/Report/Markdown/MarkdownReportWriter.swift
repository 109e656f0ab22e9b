/// The study report's sections as GitHub-flavoured Markdown: each section a `##` heading,
/// sub-headings and numbered table titles `###`, statistics as plain text, tables as pipe
/// tables. Markdown has no pictures of its own, so figures are left out.
enum MarkdownReportWriter {
    /// The document: its title, the selection, then every section.
    static func document(title: String, selection: String, sections: [ReportSection]) -> String {
        var out = "# \(title)\n\nSelection: \(selection).\n\n"
        let tables = sections.tableNumbers
        var number = 0
        for section in sections {
            out += "## \(section.title)\n\n"
            for block in section.blocks {
                if case .table = block { number += 1 }
                out += self.block(block, number: number, tables: tables)
            }
        }
        return out
    }

    /// One block, ending with the blank line that separates it from the next; a table is
    /// titled with its `number`, and references to tables read as `tables` numbers them.
    static func block(_ block: ReportBlock, number: Int = 0, tables: [String: Int] = [:]) -> String {
        switch block {
        case .heading(let text): return "### \(text)\n\n"
        case .paragraph(let paragraph):
            return paragraph.plainText.isEmpty ? "" : ProseMarkup.markdown(paragraph, tables: tables) + "\n\n"
        case .list(let items): return items.isEmpty ? "" : items.map { "- \($0)\n" }.joined() + "\n"
        case .table(let table):
            let title = number > 0 ? "Table \(number). \(table.title)" : table.title
            return "### \(title)\n\n" + self.table(table) + "\n" + (table.note.map { "Note. \($0)\n\n" } ?? "")
        case .figure: return ""
        }
    }

    /// A pipe table, ending with a newline: numeric columns aligned right, a grouped
    /// column's header prefixed with its group's label (pipe tables have one header row).
    static func table(_ table: ReportTable) -> String {
        func escape(_ text: String) -> String {
            text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
        }
        let headers = table.columns.enumerated().map { index, column in
            let group = table.groups.first { $0.columns.contains(index) }
            return escape(group.map { "\($0.label): \(column.header)" } ?? column.header)
        }
        let header = "| " + headers.joined(separator: " | ") + " |"
        let rule = "|" + table.columns.map { $0.alignment.isNumeric ? " ---: |" : " --- |" }.joined()
        let body = table.data.rows.indices.map { row in
            "| " + table.data.rows[row].indices.map { escape(table.cell(row, $0)) }.joined(separator: " | ") + " |"
        }
        return ([header, rule] + body).joined(separator: "\n") + "\n"
    }
}
