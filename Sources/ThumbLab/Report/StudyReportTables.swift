/// The tables of a study report, each with a file name for its CSV.
public enum StudyReportTables {
    /// Every table of the report in order: (file stem, title, table). Numbers rounded to
    /// `decimals` places, or whole for files other tools read.
    public static func all(_ report: StudyReport, decimals: Int? = 3) -> [(
        file: String, title: String, table: ResultTable
    )] {
        var tables: [(String, String, ResultTable)] = [
            ("design-factors", "Factors", factors(report.design, names: report.names)),
            ("design-cells", "Trials and attempts per cell", cells(report.design, names: report.names)),
        ]
        if !report.design.emptyCells.isEmpty {
            tables.append(("design-empty-cells", "Empty cells", emptyCells(report.design)))
        }
        tables.append(("summary", "Summary by cell", SummaryTables.table(report.summary, decimals: decimals)))
        for comparison in report.comparisons + report.scoreComparisons {
            let stem = fileStem(comparison.request.measure.description)
            for (index, titled) in ComparisonTables.tables(comparison, decimals: decimals).tables.enumerated() {
                let suffix =
                    index == 0
                    ? "cells"
                    : titled.title.hasPrefix("Post-hoc")
                        ? "posthoc" : titled.title.hasPrefix("Simple effects") ? "simple-effects" : "tests"
                tables.append(("\(stem)-\(suffix)", titled.title, titled.table))
            }
        }
        for scores in report.scores {
            let stem = "scores-" + fileStem(scores.instrument.name)
            for (index, titled) in ScoresTables.tables(scores, decimals: decimals).enumerated() {
                let suffix = ["cells", "participants", "excluded", "items"]
                let name =
                    titled.title.hasSuffix("excluded")
                    ? "excluded" : titled.title.hasSuffix("items") ? "items" : suffix[min(index, 1)]
                tables.append(("\(stem)-\(name)", titled.title, titled.table))
            }
        }
        if let learning = report.learningCurves {
            tables.append(("learning-points", "WPM by phrase number", LearningCurveTables.points(learning, decimals: decimals)))
            tables.append(
                ("learning-fits", "Power law of practice, WPM = a × n^b", LearningCurveTables.fits(learning, decimals: decimals)))
        }
        if let offsets = report.keyOffsets {
            tables.append(
                ("key-offsets-conditions", "Key-press offsets by condition", KeyOffsetTables.conditions(offsets, decimals: decimals)))
            tables.append(("key-offsets-keys", "Key-press offsets by key", KeyOffsetTables.keys(offsets, decimals: decimals)))
        }
        tables.append(("provenance", "Imported files", provenance(report.provenance)))
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
    static func fileStem(_ text: String) -> String {
        let mapped = text.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" }
        return String(mapped).split(separator: "-").joined(separator: "-")
    }
}
