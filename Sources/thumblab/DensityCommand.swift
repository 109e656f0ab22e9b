import ThumbLab

/// `thumblab density`: where touches land, as a kernel density over the screen.
enum DensityCommand: Command {
    static let bandwidth = Option<Double?>(
        "--bandwidth", value: "mm", help: "One kernel bandwidth for both axes (in px when the device is unknown).",
        defaultDescription: "Scott's rule per axis, h = SD x n^(-1/6)")
    static let cellMM = Option<Double?>(
        "--cell-mm", value: "mm", help: "Evaluate the density on square cells of this side.",
        defaultDescription: "1 mm cells over the device's screen")
    static let grid = Option<GridSize?>(
        "--grid", value: "colsxrows",
        help: "Evaluate the density on a grid of this many columns and rows, such as 50x90.")
    static let device = SpatialOptions.device
    static let by = Option<[String]>(
        "--by", value: "factor", help: "One density map per level of this factor; repeatable.")

    static let spec = CommandSpec(
        name: "density",
        abstract: "Estimate where touches land: a kernel density over the screen.",
        discussion: """
            A Gaussian kernel density estimate of the touch points (touch_x, touch_y) on a grid \
            over the device's screen, in the share of touches per mm² (it integrates to 1 over the plane). \
            Every attempt counts by default. Text and Markdown print the bandwidths, the number \
            of touches and the peak; CSV and JSON print one row per grid point (col, row, x, y \
            in px, x_mm, y_mm, density). Trials of several devices are never pooled: choose one \
            with --device.
            """,
        options: [bandwidth, cellMM, grid, device, by] + SelectionOptions.all(attempts: SpatialOptions.attempts)
            + SharedOptions.figureOutput,
        examples: [
            "thumblab density --device small",
            "thumblab density --device small --bandwidth 3 --grid 50x90 --out density.csv",
            "thumblab density --by technique --format json",
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let chosen = try arguments.figureResultFormat()
        let size: GridSize?
        switch (arguments[Self.cellMM], arguments[Self.grid]) {
        case (.some, .some): throw CLIError.usage("--cell-mm and --grid both set the grid; give one of them.")
        case (.some(let side), nil):
            guard side > 0 else { throw CLIError.usage("--cell-mm expects a positive number of mm, found \(side).") }
            size = .millimetres(side)
        case (nil, let grid): size = grid
        }
        let request = DensityRequest(
            bandwidth: arguments[Self.bandwidth], grid: size, device: arguments[Self.device], by: arguments[Self.by])
        let report = try arguments.analyse(attempts: SpatialOptions.attempts, console: console) {
            try $0.density(request, selection: $1)
        }
        try arguments.deliverResult(
            chosen, console: console, json: { DensityTables.json(report) },
            tables: {
                $0 == .csv
                    ? DensityTables.grid(report).rendered(as: .csv) : DensityTables.tables(report).rendered(as: $0)
            },
            figure: { try SpatialCharts.density(report).figure(size: $0) })
    }
}
