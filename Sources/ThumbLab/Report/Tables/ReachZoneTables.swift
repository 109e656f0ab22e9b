/// Reach zones as tables: one row per zone, and per zone its cells.
public enum ReachZoneTables {
    /// One row per zone: device, level, the limits, cell counts and the share of the screen.
    public static func zoneTable(_ report: ReachZoneReport, decimals: Int? = nil) -> ResultTable {
        let rows = report.zones.map { zone -> [JSONValue] in
            let figures: [Double?] = [
                zone.fastestTime, zone.timeLimit, zone.bestErrorRate, zone.errorLimit, zone.share,
            ]
            return [
                .string(zone.heatmap.device?.name ?? ""), zone.map.level.map(JSONValue.string) ?? .null,
                .int(zone.zoneCells.count), .int(zone.map.cells.filter(\.isShown).count),
            ] + figures.map { TitledTables.number($0, decimals) }
        }
        var table = ResultTable(
            columns: [
                "device", report.request.by ?? "level", "zone_cells", "cells_shown", "fastest_time", "time_limit",
                "best_error_rate", "error_limit", "share",
            ], rows: rows)
        table.showFactors(report.request.by.map { [$0] } ?? [], names: report.names)
        return table
    }

    /// One row per cell of every zone's map, as a heatmap's, with `in_zone`, `device` and
    /// the level.
    public static func cellTable(_ report: ReachZoneReport, decimals: Int? = nil) -> ResultTable {
        var columns: [String] = []
        var rows: [[JSONValue]] = []
        for zone in report.zones {
            var heatmap = zone.heatmap
            heatmap.request.by = nil
            let table = HeatmapTables.cellTable(heatmap, decimals: decimals)
            columns = table.columns + ["in_zone", "device", report.request.by ?? "level"]
            for (row, inZone) in zip(table.rows, zone.inZone) {
                rows.append(
                    row + [
                        .bool(inZone), .string(zone.heatmap.device?.name ?? ""),
                        zone.map.level.map(JSONValue.string) ?? .null,
                    ])
            }
        }
        var table = ResultTable(columns: columns, rows: rows)
        table.showFactors(report.request.by.map { [$0] } ?? [], names: report.names)
        return table
    }

    /// `{selection, methods, zones: [{device, level, ..., cells: [...]}], without_zone, labels}`;
    /// `labels` holds the display labels (``LabelTables/json(_:)``).
    public static func json(_ report: ReachZoneReport) -> JSONValue {
        let summary = zoneTable(report)
        let zones = zip(report.zones, summary.rows).map { zone, row -> JSONValue in
            var single = report
            single.zones = [zone]
            return .object(Array(zip(summary.columns, row)) + [("cells", cellTable(single).json())])
        }
        return .object([
            ("selection", report.selection.json), ("methods", .string(report.methods)),
            ("time_tolerance", .number(report.request.timeTolerance)),
            ("minimum_trials", .int(report.request.minimumTrials)),
            ("zones", .array(zones)), ("without_zone", .array(report.withoutZone.map(JSONValue.string))),
            ("labels", LabelTables.json(report.names)),
        ])
    }

    /// `iphone-se, Direct`: the zone's device and level of the `by` factor (its display name).
    static func zoneName(_ report: ReachZoneReport, _ zone: ReachZone) -> String {
        let level = zip(report.request.by.map { [$0] } ?? [], [zone.map.level].compactMap { $0 }).map {
            report.names.level($1, of: $0)
        }
        return ([zone.heatmap.device?.name].compactMap { $0 } + level).joined(separator: ", ")
    }

    /// The zones, then each zone as a grid (`#` in the zone, `-` out of it, `.` empty).
    public static func tables(_ report: ReachZoneReport) -> TitledTables {
        var tables: [(title: String, table: ResultTable)] = [("Reach zones", zoneTable(report, decimals: 3))]
        for zone in report.zones {
            let grid = zone.heatmap.grid
            let rows = (0..<grid.rows).map { row -> [JSONValue] in
                [.int(row)]
                    + (0..<grid.columns).map { column in
                        let index = row * grid.columns + column
                        return .string(zone.inZone[index] ? "#" : zone.map.cells[index].isShown ? "-" : ".")
                    }
            }
            let name = zoneName(report, zone)
            tables.append(
                (
                    "Reach zone\(name.isEmpty ? "" : " of \(name)") (# in the zone, - outside, . too few trials)",
                    ResultTable(columns: ["row"] + (0..<grid.columns).map(String.init), rows: rows)
                ))
        }
        var notes = [report.methods]
        if !report.withoutZone.isEmpty {
            notes.append(
                "No zone for \(report.withoutZone.joined(separator: ", ")): no cell has both a time and an error rate.")
        }
        return TitledTables(
            tables: tables, paragraphs: [("Methods", notes), ("Selection", [report.selection.sentence])])
    }
}
