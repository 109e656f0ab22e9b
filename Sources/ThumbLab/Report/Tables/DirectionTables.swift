/// Time and errors by movement direction as tables, and as JSON.
public enum DirectionTables {
    static let figureColumns = [
        "trials", "participants", "time_geomean", "time_ci_low", "time_ci_high", "misses", "error_rate",
        "error_ci_low", "error_ci_high",
    ]

    /// One row per sector (or per participant and sector).
    public static func sectors(_ rows: [DirectionRow], perParticipant: Bool = false, decimals: Int? = 3) -> ResultTable
    {
        let body = rows.map { row -> [JSONValue] in
            let leading: [JSONValue] =
                (perParticipant ? [.string(row.participant ?? "")] : []) + [.string(row.sector.rawValue)]
            return leading + [
                .int(row.trials), .int(row.participants), TitledTables.number(row.timeGeomean, decimals),
                TitledTables.number(row.timeCILow, decimals), TitledTables.number(row.timeCIHigh, decimals),
                .int(row.misses), TitledTables.number(row.errorRate, decimals),
                TitledTables.number(row.errorCILow, decimals), TitledTables.number(row.errorCIHigh, decimals),
            ]
        }
        return ResultTable(columns: (perParticipant ? ["participant"] : []) + ["sector"] + figureColumns, rows: body)
    }

    /// One row per participant: mean ln time and error proportion on each diagonal.
    public static func diagonals(_ contrast: DiagonalContrast, decimals: Int? = 4) -> ResultTable {
        let participants =
            contrast.timeParticipants
            + contrast.errorParticipants.filter {
                !contrast.timeParticipants.contains($0)
            }
        let rows = participants.map { name -> [JSONValue] in
            let timed = contrast.timeParticipants.firstIndex(of: name)
            let scored = contrast.errorParticipants.firstIndex(of: name)
            return [
                .string(name), TitledTables.number(timed.map { contrast.logTimeNWSE[$0] }, decimals),
                TitledTables.number(timed.map { contrast.logTimeNESW[$0] }, decimals),
                TitledTables.number(scored.map { contrast.errorNWSE[$0] }, decimals),
                TitledTables.number(scored.map { contrast.errorNESW[$0] }, decimals),
            ]
        }
        return ResultTable(
            columns: ["participant", "ln_time_nw_se", "ln_time_ne_sw", "error_nw_se", "error_ne_sw"], rows: rows)
    }

    /// The tests of the diagonal contrast, one row each.
    public static func tests(_ contrast: DiagonalContrast, decimals: Int? = 3) -> ResultTable {
        var rows: [[JSONValue]] = []
        if let test = contrast.timeTest {
            rows.append([
                .string("time"), .string("paired-t"), .int(contrast.timeParticipants.count),
                TitledTables.number(test.t, decimals), TitledTables.number(test.df, decimals),
                TitledTables.pValue(test.p, decimals), TitledTables.number(contrast.timeRatio, decimals),
                TitledTables.number(contrast.timeRatioCILow, decimals),
                TitledTables.number(contrast.timeRatioCIHigh, decimals), .string(test.apa),
            ])
        }
        if let test = contrast.errorTest {
            rows.append([
                .string("error"), .string("wilcoxon"), .int(contrast.errorParticipants.count),
                TitledTables.number(test.wPlus, decimals), .null, TitledTables.pValue(test.p, decimals), .null, .null,
                .null, .string(test.apa),
            ])
        }
        return ResultTable(
            columns: [
                "measure", "test", "participants", "statistic", "df", "p", "ratio", "ratio_ci_low", "ratio_ci_high",
                "apa",
            ],
            rows: rows)
    }

    /// The sector table, the tests, the per-participant diagonals, then the results,
    /// methods and selection.
    public static func tables(_ report: DirectionReport, decimals: Int? = 3) -> TitledTables {
        TitledTables(
            tables: [
                ("Time and errors by movement direction", sectors(report.sectors, decimals: decimals)),
                ("NW-SE against NE-SW", tests(report.contrast, decimals: decimals)),
                ("Per participant on each diagonal", diagonals(report.contrast, decimals: decimals.map { $0 + 1 })),
                (
                    "Per participant and direction",
                    sectors(report.perParticipant, perParticipant: true, decimals: decimals)
                ),
            ],
            paragraphs: [
                ("Results", report.sentences), ("Methods", [report.methods]),
                ("Selection", [report.selection.sentence]),
            ])
    }

    /// `{selection, device, methods, sentences, sectors: [...], participants: [...],
    /// contrast: {time: {...}, error: {...}, per_participant: [...], notes}}`.
    public static func json(_ report: DirectionReport) -> JSONValue {
        let contrast = report.contrast
        var time: JSONValue = .null
        if let test = contrast.timeTest {
            time = .object([
                ("test", .string("paired-t")), ("participants", .int(contrast.timeParticipants.count)),
                ("statistic", .number(test.t)), ("df", .number(test.df)), ("p", .number(test.p)),
                ("mean_difference_ln", .number(test.estimate)), ("ratio", .number(contrast.timeRatio ?? .nan)),
                ("ratio_ci_low", .number(contrast.timeRatioCILow ?? .nan)),
                ("ratio_ci_high", .number(contrast.timeRatioCIHigh ?? .nan)),
                ("effect_size", .object([("name", .string("d_z")), ("value", .number(test.effectSize.value))])),
                ("apa", .string(test.apa)),
            ])
        }
        var error: JSONValue = .null
        if let test = contrast.errorTest {
            error = .object([
                ("test", .string("wilcoxon")), ("participants", .int(contrast.errorParticipants.count)),
                ("statistic", .number(test.wPlus)), ("w_plus", .number(test.wPlus)), ("w_minus", .number(test.wMinus)),
                ("z", .number(test.z)), ("p", .number(test.p)), ("method", .string(test.method.rawValue)),
                ("policy", .string(test.policyDescription)), ("apa", .string(test.apa)),
            ])
        }
        return .object([
            ("selection", report.selection.json), ("device", report.device.map { .string($0.name) } ?? .null),
            ("convention", .string("compass bearing on the screen, y down: N is up, E is right, clockwise")),
            ("sectors", sectors(report.sectors, decimals: nil).json()),
            ("participants", sectors(report.perParticipant, perParticipant: true, decimals: nil).json()),
            (
                "contrast",
                .object([
                    ("time", time), ("error", error), ("per_participant", diagonals(contrast, decimals: nil).json()),
                    ("notes", .array(contrast.notes.map(JSONValue.string))),
                ])
            ),
            ("without_direction", .int(report.withoutDirection)),
            ("sentences", .array(report.sentences.map(JSONValue.string))), ("methods", .string(report.methods)),
        ])
    }
}
