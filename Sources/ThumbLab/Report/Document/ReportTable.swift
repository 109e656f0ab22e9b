import Foundation
import ThumbLabStats

/// A table of the report: its data (a ``ResultTable``, which the CSV files keep whole), the
/// file its CSV is written to, a title, and how people read each column: a label in words,
/// a unit, a precision and an alignment, with optional groups of columns under a shared
/// label and a note under the table.
public struct ReportTable: Sendable, Equatable {
    /// The stem of the table's CSV file, such as `time-tests`.
    public var file: String
    /// The caption, after the table's number.
    public var title: String
    /// The rows, with the raw column names that CSV and JSON keep.
    public var data: ResultTable
    /// How people read each column of ``data``, in the same order.
    public var columns: [ReportColumn]
    /// Labels spanning neighbouring columns, printed above their own labels.
    public var groups: [ColumnGroup]
    /// A sentence or two under the table, such as what an abbreviation stands for.
    public var note: String?

    /// A table whose columns read as ``ResultTable/header(_:)`` gives them, numbers as they
    /// are and aligned on the decimal point, unless `columns` says otherwise.
    public init(
        file: String, title: String, data: ResultTable, columns: [ReportColumn]? = nil, groups: [ColumnGroup] = [],
        note: String? = nil
    ) {
        self.file = file
        self.title = title
        self.data = data
        self.columns =
            columns
            ?? data.columns.indices.map {
                ReportColumn(label: data.header($0), alignment: data.isNumeric(column: $0) ? .decimal : .left)
            }
        self.groups = groups
        self.note = note
    }

    /// The cell in `row` and `column` as people read it: a number to the column's
    /// precision (rounded half away from zero), or the value's text or display name.
    public func cell(_ row: Int, _ column: Int) -> String {
        let value = data.rows[row][column]
        guard let precision = columns[column].precision, let number = value.number, number.isFinite else {
            return data.shown(value, column: column)
        }
        let scale = Foundation.pow(10, Double(precision))
        return APA.value((number * scale).rounded() / scale, digits: precision)
    }

    /// The table of only the columns at `indices`, in that order, with the groups that lie
    /// wholly among them.
    public func selecting(columns indices: [Int]) -> ReportTable {
        var data = ResultTable(columns: indices.map { self.data.columns[$0] })
        data.rows = self.data.rows.map { row in indices.map { $0 < row.count ? row[$0] : .null } }
        for (new, old) in indices.enumerated() {
            data.shownHeaders[new] = self.data.shownHeaders[old]
            data.shownCells[new] = self.data.shownCells[old]
        }
        let kept = groups.compactMap { group -> ColumnGroup? in
            let positions = group.columns.compactMap { indices.firstIndex(of: $0) }
            guard positions.count == group.columns.count, let first = positions.min(), let last = positions.max(),
                last - first + 1 == positions.count
            else { return nil }
            return ColumnGroup(label: group.label, columns: first..<(last + 1))
        }
        return ReportTable(
            file: file, title: title, data: data, columns: indices.map { columns[$0] }, groups: kept, note: note)
    }

    /// The row of group labels over the columns, left to right: each group with its columns,
    /// and the columns between groups under an empty label. Empty when there are no groups.
    var groupSpans: [(label: String, columns: Range<Int>)] {
        var spans: [(String, Range<Int>)] = []
        var next = 0
        for group in groups.sorted(by: { $0.columns.lowerBound < $1.columns.lowerBound }) {
            if next < group.columns.lowerBound { spans.append(("", next..<group.columns.lowerBound)) }
            spans.append((group.label, group.columns))
            next = group.columns.upperBound
        }
        if !spans.isEmpty, next < columns.count { spans.append(("", next..<columns.count)) }
        return spans
    }
}

/// How people read one column of a ``ReportTable``.
public struct ReportColumn: Sendable, Equatable {
    /// The column's name in words, such as `Time`.
    public var label: String
    /// The unit its values are in, such as `ms`; printed after the label in parentheses.
    public var unit: String?
    /// Decimal places a number is printed with; `nil` prints it as it is.
    public var precision: Int?
    /// Where the column's values sit.
    public var alignment: ColumnAlignment
    /// The statistic whose values the column holds, such as `F` or `η²G`: HTML and LaTeX set
    /// it in italics with its marks as the header, where plain text shows ``label``.
    public var symbol: APAStatistic.Symbol?

    /// Creates a column's reading.
    public init(
        label: String, unit: String? = nil, precision: Int? = nil, alignment: ColumnAlignment = .left,
        symbol: APAStatistic.Symbol? = nil
    ) {
        self.label = label
        self.unit = unit
        self.precision = precision
        self.alignment = alignment
        self.symbol = symbol
    }

    /// The header people read: `Time (ms)`.
    public var header: String { unit.map { "\(label) (\($0))" } ?? label }
}

/// Where a column's values sit.
public enum ColumnAlignment: Sendable, Equatable {
    /// Text, flush left.
    case left
    /// Flush right.
    case right
    /// Numbers, their decimal points under one another.
    case decimal

    /// Whether the values are flush right or on the decimal point.
    var isNumeric: Bool { self != .left }
}

/// A label over neighbouring columns, such as `95% CI` over `Low` and `High`.
public struct ColumnGroup: Sendable, Equatable {
    /// The shared label.
    public var label: String
    /// The columns under it, by index.
    public var columns: Range<Int>

    /// Creates a group of the columns `columns`.
    public init(label: String, columns: Range<Int>) {
        self.label = label
        self.columns = columns
    }
}
