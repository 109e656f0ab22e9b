import ThumbLab

/// The options of the spatial commands (`heatmap`, `reach`, `audit`, `density`,
/// `direction`, `target-size`), spelled and explained the same way in each.
enum SpatialOptions {
    /// `--device NAME`: the one device whose trials a spatial analysis reads.
    static let device = Option<String?>(
        "--device", value: "name",
        help: "Read only the trials recorded on this device; coordinates of several are never pooled.",
        defaultDescription: "the selection's only device")
    static let grid = Option<GridSize?>(
        "--grid", value: "colsxrows", help: "Cells across and down the screen.", defaultDescription: "4x6")
    static let cellMM = Option<Double?>(
        "--cell-mm", value: "mm", help: "Square cells of this side instead of --grid (needs the device's density).")
    static let position = Option<HeatmapPosition>(
        "--position", value: "point", default: .target, help: "Place each trial by its target centre or its touch.")
    static let minimumTrials = Option<Int>(
        "--min-n", value: "trials", default: 5, help: "Cells with fewer trials are left empty.")
    static let tolerance = Option<Double>(
        "--time-tolerance", value: "fraction", default: 0.1,
        help: "The reach zone's time limit: within this fraction of the fastest cell's geometric-mean time.")
    /// Every attempt counts: each tap is an observation of the place it landed.
    static let attempts = SelectionOptions.attempts(default: .all)
}

extension ParsedArguments {
    /// `--grid` or `--cell-mm` (not both), else 4x6.
    func gridSize() throws -> GridSize {
        switch (self[SpatialOptions.grid], self[SpatialOptions.cellMM]) {
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
