/// A heatmap as the CSV/JSON contract spells it (DESIGN.md, `thumblab heatmap`): one row
/// per cell; and as grids of the chosen measure for people.
public enum HeatmapTables {
    /// The contract's columns, in order; the figures after `offset_dy` are additions.
    static let cellColumns = [
        "col", "row", "x0", "y0", "x1", "y1", "n", "hits", "error_rate", "time_median", "time_geomean", "offset_dx",
        "offset_dy", "error_ci_low", "error_ci_high", "participants", "offset_dx_mm", "offset_dy_mm",
    ]

    /// One row per cell of every map, row by row from the top left; with `by`, the level
    /// follows in a column named after the factor. Empty cells keep `n` and `hits`.
    public static func cellTable(_ report: HeatmapReport, decimals: Int? = nil) -> ResultTable {
        var rows: [[JSONValue]] = []
        for map in report.maps {
            for cell in map.cells {
                let frame: [Double?] = [cell.frame.x0, cell.frame.y0, cell.frame.x1, cell.frame.y1]
                let figures: [Double?] = [
                    cell.errorRate, cell.timeMedian, cell.timeGeomean, cell.offsetDX, cell.offsetDY,
                ]
                let more: [Double?] = [cell.errorCILow, cell.errorCIHigh]
                let millimetres: [Double?] = [cell.offsetDXMM, cell.offsetDYMM]
                var row: [JSONValue] = [.int(cell.column), .int(cell.row)]
                row += frame.map { TitledTables.number($0, decimals) }
                row += [.int(cell.trials), .int(cell.hits)]
                row +=
                    figures.map { TitledTables.number($0, decimals) } + more.map { TitledTables.number($0, decimals) }
                row.append(.int(cell.participants))
                row += millimetres.map { TitledTables.number($0, decimals) }
                if report.request.by != nil { row.append(.string(map.level ?? "")) }
                rows.append(row)
            }
        }
        var table = ResultTable(columns: cellColumns + (report.request.by.map { [$0] } ?? []), rows: rows)
        table.showFactors(report.request.by.map { [$0] } ?? [], names: report.names)
        return table
    }

    /// `{selection, measure, position, device, grid, minimum_trials, left_out, methods,
    /// maps: [{level, trials, participants, cells: [...]}], labels}`; `labels` holds the
    /// display labels (``LabelTables/json(_:)``).
    public static func json(_ report: HeatmapReport) -> JSONValue {
        let grid = report.grid
        let maps = report.maps.map { map -> JSONValue in
            let single = HeatmapReport(
                selection: report.selection, request: HeatmapRequest(), device: report.device, grid: grid, maps: [map],
                withoutPosition: 0, outside: 0, methods: "")
            return .object([
                ("level", map.level.map(JSONValue.string) ?? .null), ("trials", .int(map.trials)),
                ("participants", .int(map.participants)), ("cells", cellTable(single).json()),
            ])
        }
        return .object([
            ("selection", report.selection.json), ("measure", .string(report.request.measure.rawValue)),
            ("unit", .string(report.unit(report.request.measure))),
            ("position", .string(report.request.position.rawValue)),
            ("by", report.request.by.map(JSONValue.string) ?? .null), ("device", deviceJSON(report.device)),
            (
                "grid",
                .object([
                    ("columns", .int(grid.columns)), ("rows", .int(grid.rows)), ("cell_width", .number(grid.cellWidth)),
                    ("cell_height", .number(grid.cellHeight)), ("x0", .number(grid.minX)), ("y0", .number(grid.minY)),
                    ("x1", .number(grid.maxX)), ("y1", .number(grid.maxY)),
                ])
            ),
            ("minimum_trials", .int(report.request.minimumTrials)),
            (
                "left_out",
                .object([("without_position", .int(report.withoutPosition)), ("off_screen", .int(report.outside))])
            ),
            ("methods", .string(report.methods)), ("maps", .array(maps)), ("labels", LabelTables.json(report.names)),
        ])
    }

    static func deviceJSON(_ device: Device?) -> JSONValue {
        guard let device else { return .null }
        return .object([
            ("name", .string(device.name)), ("width_px", .number(device.widthPx)),
            ("height_px", .number(device.heightPx)),
            ("px_per_mm", .number(device.pxPerMM)),
        ])
    }

    /// One grid of the measure per map (rows down, columns across; empty cells as `.`),
    /// then the methods and the selection.
    public static func tables(_ report: HeatmapReport) -> TitledTables {
        let measure = report.request.measure
        let decimals =
            switch measure {
            case .count: 0
            case .time: 0
            case .error: 3
            case .offset: report.device == nil ? 1 : 2
            }
        let tables = report.maps.map { map -> (title: String, table: ResultTable) in
            let rows = (0..<report.grid.rows).map { row -> [JSONValue] in
                [.int(row)]
                    + (0..<report.grid.columns).map { column in
                        let value = map.cells[row * report.grid.columns + column].value(measure)
                        return value.map { TitledTables.number($0, decimals) } ?? .string(".")
                    }
            }
            let columns = ["row"] + (0..<report.grid.columns).map(String.init)
            return (title(report, map: map), ResultTable(columns: columns, rows: rows))
        }
        return TitledTables(
            tables: tables, paragraphs: [("Methods", [report.methods]), ("Selection", [report.selection.sentence])])
    }

    /// `technique Direct`: a map's level of the `by` factor, both by their display names.
    static func levelLabel(_ report: HeatmapReport, level: String) -> String {
        guard let by = report.request.by else { return level }
        return "\(report.names.factor(by)) \(report.names.level(level, of: by))"
    }

    /// `Geometric-mean time (ms) by screen cell, technique Direct: 1,234 trials of 12 participants`.
    public static func title(_ report: HeatmapReport, map: HeatmapMap) -> String {
        let measure = report.request.measure
        let name =
            switch measure {
            case .count: "Trials"
            case .time: "Geometric-mean time"
            case .error: "Error rate"
            case .offset: "Mean offset length"
            }
        let level = map.level.map { ", \(levelLabel(report, level: $0))" } ?? ""
        let device = report.device.map { " on \($0.name)" } ?? ""
        return "\(name) (\(report.unit(measure))) by screen cell\(device)\(level): "
            + "\(SelectionSummary.grouped(map.trials)) trials of \(map.participants) participants"
    }
}
