import ThumbLab

/// `thumblab audit LAYOUT.json`: a screen layout checked against the measured reach.
enum AuditCommand: Command {
    static let layout = Argument<String>("layout", help: "The layout file (LAYOUT.json).")
    static let minimumSize = Option<Double>(
        "--min-size-mm", value: "mm", default: 9.2, help: "Flag elements whose smaller side is below this size.")

    static let spec = CommandSpec(
        name: "audit",
        abstract: "Check a screen layout's elements against the measured reach zone and target sizes.",
        discussion: """
            Reads LAYOUT.json (named elements with frames in px, pt, dp or mm; see the \
            documentation) and, on the measured map of the device, gives per element the \
            cells it covers, their error rate and time, whether it lies inside the reach \
            zone (thumblab reach) and whether it is smaller than --min-size-mm.
            """,
        arguments: [layout],
        options: [
            SpatialOptions.device, SpatialOptions.grid, SpatialOptions.cellMM, SpatialOptions.minimumTrials,
            SpatialOptions.tolerance,
            minimumSize,
        ] + SelectionOptions.all(attempts: SpatialOptions.attempts) + SharedOptions.figureOutput,
        examples: [
            "thumblab audit Datasets/thumb-reach/layout-small.json --device small --grid 4x7",
            "thumblab audit layout.json --device large --format csv",
        ],
        invalidInputNote: "Fix the layout file and run the audit again.")

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let chosen = try arguments.figureResultFormat()
        let layout = try ScreenLayout(contentsOf: arguments[Self.layout])
        let size = try arguments.gridSize()
        let zone = ReachZoneRequest(
            grid: size, device: arguments[SpatialOptions.device],
            minimumTrials: arguments[SpatialOptions.minimumTrials],
            timeTolerance: arguments[SpatialOptions.tolerance])
        let request = LayoutAuditRequest(zone: zone, minimumSizeMM: arguments[Self.minimumSize])
        let report = try arguments.analyse(attempts: SpatialOptions.attempts, console: console) {
            try $0.auditLayout(layout, request: request, selection: $1)
        }
        try arguments.deliverResult(
            chosen, console: console, json: { LayoutAuditTables.json(report) },
            tables: { LayoutAuditTables.tables(report, decimals: $0 == .csv ? nil : 2).rendered(as: $0) },
            figure: { try ReachFigures.figure(report).figure(size: $0) })
    }
}
