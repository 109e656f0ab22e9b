import ThumbLabStats

/// A Fitts' law analysis as tables (sequences in GoFitts' sd2 columns, cells, fits) and
/// as JSON.
public enum FittsTables {
    /// GoFitts' sd2 column names for the measures of a sequence, in its order.
    public static let sd2Columns = ["Trials", "A", "W", "ID", "Ae", "We", "IDe(bits)", "MT(ms)", "ER(%)", "TP(bps)"]

    /// One row per participant × condition × sequence: participant, the factors, block,
    /// then ``sd2Columns``. A factor named like one of those columns (an imported GoFitts
    /// file's `A`) is left out: its column shows it.
    public static func sequences(_ report: FittsReport, decimals: Int? = 3) -> ResultTable {
        let factors = report.factors.indices.filter { !sd2Columns.contains(report.factors[$0]) }
        let rows = report.sequences.map { row -> [JSONValue] in
            let m = row.measures
            return [.string(row.participant)] + factors.map { JSONValue.string(row.levels[$0]) } + [
                row.block.map(JSONValue.int) ?? .null, .int(m.trials), .number(m.amplitude), .number(m.width),
                TitledTables.number(m.indexOfDifficulty, decimals),
                TitledTables.number(m.effectiveAmplitude, decimals), TitledTables.number(m.effectiveWidth, decimals),
                TitledTables.number(m.effectiveIndexOfDifficulty, decimals), TitledTables.number(m.timeMS, decimals),
                TitledTables.number(m.errorPercent, decimals), TitledTables.number(m.throughput, decimals),
            ]
        }
        var table = ResultTable(
            columns: ["Participant"] + factors.map { report.factors[$0] } + ["Block"] + sd2Columns, rows: rows)
        table.showFactors(factors.map { report.factors[$0] }, names: report.names)
        return table
    }

    /// One row per cell: the mean-of-means throughput with its 95% interval, MT, ER and IDe,
    /// and the cell's fit of MT on IDe (on ID, and no IDe, for a nominal report).
    public static func cells(_ report: FittsReport, decimals: Int? = 3) -> ResultTable {
        let rows = report.cells.map { cell -> [JSONValue] in
            let fit = report.leadingFit(cell)
            let values: [Double?] = [
                cell.throughput.mean, cell.throughput.sd, cell.throughput.ciLow, cell.throughput.ciHigh,
                cell.timeMS.mean, cell.errorPercent.mean, report.isNominal ? nil : cell.effectiveIndexOfDifficulty.mean,
                fit?.intercept, fit?.slope, fit?.rSquared,
            ]
            return cell.levels.map(JSONValue.string) + [.int(cell.participants), .int(cell.sequences)]
                + values.map { TitledTables.number($0, decimals) }
        }
        var table = ResultTable(
            columns: report.by + [
                "participants", "sequences", "TP(bps)", "tp_sd", "tp_ci_low", "tp_ci_high", "MT(ms)", "ER(%)",
                "IDe(bits)", "intercept_ms", "slope_ms_per_bit", "r_squared",
            ], rows: rows)
        table.showFactors(report.by, names: report.names)
        return table
    }

    /// The regressions of MT on IDe and on ID per cell, then per participant.
    public static func fits(_ report: FittsReport, decimals: Int? = 4) -> ResultTable {
        func row(_ levels: [String], _ participant: String, _ predictor: String, _ fit: LinearRegressionResult)
            -> [JSONValue]
        {
            [.string(participant)] + levels.map(JSONValue.string) + [
                .string(predictor), .int(fit.n), TitledTables.number(fit.intercept, decimals),
                TitledTables.number(fit.slope, decimals), TitledTables.number(fit.rSquared, decimals),
                TitledTables.number(fit.interceptStandardError, decimals),
                TitledTables.number(fit.slopeStandardError, decimals), TitledTables.pValue(fit.p, decimals),
            ]
        }
        var rows: [[JSONValue]] = []
        for cell in report.cells {
            if let fit = cell.effectiveFit { rows.append(row(cell.levels, "all", "IDe", fit)) }
            if let fit = cell.nominalFit { rows.append(row(cell.levels, "all", "ID", fit)) }
        }
        for fit in report.participantFits {
            rows.append(row(fit.levels, fit.participant, report.predictorName, fit.fit))
        }
        var table = ResultTable(
            columns: ["participant"] + report.by + [
                "predictor", "points", "intercept_ms", "slope_ms_per_bit", "r_squared", "intercept_se", "slope_se", "p",
            ], rows: rows)
        table.showFactors(report.by, names: report.names)
        return table
    }

    /// Cells, fits and sequences, then the notes, methods and selection.
    public static func tables(_ report: FittsReport, decimals: Int? = 3) -> TitledTables {
        var paragraphs: [(title: String, lines: [String])] = [("Notes", report.notes), ("Methods", [report.methods])]
        if let selection = report.selection { paragraphs.append(("Selection", [selection.sentence])) }
        return TitledTables(
            tables: [
                (
                    "Throughput (mean of means) and MT = a + b × \(report.predictorName)",
                    cells(report, decimals: decimals)
                ),
                (
                    report.isNominal
                        ? "Regressions of MT (ms) on ID (bits)" : "Regressions of MT (ms) on IDe and ID (bits)",
                    fits(report, decimals: decimals.map { $0 + 1 })
                ),
                ("Sequences (GoFitts sd2 columns)", sequences(report, decimals: decimals)),
            ], paragraphs: paragraphs)
    }

    /// The sequences as GoFitts' sd2 file shapes them: CSV with the factor columns first.
    public static func sd2(_ report: FittsReport) -> String {
        sequences(report, decimals: nil).rendered(as: .csv)
    }

    /// `{selection, factors, by, cells, fits, sequences, notes, methods, labels}`; `labels`
    /// holds the display labels (``LabelTables/json(_:)``).
    public static func json(_ report: FittsReport) -> JSONValue {
        .object([
            ("selection", report.selection?.json ?? .null), ("factors", .array(report.factors.map(JSONValue.string))),
            ("by", .array(report.by.map(JSONValue.string))), ("cells", cells(report, decimals: nil).json()),
            ("fits", fits(report, decimals: nil).json()), ("sequences", sequences(report, decimals: nil).json()),
            ("notes", .array(report.notes.map(JSONValue.string))), ("methods", .string(report.methods)),
            ("labels", LabelTables.json(report.names)),
        ])
    }
}
