import ThumbLab

/// `thumblab reach`: the screen cells each device's thumb reaches fast and accurately.
enum ReachCommand: Command {
    static let grid = Option<GridSize?>(
        "--grid", value: "colsxrows", help: "Cells across and down the screen.", defaultDescription: "4x6")
    static let cellMM = Option<Double?>(
        "--cell-mm", value: "mm", help: "Square cells of this side instead of --grid (needs the device's density).")
    static let position = Option<HeatmapPosition>(
        "--position", value: "point", default: .target, help: "Place each trial by its target centre or its touch.")
    static let by = Option<String?>("--by", value: "factor", help: "One zone per level of this factor (a hand).")
    static let device = Option<String?>("--device", value: "name", help: "Only this device's zone.")
    static let minimumTrials = Option<Int>(
        "--min-n", value: "trials", default: 5, help: "Cells with fewer trials are left out.")
    static let tolerance = Option<Double>(
        "--time-tolerance", value: "fraction", default: 0.1,
        help: "A cell is fast when its geometric-mean time is within this fraction of the fastest cell's.")
    static let attempts = SelectionOptions.attempts(default: .all)
    static let format = SharedOptions.format()
    static let out = SharedOptions.out()

    static let spec = CommandSpec(
        name: "reach",
        abstract: "Find the reach zone: the screen cells a thumb taps both fast and accurately.",
        discussion: """
            Per device (and per level of --by), a cell is in the reach zone when its \
            geometric-mean time is within --time-tolerance of the fastest cell's and its error \
            rate is not above the upper end of the most accurate cell's adjusted-Wald 95% \
            interval. Prints the limits, the zone as a grid and its share of the screen.
            """,
        options: [grid, cellMM, position, by, device, minimumTrials, tolerance]
            + SelectionOptions.all(attempts: attempts) + [format, out, SharedOptions.database],
        examples: [
            "thumblab reach --grid 4x7",
            "thumblab reach --cell-mm 10 --time-tolerance 0.15 --format json",
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let chosen = try arguments.resultFormat(Self.format, out: Self.out)
        let size = try HeatmapCommand.gridSize(arguments, grid: Self.grid, cellMM: Self.cellMM)
        let report = try arguments.openStudy(console: console).reachZones(
            ReachZoneRequest(
                grid: size, position: arguments[Self.position], by: arguments[Self.by], device: arguments[Self.device],
                minimumTrials: arguments[Self.minimumTrials], timeTolerance: arguments[Self.tolerance]),
            selection: arguments.selection(attempts: Self.attempts))
        let text =
            chosen == .json
            ? ReachZoneTables.json(report).rendered() + "\n"
            : chosen == .csv
                ? ReachZoneTables.cellTable(report).rendered(as: .csv)
                : ReachZoneTables.tables(report).rendered(as: chosen)
        try console.deliver(text, to: arguments[Self.out])
    }
}
