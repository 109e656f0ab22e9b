/// A summary as the JSON contract spells it (DESIGN.md, `thumblab summary`) and as a
/// table for text, Markdown and CSV.
public enum SummaryTables {
    /// The contract's columns, in order; SDs of the offsets follow.
    static let figureColumns = [
        "participants", "trials", "time_geomean", "time_ci_low", "time_ci_high", "time_mean", "time_sd", "time_median",
        "error_rate", "error_ci_low", "error_ci_high", "offset_dx_px", "offset_dy_px", "offset_dx_mm", "offset_dy_mm",
        "offset_sd_x_px", "offset_sd_y_px", "offset_sd_x_mm", "offset_sd_y_mm",
    ]

    /// `{selection, factors, methods, cells: [{<factor>: level, ..., participants, trials,
    /// time_trials, time_geomean, ...}], labels}`; per participant, each cell also has
    /// `participant`; `labels` holds the display labels (``LabelTables/json(_:)``).
    public static func json(_ report: SummaryReport) -> JSONValue {
        let table = table(report, decimals: nil, timeTrials: true)
        return .object([
            ("selection", report.selection.json), ("factors", .array(report.factors.map(JSONValue.string))),
            ("per_participant", .bool(report.perParticipant)), ("methods", .string(report.methods)),
            ("cells", table.json()), ("labels", LabelTables.json(report.names)),
        ])
    }

    /// One row per cell (per participant and cell), numbers rounded to `decimals`. The
    /// trials the time figures use (`time_trials`) follow `trials` when `timeTrials`, which
    /// by default it is when the selection cleaned the times.
    public static func table(_ report: SummaryReport, decimals: Int? = 3, timeTrials: Bool? = nil) -> ResultTable {
        let withTimeTrials = timeTrials ?? (report.selection.cleaning?.isActive == true)
        let leading = (report.perParticipant ? ["participant"] : []) + report.factors
        let rows = report.rows.map { row -> [JSONValue] in
            let figures: [Double?] = [
                row.timeGeomean, row.timeCILow, row.timeCIHigh, row.timeMean, row.timeSD, row.timeMedian, row.errorRate,
                row.errorCILow, row.errorCIHigh, row.offsetDxPx, row.offsetDyPx, row.offsetDxMM, row.offsetDyMM,
                row.offsetSDxPx, row.offsetSDyPx, row.offsetSDxMM, row.offsetSDyMM,
            ]
            return (report.perParticipant ? [.string(row.participant ?? "")] : []) + row.levels.map(JSONValue.string)
                + [.int(row.participants), .int(row.trials)] + (withTimeTrials ? [.int(row.timeTrials)] : [])
                + figures.map { TitledTables.number($0, decimals) }
                + (report.measure == nil
                    ? []
                    : [.int(row.measure?.trials ?? 0)]
                        + [row.measure?.mean, row.measure?.sd, row.measure?.ciLow, row.measure?.ciHigh].map {
                            TitledTables.number($0, decimals)
                        })
        }
        var columns = figureColumns
        if withTimeTrials { columns.insert("time_trials", at: 2) }
        if let measure = report.measure {
            let prefix = measure.description.replacingOccurrences(of: ":", with: "_")
            columns += ["trials", "mean", "sd", "ci_low", "ci_high"].map { "\(prefix)_\($0)" }
        }
        var table = ResultTable(columns: leading + columns, rows: rows)
        table.showFactors(report.factors, names: report.names)
        return table
    }

    /// The table, then the methods and the selection.
    public static func tables(_ report: SummaryReport, decimals: Int? = 3) -> TitledTables {
        let title =
            "Summary by "
            + (report.factors.isEmpty ? "study" : report.factors.map(report.names.factor).joined(separator: " x "))
        return TitledTables(
            tables: [(title + (report.perParticipant ? " and participant" : ""), table(report, decimals: decimals))],
            paragraphs: [("Methods", [report.methods]), ("Selection", [report.selection.sentence])])
    }
}
