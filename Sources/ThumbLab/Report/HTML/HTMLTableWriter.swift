extension HTMLWriter {
    /// A ``ResultTable`` as `<table>` with its `<caption>`, column headers with
    /// `scope="col"`, and numeric columns (numbers and empty cells only) aligned right.
    /// The class `sortable` lets the page's optional script sort it.
    public mutating func table(_ table: ResultTable, caption: String, id: String, className: String? = nil) {
        open("div", [("class", "table-wrap")])
        open("table", [("id", id), ("class", (["sortable"] + [className].compactMap { $0 }).joined(separator: " "))])
        element("caption", [], caption)
        let numeric = table.columns.indices.map { column in
            var sawNumber = false
            for row in table.rows where column < row.count {
                switch row[column] {
                case .int, .number: sawNumber = true
                case .null: continue
                default: return false
                }
            }
            return sawNumber
        }
        open("thead")
        open("tr")
        for column in table.columns.indices {
            element("th", [("scope", "col"), ("class", numeric[column] ? "number" : nil)], table.header(column))
        }
        close()
        close()
        open("tbody")
        for row in table.rows {
            open("tr")
            for (column, value) in row.enumerated() {
                let isNumber = column < numeric.count && numeric[column]
                element("td", [("class", isNumber ? "number" : nil)], table.shown(value, column: column))
            }
            close()
        }
        close()
        close()
        close()
    }
}
