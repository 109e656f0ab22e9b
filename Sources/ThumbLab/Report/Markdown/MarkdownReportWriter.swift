/// The study report's sections as GitHub-flavoured Markdown: each section a `##` heading,
/// sub-headings and table titles `###`, statistics as plain text, tables as pipe tables.
/// Markdown has no pictures of its own, so figures are left out.
enum MarkdownReportWriter {
    /// The document: its title, the selection, then every section.
    static func document(title: String, selection: String, sections: [ReportSection]) -> String {
        var out = "# \(title)\n\nSelection: \(selection).\n\n"
        for section in sections {
            out += "## \(section.title)\n\n"
            for block in section.blocks { out += self.block(block) }
        }
        return out
    }

    /// One block, ending with the blank line that separates it from the next.
    static func block(_ block: ReportBlock) -> String {
        switch block {
        case .heading(let text): "### \(text)\n\n"
        case .paragraph(let paragraph): paragraph.plainText.isEmpty ? "" : ProseMarkup.markdown(paragraph) + "\n\n"
        case .list(let items): items.isEmpty ? "" : items.map { "- \($0)\n" }.joined() + "\n"
        case .table(let table): "### \(table.title)\n\n" + self.table(table) + "\n" + (table.note.map { "Note. \($0)\n\n" } ?? "")
        case .figure: ""
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
