/// A difference map's parameters: two levels of a factor compared cell by cell.
///
/// ``Study/heatmapDifference(_:selection:)`` reads every attempt by default
/// (``Selection/everyAttempt``); the report's ``HeatmapDifferenceReport/selection`` states
/// the policy used.
public struct HeatmapDifferenceRequest: Sendable, Equatable {
    /// The factor whose two levels are compared, such as `technique`.
    public var factor: String
    /// The level compared (A) and the one it is compared with (B).
    public var levels: (String, String)
    /// `.time` (ratio of geometric means) or `.error` (difference of proportions).
    public var measure: HeatmapMeasure
    /// How the screen is divided into cells; 4 x 6 cells by default.
    public var grid: GridSize
    /// Which point of a trial places it in a cell: the target's centre by default.
    public var position: HeatmapPosition
    /// The device whose trials are compared; `nil` when the selection holds one device only.
    public var device: String?
    /// Cells where either level has fewer trials are not compared.
    public var minimumTrials: Int
    /// How the cells' p-values are adjusted for the number of cells tested; Holm by default.
    public var adjustment: PValueAdjustment
    /// Adjusted p below this marks a cell as differing.
    public var alpha: Double

    /// A difference map of `levels.0` against `levels.1` of `factor`; see the properties
    /// for each parameter's meaning and default.
    public init(
        factor: String, levels: (String, String), measure: HeatmapMeasure = .time,
        grid: GridSize = .cells(columns: 4, rows: 6), position: HeatmapPosition = .target, device: String? = nil,
        minimumTrials: Int = 5, adjustment: PValueAdjustment = .holm, alpha: Double = 0.05
    ) {
        self.factor = factor
        self.levels = levels
        self.measure = measure
        self.grid = grid
        self.position = position
        self.device = device
        self.minimumTrials = minimumTrials
        self.adjustment = adjustment
        self.alpha = alpha
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.factor == b.factor && a.levels == b.levels && a.measure == b.measure && a.grid == b.grid
            && a.position == b.position && a.device == b.device && a.minimumTrials == b.minimumTrials
            && a.adjustment == b.adjustment && a.alpha == b.alpha
    }
}

/// One cell of a difference map.
public struct DifferenceCell: Sendable, Equatable {
    /// The cell's column, from 0 at the left edge.
    public var column: Int
    /// The cell's row, from 0 at the top edge.
    public var row: Int
    /// The cell's rectangle on the screen, px.
    public var frame: CellFrame
    /// Trials of level A placed in the cell.
    public var trialsA: Int
    /// Trials of level B placed in the cell.
    public var trialsB: Int
    /// Whether both levels reach the minimum number of trials.
    public var isShown: Bool
    /// Level A's figure in the cell, pooling its trials: geometric-mean time (ms) or error
    /// rate; `nil` when not shown or without a time (hit).
    public var valueA: Double?
    /// Level B's figure in the cell, as ``valueA``.
    public var valueB: Double?
    /// Time: the ratio A/B of the participants' geometric means, exp of the mean paired
    /// difference of ln means, with its 95% interval. Error: pooled error rate A − B (no
    /// interval).
    public var difference: Double?
    /// Lower limit of the 95% interval of the time ratio; `nil` for error maps and untested cells.
    public var ciLow: Double?
    /// Upper limit of the 95% interval of the time ratio; `nil` for error maps and untested cells.
    public var ciHigh: Double?
    /// Participants with trials at both levels in the cell.
    public var pairs: Int
    /// t (time) or W+ (error), `nil` when the cell could not be tested.
    public var statistic: Double?
    /// Degrees of freedom of the paired t-test (pairs − 1); `nil` for error maps.
    public var df: Double?
    /// The test's two-sided p-value, `nil` when the cell was not tested.
    public var p: Double?
    /// The p-value after the request's adjustment across the cells tested.
    public var pAdjusted: Double?
    /// Whether the adjusted p-value is below the request's alpha.
    public var differs: Bool
    /// Why a shown cell was not tested, for example `1 pair`.
    public var untested: String?
}

/// A difference map: per screen cell, level A against level B with a paired test across
/// participants and an adjustment across cells.
public struct HeatmapDifferenceReport: Sendable, Equatable {
    /// The trials and participants the map was drawn from.
    public var selection: SelectionSummary
    /// The parameters the map was drawn with.
    public var request: HeatmapDifferenceRequest
    /// The device whose screen the grid spans; `nil` when the imports named none and the
    /// grid spans the bounding box of the positions.
    public var device: Device?
    /// The grid the trials were placed on.
    public var grid: ScreenGrid
    /// The cells, row by row from the top-left.
    public var cells: [DifferenceCell]
    /// Cells tested.
    public var tested: Int
    /// Cells whose adjusted p-value is below alpha.
    public var differing: Int
    /// How the map was computed, in words.
    public var methods: String
    /// How factors and levels are shown in its tables and figures.
    public var names = DisplayNames()

    /// The heading of the difference column, such as `time ratio Shift/Direct` or
    /// `error rate Shift − Direct`.
    public var differenceName: String {
        request.measure == .time
            ? "time ratio \(request.levels.0)/\(request.levels.1)"
            : "error rate \(request.levels.0) − \(request.levels.1)"
    }
}
