import ThumbLab

/// `thumblab reach`: the screen cells each device's thumb reaches fast and accurately.
enum ReachCommand: Command {
    static let by = Option<String?>("--by", value: "factor", help: "One zone per level of this factor (a hand).")
    static let format = SharedOptions.format(TablesOrFigure.allCases, default: .text)
    static let out = SharedOptions.out(formats: TablesOrFigure.allCases)

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
        ] + SelectionOptions.all(attempts: SpatialOptions.attempts) + [
            format, out, SharedOptions.scale, SharedOptions.database,
        ],
        examples: [
            "thumblab reach --grid 4x7",
            "thumblab reach --cell-mm 10 --time-tolerance 0.15 --format json",
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let chosen = try arguments.figureResultFormat(Self.format, out: Self.out)
        let size = try arguments.gridSize()
        let study = try arguments.openStudy(console: console)
        let report = try study.reachZones(
            ReachZoneRequest(
                grid: size, position: arguments[SpatialOptions.position], by: arguments[Self.by],
                device: arguments[SpatialOptions.device],
                minimumTrials: arguments[SpatialOptions.minimumTrials],
                timeTolerance: arguments[SpatialOptions.tolerance]),
            selection: try arguments.selection(attempts: SpatialOptions.attempts, in: study))
        let text: String
        switch chosen.table {
        case .json: text = ReachZoneTables.json(report).rendered() + "\n"
        case .csv: text = ReachZoneTables.cellTable(report).rendered(as: .csv)
        case let table?: text = ReachZoneTables.tables(report).rendered(as: table)
        case nil:
            return try arguments.deliverFigure(
                try ReachFigures.figure(report).figure(), as: chosen, out: Self.out, console: console)
        }
        try console.deliver(text, to: arguments[Self.out])
    }
}
