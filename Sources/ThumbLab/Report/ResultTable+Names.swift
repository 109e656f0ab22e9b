/// Display names in tables: the header and cells of a column that holds a factor's levels,
/// a model's terms or a term's levels, as readers see them (``DisplayNames``). CSV and JSON
/// keep the raw names.
extension ResultTable {
    /// Shows each column named after one of `factors` by the factor's display name and its
    /// cells by the levels' display names.
    mutating func showFactors(_ factors: [String], names: DisplayNames) {
        for factor in factors {
            guard let column = columns.firstIndex(of: factor) else { continue }
            shownHeaders[column] = names.factor(factor)
            showCells(in: column) { names.level($0, of: factor) }
        }
    }

    /// Shows the cells of `column` as levels of `factor`.
    mutating func showLevels(in column: String, of factor: String, names: DisplayNames) {
        guard let index = columns.firstIndex(of: column) else { return }
        showCells(in: index) { names.level($0, of: factor) }
    }

    /// Shows the cells of `column`, terms such as `technique:target_size_mm`, by their
    /// display names ("technique × target size (mm)").
    mutating func showTerms(in column: String, names: DisplayNames) {
        guard let index = columns.firstIndex(of: column) else { return }
        showCells(in: index) { names.term($0) }
    }

    /// Shows the cells of `column` as levels of the term the row holds in `termColumn`
    /// (`Direct,3.6` of `technique:target_size_mm`).
    mutating func showLevels(in column: String, ofTermIn termColumn: String, names: DisplayNames) {
        guard let index = columns.firstIndex(of: column), let termIndex = columns.firstIndex(of: termColumn) else {
            return
        }
        for row in rows where index < row.count && termIndex < row.count {
            let text = row[index].plainText
            let shown = names.levels(text, of: row[termIndex].plainText)
            if shown != text { shownCells[index, default: [:]][text] = shown }
        }
    }

    /// Shows the cells of `column`, factor settings such as `target_size_mm=3.6 mobility=walking`,
    /// as "target size (mm) = 3.6, mobility = walking".
    mutating func showSettings(in column: String, names: DisplayNames) {
        guard let index = columns.firstIndex(of: column) else { return }
        showCells(in: index) { text in
            text.split(separator: " ").map { setting in
                guard let equals = setting.firstIndex(of: "=") else { return String(setting) }
                let factor = String(setting[..<equals])
                let level = String(setting[setting.index(after: equals)...])
                return "\(names.factor(factor)) = \(names.level(level, of: factor))"
            }
            .joined(separator: ", ")
        }
    }

    private mutating func showCells(in column: Int, _ display: (String) -> String) {
        for row in rows where column < row.count {
            let text = row[column].plainText
            let shown = display(text)
            if shown != text { shownCells[column, default: [:]][text] = shown }
        }
    }
}
