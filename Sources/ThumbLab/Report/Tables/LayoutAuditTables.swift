/// A layout audit as one row per element.
public enum LayoutAuditTables {
    /// One row per layout element: its frame in px and mm, the cells it covers, time and
    /// error rate there, its reach and whether it is below the minimum size.
    /// - Parameters:
    ///   - report: The audit.
    ///   - decimals: Decimal places for people; `nil` keeps full precision for files other tools read.
    public static func table(_ report: LayoutAuditReport, decimals: Int? = nil) -> ResultTable {
        let rows = report.elements.map { audit -> [JSONValue] in
            let frame: [Double?] = [
                audit.frame.x0, audit.frame.y0, audit.frame.x1, audit.frame.y1, audit.widthMM, audit.heightMM,
            ]
            let figures: [Double?] = [audit.timeGeomean, audit.errorRate, audit.errorCILow, audit.errorCIHigh]
            return [.string(audit.element.name), audit.element.role.map(JSONValue.string) ?? .null]
                + frame.map { TitledTables.number($0, decimals) }
                + [
                    .string(audit.cells.map(\.description).joined(separator: " ")), .int(audit.measuredCells),
                    .int(audit.trials),
                ]
                + figures.map { TitledTables.number($0, decimals) }
                + [.string(audit.reach.rawValue), .bool(audit.isBelowMinimumSize)]
        }
        return ResultTable(
            columns: [
                "element", "role", "x0", "y0", "x1", "y1", "width_mm", "height_mm", "cells", "measured_cells", "trials",
                "time_geomean", "error_rate", "error_ci_low", "error_ci_high", "reach", "below_min_size",
            ], rows: rows)
    }

    /// `{selection, layout, device, minimum_size_mm, zone: {...}, methods, elements: [...]}`.
    public static func json(_ report: LayoutAuditReport) -> JSONValue {
        let zone = report.zone
        return .object([
            ("selection", report.selection.json), ("layout", .string(report.layout.name)),
            ("device", HeatmapTables.deviceJSON(report.device)),
            ("minimum_size_mm", .number(report.request.minimumSizeMM)),
            (
                "zone",
                .object([
                    ("time_limit", .number(zone.timeLimit)), ("error_limit", .number(zone.errorLimit)),
                    ("share", .number(zone.share)), ("columns", .int(zone.heatmap.grid.columns)),
                    ("rows", .int(zone.heatmap.grid.rows)),
                ])
            ),
            ("methods", .string(report.methods)), ("elements", table(report).json()),
        ])
    }

    /// The elements, then a line per finding, the methods and the selection.
    public static func tables(_ report: LayoutAuditReport, decimals: Int? = 2) -> TitledTables {
        var findings: [String] = []
        for audit in report.elements {
            var notes: [String] = []
            if audit.reach == .outside || audit.reach == .partly {
                notes.append(audit.reach == .outside ? "outside the reach zone" : "partly in the reach zone")
            }
            if audit.isBelowMinimumSize {
                notes.append(
                    "smaller than \(TitledTables.number(report.request.minimumSizeMM, 1).plainText) mm "
                        + "(\(TitledTables.number(audit.widthMM, 1).plainText) x \(TitledTables.number(audit.heightMM, 1).plainText) mm)"
                )
            }
            if audit.reach == .unmeasured { notes.append("over cells with too few trials to judge") }
            if !notes.isEmpty { findings.append("\(audit.element.name): " + notes.joined(separator: "; ") + ".") }
        }
        if findings.isEmpty {
            findings.append("Every element is inside the reach zone and at least the recommended size.")
        }
        return TitledTables(
            tables: [("Layout \(report.layout.name) on \(report.device.name)", table(report, decimals: decimals))],
            paragraphs: [
                ("Findings", findings), ("Methods", [report.methods]), ("Selection", [report.selection.sentence]),
            ])
    }
}
