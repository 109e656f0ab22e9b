/// A difference map as one row per cell (CSV, JSON) and as a grid for people, where `*`
/// marks the cells that differ.
public enum HeatmapDifferenceTables {
    /// The cell columns: position and frame as in a heatmap, then the comparison.
    static let columns = [
        "col", "row", "x0", "y0", "x1", "y1", "n_a", "n_b", "value_a", "value_b", "difference", "ci_low", "ci_high",
        "pairs", "statistic", "df", "p", "p_adjusted", "differs",
    ]

    /// One row per cell (`col`, `row`, frame, both values, difference with its CI, test, `differs`).
    /// - Parameters:
    ///   - report: The difference map.
    ///   - decimals: Decimal places for people; `nil` keeps full precision for files other tools read.
    public static func cellTable(_ report: HeatmapDifferenceReport, decimals: Int? = nil) -> ResultTable {
        let rows = report.cells.map { cell -> [JSONValue] in
            let frame: [Double?] = [cell.frame.x0, cell.frame.y0, cell.frame.x1, cell.frame.y1]
            let figures: [Double?] = [cell.valueA, cell.valueB, cell.difference, cell.ciLow, cell.ciHigh]
            let test: [Double?] = [cell.statistic, cell.df]
            return [.int(cell.column), .int(cell.row)] + frame.map { TitledTables.number($0, decimals) }
                + [.int(cell.trialsA), .int(cell.trialsB)] + figures.map { TitledTables.number($0, decimals) }
                + [.int(cell.pairs)] + test.map { TitledTables.number($0, decimals) }
                + [
                    TitledTables.pValue(cell.p, decimals), TitledTables.pValue(cell.pAdjusted, decimals),
                    .bool(cell.differs),
                ]
        }
        return ResultTable(columns: columns, rows: rows)
    }

    /// `{selection, factor, a, b, measure, device, grid, adjustment, alpha, tested,
    /// differing, methods, cells}`.
    public static func json(_ report: HeatmapDifferenceReport) -> JSONValue {
        let request = report.request
        return .object([
            ("selection", report.selection.json), ("factor", .string(request.factor)), ("a", .string(request.levels.0)),
            ("b", .string(request.levels.1)), ("measure", .string(request.measure.rawValue)),
            ("difference", .string(request.measure == .time ? "ratio" : "difference")),
            ("position", .string(request.position.rawValue)), ("device", HeatmapTables.deviceJSON(report.device)),
            ("grid", .object([("columns", .int(report.grid.columns)), ("rows", .int(report.grid.rows))])),
            ("minimum_trials", .int(request.minimumTrials)), ("adjustment", .string(request.adjustment.rawValue)),
            ("alpha", .number(request.alpha)), ("tested", .int(report.tested)), ("differing", .int(report.differing)),
            ("methods", .string(report.methods)), ("cells", cellTable(report).json()),
        ])
    }

    /// The difference per cell as a grid (`*` after a cell that differs, `.` for a cell
    /// not compared), the tested cells' figures, the methods and the selection.
    public static func tables(_ report: HeatmapDifferenceReport) -> TitledTables {
        let decimals = report.request.measure == .time ? 2 : 3
        let grid = report.grid
        let rows = (0..<grid.rows).map { row -> [JSONValue] in
            [.int(row)]
                + (0..<grid.columns).map { column in
                    let cell = report.cells[row * grid.columns + column]
                    guard cell.isShown, let difference = cell.difference else { return .string(".") }
                    let text = TitledTables.number(difference, decimals).plainText
                    return .string(text + (cell.differs ? "*" : ""))
                }
        }
        let gridTable = ResultTable(columns: ["row"] + (0..<grid.columns).map(String.init), rows: rows)
        var tested = cellTable(report, decimals: 3)
        tested.rows = zip(tested.rows, report.cells).filter { $0.1.p != nil }.map(\.0)
        let title =
            "\(report.differenceName.prefix(1).uppercased() + report.differenceName.dropFirst()) by screen cell"
            + (report.device.map { " on \($0.name)" } ?? "") + " (* differs after adjustment)"
        return TitledTables(
            tables: [(title, gridTable), ("Cells tested", tested)],
            paragraphs: [("Methods", [report.methods]), ("Selection", [report.selection.sentence])])
    }
}
