extension HTMLWriter {
    /// A ``ReportTable`` as `<table>` with its `<caption>`, column headers with
    /// `scope="col"` under a row of column groups when it has any, numeric columns aligned
    /// right, and its note in a `<tfoot>`. The class `sortable` lets the page's optional
    /// script sort it.
    mutating func table(_ table: ReportTable, caption: String, id: String, className: String? = nil) {
        open("div", [("class", "table-wrap")])
        open("table", [("id", id), ("class", (["sortable"] + [className].compactMap { $0 }).joined(separator: " "))])
        element("caption", [], caption)
        let numeric = table.columns.map(\.alignment.isNumeric)
        open("thead")
        let groups = table.groupSpans
        if !groups.isEmpty {
            open("tr")
            for group in groups {
                let span = group.columns.count > 1 ? String(group.columns.count) : nil
                element("th", [("scope", group.label.isEmpty ? nil : "colgroup"), ("colspan", span)], group.label)
            }
            close()
        }
        open("tr")
        for (column, reading) in table.columns.enumerated() {
            let attributes: [(String, String?)] = [("scope", "col"), ("class", numeric[column] ? "number" : nil)]
            if let symbol = reading.symbol {
                open("th", attributes)
                raw(ProseMarkup.html(symbol))
                close()
            } else {
                element("th", attributes, reading.header)
            }
        }
        close()
        close()
        open("tbody")
        for row in table.data.rows.indices {
            open("tr")
            for column in table.data.rows[row].indices {
                let isNumber = column < numeric.count && numeric[column]
                element("td", [("class", isNumber ? "number" : nil)], table.cell(row, column))
            }
            close()
        }
        close()
        if let note = table.note {
            open("tfoot")
            open("tr")
            element("td", [("colspan", String(table.columns.count))], "Note. " + note)
            close()
            close()
        }
        close()
        close()
    }
}
