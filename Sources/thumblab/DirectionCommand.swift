import ThumbLab

/// `thumblab direction`: time and errors by the direction of the movement.
enum DirectionCommand: Command {
    static let device = SpatialOptions.device

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
        options: [device] + SelectionOptions.all(attempts: SpatialOptions.attempts) + SharedOptions.figureOutput,
        examples: [
            "thumblab direction --device small",
            "thumblab direction --device large --where block=2,3 --format json",
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let chosen = try arguments.figureResultFormat()
        let report = try arguments.analyse(attempts: SpatialOptions.attempts, console: console) {
            try $0.direction(DirectionRequest(device: arguments[Self.device]), selection: $1)
        }
        try arguments.deliverResult(
            chosen, console: console, json: { DirectionTables.json(report) },
            tables: { DirectionTables.tables(report, decimals: $0 == .csv ? nil : 3).rendered(as: $0) },
            figure: { try SpatialCharts.direction(report).figure(size: $0) })
    }
}
