/// The trials the cleaning steps removed, as a table and as JSON.
public enum ExcludedTrialsTables {
    /// One row per removed trial: participant, the factors, block, trial, attempt, time
    /// (ms, unrounded; or the cleaned measure's value, in a column of its name) and the rule
    /// that removed it.
    public static func table(_ report: ExcludedTrialsReport) -> ResultTable {
        let rows = report.trials.map { trial -> [JSONValue] in
            [.string(trial.participant)]
                + trial.levels.map { $0.map(JSONValue.string) ?? .string(FactorLevels.missingLabel) }
                + [
                    trial.block.map(JSONValue.int) ?? .null, trial.trial.map(JSONValue.int) ?? .null,
                    .int(trial.attempt), .number(trial.value), .string(trial.reason),
                ]
        }
        return ResultTable(
            columns: ["participant"] + report.factors
                + [
                    "block", "trial", "attempt", report.measure == .time ? "time_ms" : report.measure.description,
                    "reason",
                ],
            rows: rows)
    }

    /// `{selection, factors, methods, trials: [{participant, <factor>: level, ..., block,
    /// trial, attempt, time_ms (or the measure), reason}]}`.
    public static func json(_ report: ExcludedTrialsReport) -> JSONValue {
        .object([
            ("selection", report.selection.json), ("factors", .array(report.factors.map(JSONValue.string))),
            ("methods", .string(report.methods)), ("trials", table(report).json()),
        ])
    }

    /// The table, then the methods and the selection.
    public static func tables(_ report: ExcludedTrialsReport) -> TitledTables {
        TitledTables(
            tables: [
                (
                    report.measure == .time
                        ? "Trials removed from the time measures" : "Trials removed from \(report.measure)",
                    table(report)
                )
            ],
            paragraphs: [("Methods", [report.methods]), ("Selection", [report.selection.sentence])])
    }
}

extension ExcludedTrialsReport: AnalysisReport {
    /// ``ExcludedTrialsTables/tables(_:)``.
    public var tables: TitledTables { ExcludedTrialsTables.tables(self) }
    /// ``ExcludedTrialsTables/json(_:)``.
    public var json: JSONValue { ExcludedTrialsTables.json(self) }
}
