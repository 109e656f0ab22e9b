import ThumbLab

/// `thumblab heatmap`: time, errors, counts or offsets per screen cell; with `--diff`, two
/// levels of a factor compared cell by cell.
enum HeatmapCommand: Command {
    static let measure = Option<HeatmapMeasure>(
        "--measure", value: "measure", default: .time, help: "What the map shows per cell (text, figures).")
    static let grid = Option<GridSize?>(
        "--grid", value: "colsxrows", help: "Cells across and down the screen.", defaultDescription: "4x6")
    static let cellMM = Option<Double?>(
        "--cell-mm", value: "mm", help: "Square cells of this side instead of --grid (needs the device's density).")
    static let position = Option<HeatmapPosition>(
        "--position", value: "point", default: .target, help: "Place each trial by its target centre or its touch.")
    static let by = Option<String?>("--by", value: "factor", help: "One map per level of this factor.")
    static let device = Option<String?>(
        "--device", value: "name", help: "Map this device's trials, when the selection holds several devices.")
    static let minimumTrials = Option<Int>(
        "--min-n", value: "trials", default: 5, help: "Cells with fewer trials are left empty.")
    static let diff = Option<LevelFilter?>(
        "--diff", value: "factor=a,b", help: "Compare level a with level b cell by cell (time ratio, error difference)."
    )
    static let adjust = Option<PValueAdjustment>(
        "--adjust", value: "method", default: .holm, help: "The correction across cells of a --diff map.")
    static let attempts = SelectionOptions.attempts(default: .all)
    static let format = SharedOptions.format()
    static let out = SharedOptions.out()

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
        options: [measure, grid, cellMM, position, by, device, minimumTrials, diff, adjust]
            + SelectionOptions.all(attempts: attempts) + [format, out, SharedOptions.database],
        examples: [
            "thumblab heatmap --grid 4x7 --device small",
            "thumblab heatmap --measure error --cell-mm 10 --by technique --format csv",
            "thumblab heatmap --diff technique=ThumbSpace,Direct --measure time --out diff.json",
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let chosen = try arguments.resultFormat(Self.format, out: Self.out)
        let size = try gridSize(arguments, grid: Self.grid, cellMM: Self.cellMM)
        let study = try arguments.openStudy(console: console)
        let selection = arguments.selection(attempts: Self.attempts)
        let text: String
        if let diff = arguments[Self.diff] {
            guard diff.levels.count == 2 else {
                throw CLIError.usage("--diff \(diff) names \(diff.levels.count) levels; give two: FACTOR=A,B")
            }
            if arguments[Self.by] != nil { throw CLIError.usage("--diff and --by cannot be combined; choose one") }
            let report = try study.heatmapDifference(
                HeatmapDifferenceRequest(
                    factor: diff.factor, levels: (diff.levels[0], diff.levels[1]), measure: arguments[Self.measure],
                    grid: size, position: arguments[Self.position], device: arguments[Self.device],
                    minimumTrials: arguments[Self.minimumTrials], adjustment: arguments[Self.adjust]),
                selection: selection)
            text =
                chosen == .json
                ? HeatmapDifferenceTables.json(report).rendered() + "\n"
                : chosen == .csv
                    ? HeatmapDifferenceTables.cellTable(report).rendered(as: .csv)
                    : HeatmapDifferenceTables.tables(report).rendered(as: chosen)
        } else {
            let report = try study.heatmap(
                HeatmapRequest(
                    measure: arguments[Self.measure], grid: size, position: arguments[Self.position],
                    by: arguments[Self.by], device: arguments[Self.device], minimumTrials: arguments[Self.minimumTrials]
                ),
                selection: selection)
            text =
                chosen == .json
                ? HeatmapTables.json(report).rendered() + "\n"
                : chosen == .csv
                    ? HeatmapTables.cellTable(report).rendered(as: .csv)
                    : HeatmapTables.tables(report).rendered(as: chosen)
        }
        try console.deliver(text, to: arguments[Self.out])
    }

    /// `--grid` or `--cell-mm` (not both), else 4x6.
    static func gridSize(_ arguments: ParsedArguments, grid: Option<GridSize?>, cellMM: Option<Double?>) throws
        -> GridSize
    {
        switch (arguments[grid], arguments[cellMM]) {
        case (.some, .some): throw CLIError.usage("--grid and --cell-mm both size the cells; give one")
        case (let size?, nil): return size
        case (nil, let side?):
            guard side > 0 else { throw CLIError.usage("--cell-mm expects a positive number of mm, found \(side)") }
            return .millimetres(side)
        case (nil, nil): return .cells(columns: 4, rows: 6)
        }
    }
}

extension HeatmapMeasure: ExpressibleByArgument {}
extension HeatmapPosition: ExpressibleByArgument {}

extension GridSize: ExpressibleByArgument {
    init?(argument: String) {
        guard let size = try? GridSize(parsing: argument) else { return nil }
        self = size
    }

    var argumentText: String { description }
    static var expectation: String { "COLSxROWS with 1 to 10000 of each, such as 4x7" }
}
