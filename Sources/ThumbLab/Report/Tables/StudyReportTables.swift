/// The tables of a study report, each with a file name for its CSV.
public enum StudyReportTables {
    /// Every table of the report in order, each named by the stem of its CSV file. Numbers
    /// rounded to `decimals` places, or whole for files other tools read.
    public static func all(_ report: StudyReport, decimals: Int? = 3) -> [ReportTable] {
        var tables = [
            ReportTable(file: "design-factors", title: "Factors", data: factors(report.design, names: report.names)),
            ReportTable(
                file: "design-cells", title: "Trials and attempts per cell",
                data: cells(report.design, names: report.names)),
        ]
        if !report.design.emptyCells.isEmpty {
            tables.append(
                ReportTable(file: "design-empty-cells", title: "Empty cells", data: emptyCells(report.design)))
        }
        tables.append(
            ReportTable(
                file: "summary", title: "Summary by cell", data: SummaryTables.table(report.summary, decimals: decimals)
            ))
        for comparison in report.comparisons + report.scoreComparisons {
            let stem = fileStem(comparison.request.measure.description)
            // Titled by their measure, as they are read away from its section (the appendix).
            let measure = comparison.text(names: report.names).measureTitle
            let factors = comparison.request.factors.map(report.names.factor).joined(separator: " × ")
            tables += ComparisonTables.keyedTables(comparison, decimals: decimals).map {
                let title = $0.kind == "cells" ? "\(measure) by \(factors)" : "\(measure): \($0.title)"
                return ReportTable(file: "\(stem)-\($0.kind)", title: title, data: $0.table)
            }
        }
        for scores in report.scores {
            let stem = "scores-" + fileStem(scores.instrument.name)
            tables += ScoresTables.keyedTables(scores, decimals: decimals).map {
                ReportTable(file: "\(stem)-\($0.kind)", title: $0.title, data: $0.table)
            }
        }
        if let learning = report.learningCurves {
            tables.append(
                ReportTable(
                    file: "learning-points", title: "WPM by phrase number",
                    data: LearningCurveTables.points(learning, decimals: decimals)))
            tables.append(
                ReportTable(
                    file: "learning-fits", title: "Power law of practice, WPM = a × n^b",
                    data: LearningCurveTables.fits(learning, decimals: decimals)))
        }
        if let offsets = report.keyOffsets {
            tables.append(
                ReportTable(
                    file: "key-offsets-conditions", title: "Key-press offsets by condition",
                    data: KeyOffsetTables.conditions(offsets, decimals: decimals)))
            tables.append(
                ReportTable(
                    file: "key-offsets-keys", title: "Key-press offsets by key",
                    data: KeyOffsetTables.keys(offsets, decimals: decimals)))
        }
        tables.append(ReportTable(file: "provenance", title: "Imported files", data: provenance(report.provenance)))
        return tables
    }

    /// One row per factor: its name, kind and levels; people read the factors and levels
    /// by their display names.
    static func factors(_ design: DesignOverview, names: DisplayNames = DisplayNames()) -> ResultTable {
        var table = ResultTable(
            columns: ["factor", "kind", "levels"],
            rows: design.factors.map {
                [.string($0.name), .string($0.kind), .string($0.levels.joined(separator: ", "))]
            })
        for (row, factor) in zip(table.rows, design.factors) {
            table.shownCells[0, default: [:]][factor.name] = names.factor(factor.name)
            table.shownCells[2, default: [:]][row[2].plainText] =
                factor.levels.map { names.level($0, of: factor.name) }.joined(separator: ", ")
        }
        return table
    }

    /// One row per cell: its levels, participants, trials and attempts.
    static func cells(_ design: DesignOverview, names: DisplayNames = DisplayNames()) -> ResultTable {
        var table = ResultTable(
            columns: design.factors.map(\.name) + ["participants", "trials", "attempts"],
            rows: design.cells.map { cell in
                cell.levels.map(JSONValue.string) + [.int(cell.participants), .int(cell.trials), .int(cell.attempts)]
            })
        table.showFactors(design.factors.map(\.name), names: names)
        return table
    }

    static func emptyCells(_ design: DesignOverview) -> ResultTable {
        ResultTable(
            columns: ["participant", "cell"],
            rows: design.emptyCells.map { [.string($0.participant), .string($0.cell)] })
    }

    static func provenance(_ batches: [BatchSummary]) -> ResultTable {
        ResultTable(
            columns: ["batch", "file", "kind", "format", "rows", "rejected", "device", "sha256"],
            rows: batches.map { batch in
                [
                    .int(Int(batch.id)), .string(batch.source), .string(batch.kind.rawValue), .string(batch.format),
                    .int(batch.rows), .int(batch.rejected), batch.device.map(JSONValue.string) ?? .null,
                    .string(batch.sha256),
                ]
            })
    }

    /// A name safe for a file: letters, digits and `-`, lowercased.
    static func fileStem(_ text: String) -> String { TableReference.stem(text) }
}
