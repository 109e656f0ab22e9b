import ThumbLab

/// `thumblab reach`: the screen cells each device's thumb reaches fast and accurately.
enum ReachCommand: Command {
    static let by = Option<String?>("--by", value: "factor", help: "One zone per level of this factor (a hand).")

    static let spec = CommandSpec(
        name: "reach",
        abstract: "Find the reach zone: the screen cells a thumb taps both fast and accurately.",
        discussion: """
            Per device (and per level of --by), a cell is in the reach zone when its \
            geometric-mean time is within --time-tolerance of the fastest cell's and its error \
            rate is not above the upper end of the most accurate cell's adjusted-Wald 95% \
            interval. Prints the limits, the zone as a grid and its share of the screen.
            """,
        options: [
            SpatialOptions.grid, SpatialOptions.cellMM, SpatialOptions.position, by, SpatialOptions.device,
            SpatialOptions.minimumTrials, SpatialOptions.tolerance,
        ] + SelectionOptions.all(attempts: SpatialOptions.attempts) + SharedOptions.figureOutput,
        examples: [
            "thumblab reach --grid 4x7",
            "thumblab reach --cell-mm 10 --time-tolerance 0.15 --format json",
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let chosen = try arguments.figureResultFormat()
        let size = try arguments.gridSize()
        let request = ReachZoneRequest(
            grid: size, position: arguments[SpatialOptions.position], by: arguments[Self.by],
            device: arguments[SpatialOptions.device], minimumTrials: arguments[SpatialOptions.minimumTrials],
            timeTolerance: arguments[SpatialOptions.tolerance])
        let report = try arguments.analyse(attempts: SpatialOptions.attempts, console: console) {
            try $0.reachZones(request, selection: $1)
        }
        try arguments.deliverResult(
            chosen, console: console, json: { ReachZoneTables.json(report) },
            tables: {
                $0 == .csv
                    ? ReachZoneTables.cellTable(report).rendered(as: .csv)
                    : ReachZoneTables.tables(report).rendered(as: $0)
            },
            figure: { try ReachFigures.figure(report).figure(size: $0) })
    }
}
