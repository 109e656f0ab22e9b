import ThumbLab

/// `thumblab heatmap`: time, errors, counts or offsets per screen cell; with `--diff`, two
/// levels of a factor compared cell by cell.
enum HeatmapCommand: Command {
    static let measure = Option<HeatmapMeasure>(
        "--measure", value: "measure", default: .time, help: "What the map shows per cell (text, figures).")
    static let by = Option<String?>("--by", value: "factor", help: "One map per level of this factor.")
    static let diff = Option<LevelFilter?>(
        "--diff", value: "factor=a,b", help: "Compare level a with level b cell by cell (time ratio, error difference)."
    )
    static let adjust = Option<PValueAdjustment>(
        "--adjust", value: "method", default: .holm, help: "The correction across cells of a --diff map.")

    static let spec = CommandSpec(
        name: "heatmap",
        abstract: "Map time, errors and touch offsets over the screen, cell by cell.",
        discussion: """
            Places every attempt by its target centre (or touch point) on a grid over the \
            device's screen and gives per cell: trials, hits, the error rate with its \
            adjusted-Wald CI, median and geometric-mean time, the mean offset (touch minus \
            target) in px and mm, and the participants. Text and Markdown show the chosen \
            measure as a grid; CSV and JSON give every figure of every cell. With --diff, \
            each cell compares two levels with a paired test across participants, adjusted \
            across cells.
            """,
        options: [
            measure, SpatialOptions.grid, SpatialOptions.cellMM, SpatialOptions.position, by, SpatialOptions.device,
            SpatialOptions.minimumTrials, diff, adjust,
        ] + SelectionOptions.all(attempts: SpatialOptions.attempts) + SharedOptions.figureOutput,
        examples: [
            "thumblab heatmap --grid 4x7 --device small",
            "thumblab heatmap --measure error --cell-mm 10 --by technique --format csv",
            "thumblab heatmap --diff technique=ThumbSpace,Direct --measure time --out diff.json",
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let chosen = try arguments.figureResultFormat()
        let size = try arguments.gridSize()
        let study = try arguments.openStudy(console: console)
        let selection = try arguments.selection(attempts: SpatialOptions.attempts, in: study)
        if let diff = arguments[Self.diff] {
            guard diff.levels.count == 2 else {
                throw CLIError.usage("--diff \(diff) names \(diff.levels.count) levels; give two: FACTOR=A,B")
            }
            if arguments[Self.by] != nil { throw CLIError.usage("--diff and --by cannot be combined; choose one") }
            let report = try study.heatmapDifference(
                HeatmapDifferenceRequest(
                    factor: diff.factor, levels: (diff.levels[0], diff.levels[1]), measure: arguments[Self.measure],
                    grid: size, position: arguments[SpatialOptions.position], device: arguments[SpatialOptions.device],
                    minimumTrials: arguments[SpatialOptions.minimumTrials], adjustment: arguments[Self.adjust]),
                selection: selection)
            try arguments.deliverResult(
                chosen, console: console, json: { HeatmapDifferenceTables.json(report) },
                tables: { table in
                    table == .csv
                        ? HeatmapDifferenceTables.cellTable(report).rendered(as: .csv)
                        : HeatmapDifferenceTables.tables(report).rendered(as: table)
                },
                figure: { try HeatmapFigures.figure(report).figure(size: $0) })
        } else {
            let report = try study.heatmap(
                HeatmapRequest(
                    measure: arguments[Self.measure], grid: size, position: arguments[SpatialOptions.position],
                    by: arguments[Self.by], device: arguments[SpatialOptions.device],
                    minimumTrials: arguments[SpatialOptions.minimumTrials]),
                selection: selection)
            try arguments.deliverResult(
                chosen, console: console, json: { HeatmapTables.json(report) },
                tables: { table in
                    switch table {
                    case .csv: return HeatmapTables.cellTable(report).rendered(as: .csv)
                    case .text where arguments[SharedOptions.figureOut] == nil && console.stdoutColour:
                        // A quick look on a colour terminal: the maps as colour blocks.
                        var tables = HeatmapTables.tables(report)
                        tables.tables = []
                        return HeatmapFigures.terminal(report, colour: true) + "\n" + tables.rendered(as: .text)
                    default: return HeatmapTables.tables(report).rendered(as: table)
                    }
                },
                figure: { try HeatmapFigures.figure(report).figure(size: $0) })
        }
    }
}
