import ThumbLab

/// `thumblab direction`: time and errors by the direction of the movement.
enum DirectionCommand: Command {
    static let device = SpatialOptions.device
    static let format = SharedOptions.format(TablesOrFigure.allCases, default: .text)
    static let out = SharedOptions.out(formats: TablesOrFigure.allCases)

    static let spec = CommandSpec(
        name: "direction",
        abstract: "Compare time and errors by movement direction, and the NW-SE against NE-SW diagonal.",
        discussion: """
            The direction from each trial's start point (start_x, start_y) to the target centre, \
            as a compass bearing on the screen with y down (N is up), in 8 sectors of 45° centred \
            on N, NE, E, SE, S, SW, W and NW. Per sector and per participant: trials, the geometric \
            mean time and the error rate with its adjusted-Wald CI. Then the contrast Karlson et \
            al. reported for right-handed thumbs: per participant the mean ln time of the NW and \
            SE sectors against NE and SW, with a paired t-test (ratio of geometric means), and \
            the error proportions with the Wilcoxon signed-rank test. Every attempt counts by \
            default; trials of several devices are never pooled.
            """,
        options: [device] + SelectionOptions.all(attempts: SpatialOptions.attempts) + [
            format, out, SharedOptions.scale, SharedOptions.database,
        ],
        examples: [
            "thumblab direction --device small",
            "thumblab direction --device large --where block=2,3 --format json",
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let chosen = try arguments.figureResultFormat(Self.format, out: Self.out)
        let study = try arguments.openStudy(console: console)
        let report = try study.direction(
            DirectionRequest(device: arguments[Self.device]),
            selection: try arguments.selection(attempts: SpatialOptions.attempts, in: study))
        let text: String
        switch chosen.table {
        case .json: text = DirectionTables.json(report).rendered() + "\n"
        case let table?: text = DirectionTables.tables(report, decimals: table == .csv ? nil : 3).rendered(as: table)
        case nil:
            return try arguments.deliverFigure(
                try SpatialCharts.direction(report).figure(), as: chosen, out: Self.out, console: console)
        }
        try console.deliver(text, to: arguments[Self.out])
    }
}
