import Foundation

/// The formats a result can be printed in.
public enum OutputFormat: String, CaseIterable, Sendable {
    /// Aligned columns for people.
    case text
    /// A GitHub-flavoured Markdown table.
    case md
    /// RFC 4180 CSV with a header row.
    case csv
    /// An array of objects, one per row, keys in column order.
    case json
}

/// A rectangular result: named columns and rows of JSON values, printable as text,
/// Markdown, CSV or JSON with the same content in each. Text and Markdown (and the HTML
/// and LaTeX reports) show factors and levels by their display names
/// (``header(_:)``, ``shown(_:column:)``); CSV
/// and JSON keep the raw names.
public struct ResultTable: Equatable, Sendable {
    /// The column names, in order; the CSV header row and the JSON keys.
    public var columns: [String]
    /// The rows, each with one value per column.
    public var rows: [[JSONValue]]
    /// What people read instead of a column's name, by column index: a factor's display name.
    public var shownHeaders: [Int: String] = [:]
    /// What people read instead of a cell's text, by column index, then the cell's text:
    /// a level's or a term's display name.
    public var shownCells: [Int: [String: String]] = [:]

    /// Creates a table from its column names and rows.
    public init(columns: [String], rows: [[JSONValue]] = []) {
        self.columns = columns
        self.rows = rows
    }

    /// The table in `format`, ending with a newline.
    public func rendered(as format: OutputFormat) -> String {
        switch format {
        case .text: text()
        case .md: markdown()
        case .csv: csv()
        case .json: json().rendered() + "\n"
        }
    }

    /// The header of `column` as people read it.
    public func header(_ column: Int) -> String { shownHeaders[column] ?? columns[column] }

    /// The cell `value` of `column` as people read it: its text, or the display name of
    /// the level or term it holds.
    public func shown(_ value: JSONValue, column: Int) -> String {
        let text = value.plainText
        return shownCells[column]?[text] ?? text
    }

    /// The rows as a JSON array of objects.
    public func json() -> JSONValue {
        .array(rows.map { row in .object(Array(zip(columns, row))) })
    }

    /// A column is numeric (aligned right) when it holds numbers and nothing but
    /// numbers and nulls.
    func isNumeric(column: Int) -> Bool {
        var sawNumber = false
        for row in rows where column < row.count {
            switch row[column] {
            case .int, .number: sawNumber = true
            case .null: continue
            default: return false
            }
        }
        return sawNumber
    }

    private func text() -> String {
        let cells = rows.map { $0.enumerated().map { shown($1, column: $0) } }
        let headers = columns.indices.map(header)
        let widths = columns.indices.map { column in
            cells.reduce(headers[column].displayWidth) { max($0, $1[column].displayWidth) }
        }
        let numeric = columns.indices.map { isNumeric(column: $0) }
        func line(_ values: [String]) -> String {
            let padded = values.enumerated().map { column, value in
                let fill = String(repeating: " ", count: widths[column] - value.displayWidth)
                return numeric[column] ? fill + value : value + fill
            }
            return String(padded.joined(separator: "  ").reversed().drop { $0 == " " }.reversed())
        }
        let rule = widths.map { String(repeating: "-", count: $0) }
        return ([line(headers), line(rule)] + cells.map(line)).joined(separator: "\n") + "\n"
    }

    private func markdown() -> String {
        MarkdownReportWriter.table(ReportTable(file: "", title: "", data: self))
    }

    private func csv() -> String {
        func field(_ text: String) -> String {
            guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
                return text
            }
            return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        let lines = [columns.map(field)] + rows.map { $0.map { field($0.plainText) } }
        return lines.map { $0.joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
    }
}
