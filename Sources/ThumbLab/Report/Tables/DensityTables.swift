import Foundation

/// A touch density as tables: the grid (one row per grid point, for files and figures)
/// and a summary per map (bandwidths, n, peak), for people.
public enum DensityTables {
    /// One row per map and grid point: `<factor>...,col,row,x,y,x_mm,y_mm,density`, x and
    /// y the grid point in px (`x_mm`, `y_mm` null without a device).
    public static func grid(_ report: DensityReport, decimals: Int? = nil) -> ResultTable {
        var rows: [[JSONValue]] = []
        rows.reserveCapacity(report.maps.count * report.grid.cellCount)
        for map in report.maps {
            let levels = map.levels.map(JSONValue.string)
            for row in 0..<report.grid.rows {
                let y = report.rowCentres[row]
                for column in 0..<report.grid.columns {
                    let x = report.columnCentres[column]
                    rows.append(
                        levels + [
                            .int(column), .int(row), TitledTables.number(x, decimals), TitledTables.number(y, decimals),
                            TitledTables.number(report.device.map { $0.millimetres(x) }, decimals),
                            TitledTables.number(report.device.map { $0.millimetres(y) }, decimals),
                            .number(map.density[row * report.grid.columns + column]),
                        ])
                }
            }
        }
        var table = ResultTable(
            columns: report.factors + ["col", "row", "x", "y", "x_mm", "y_mm", "density"], rows: rows)
        table.showFactors(report.factors, names: report.names)
        return table
    }

    /// One row per map: touches, participants, bandwidths, the peak (grid point, px and
    /// mm, density) and the share of the density on the grid.
    public static func summary(_ report: DensityReport, decimals: Int? = 3) -> ResultTable {
        let unit = report.unit.rawValue
        let rows = report.maps.map { map -> [JSONValue] in
            let x = report.columnCentres[map.peakColumn]
            let y = report.rowCentres[map.peakRow]
            return map.levels.map(JSONValue.string) + [
                .int(map.n), .int(map.participants), TitledTables.number(map.bandwidthX, decimals),
                TitledTables.number(map.bandwidthY, decimals), .int(map.peakColumn), .int(map.peakRow),
                TitledTables.number(x, decimals), TitledTables.number(y, decimals),
                TitledTables.number(report.device.map { $0.millimetres(x) }, decimals),
                TitledTables.number(report.device.map { $0.millimetres(y) }, decimals),
                significant(map.peakDensity, decimals == nil ? nil : 4), TitledTables.number(map.massOnGrid, decimals),
            ]
        }
        var table = ResultTable(
            columns: report.factors + [
                "touches", "participants", "bandwidth_x_\(unit)", "bandwidth_y_\(unit)", "peak_col", "peak_row",
                "peak_x", "peak_y", "peak_x_mm", "peak_y_mm", "peak_density_per_\(unit)2", "mass_on_grid",
            ], rows: rows)
        table.showFactors(report.factors, names: report.names)
        return table
    }

    /// A number rounded to `digits` significant digits (whole when `digits` is nil): a
    /// density per mm² is a small number.
    static func significant(_ value: Double, _ digits: Int?) -> JSONValue {
        guard let digits, value.isFinite, value != 0 else { return .number(value) }
        let magnitude = Int(Foundation.log10(abs(value)).rounded(.down))
        let scale = Foundation.pow(10, Double(digits - 1 - magnitude))
        return .number((value * scale).rounded() / scale)
    }

    /// For people: the summary, then the methods and the selection. CSV callers want
    /// ``grid(_:decimals:)``.
    public static func tables(_ report: DensityReport, decimals: Int? = 3) -> TitledTables {
        let title =
            "Touch density"
            + (report.factors.isEmpty ? "" : " by " + report.factors.map(report.names.factor).joined(separator: " x "))
            + " on a \(report.grid.columns) x \(report.grid.rows) grid"
        var tables = [(title: title, table: summary(report, decimals: decimals))]
        var methods = [report.methods]
        if let field = report.offsetField {
            tables.append((offsetFieldTitle(field), offsetField(field, decimals: decimals)))
            methods.append(field.methods)
        }
        return TitledTables(
            tables: tables, paragraphs: [("Methods", methods), ("Selection", [report.selection.sentence])])
    }

    /// The offset field: per cell with enough trials, its trials and mean offset in px and mm.
    public static func offsetField(_ field: HeatmapReport, decimals: Int? = 3) -> ResultTable {
        let table = HeatmapTables.cellTable(field, decimals: decimals)
        let keep =
            ["col", "row", "n", "offset_dx", "offset_dy", "offset_dx_mm", "offset_dy_mm"]
            + (field.request.by.map { [$0] } ?? [])
        let indices = keep.compactMap { table.columns.firstIndex(of: $0) }
        let shown = zip(table.rows, field.maps.flatMap(\.cells)).filter { $0.1.isShown }.map(\.0)
        return ResultTable(
            columns: indices.map { table.columns[$0] }, rows: shown.map { row in indices.map { row[$0] } })
    }

    private static func offsetFieldTitle(_ field: HeatmapReport) -> String {
        "Mean touch offset per cell (touch minus target, placed by target) on a \(field.grid.columns) x \(field.grid.rows) grid"
    }

    /// `{selection, device, unit, bandwidth_rule, grid, methods, maps: [{<factor>: level...,
    /// touches, participants, bandwidth_x, bandwidth_y, peak, mass_on_grid, points: [{col,
    /// row, x, y, x_mm, y_mm, density}]}], offset_field: [{col, row, n, offset_dx, ...}],
    /// labels}`; `labels` holds the display labels (``LabelTables/json(_:)``).
    public static func json(_ report: DensityReport) -> JSONValue {
        let summaries = summary(report, decimals: nil)
        let gridRows = grid(report)
        let perMap = report.grid.cellCount
        let pointColumns = ["col", "row", "x", "y", "x_mm", "y_mm", "density"]
        let maps = report.maps.indices.map { index -> JSONValue in
            let figures = Array(zip(summaries.columns, summaries.rows[index]))
            let points = gridRows.rows[(index * perMap)..<((index + 1) * perMap)].map { row in
                JSONValue.object(Array(zip(pointColumns, row.suffix(pointColumns.count))))
            }
            return .object(figures + [("points", .array(points))])
        }
        let rule: JSONValue =
            switch report.bandwidthRule {
            case .scott: .string("scott")
            case .fixed: .string("fixed")
            }
        return .object([
            ("selection", report.selection.json), ("device", report.device.map { .string($0.name) } ?? .null),
            ("unit", .string(report.unit.rawValue)),
            ("density_unit", .string("share of touches per \(report.unit.rawValue)^2")),
            ("bandwidth_rule", rule), ("factors", .array(report.factors.map(JSONValue.string))),
            (
                "grid",
                .object([
                    ("columns", .int(report.grid.columns)), ("rows", .int(report.grid.rows)),
                    ("cell_width_px", .number(report.grid.cellWidth)),
                    ("cell_height_px", .number(report.grid.cellHeight)),
                ])
            ),
            ("methods", .string(report.methods)), ("maps", .array(maps)),
            ("offset_field", report.offsetField.map { offsetField($0, decimals: nil).json() } ?? .null),
            ("labels", LabelTables.json(report.names)),
        ])
    }
}
