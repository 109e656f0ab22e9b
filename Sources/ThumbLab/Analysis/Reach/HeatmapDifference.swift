/// A difference map's parameters: two levels of a factor compared cell by cell.
public struct HeatmapDifferenceRequest: Sendable, Equatable {
    public var factor: String
    /// The level compared (A) and the one it is compared with (B).
    public var levels: (String, String)
    /// `.time` (ratio of geometric means) or `.error` (difference of proportions).
    public var measure: HeatmapMeasure
    public var grid: GridSize
    public var position: HeatmapPosition
    public var device: String?
    /// Cells where either level has fewer trials are not compared.
    public var minimumTrials: Int
    public var adjustment: PValueAdjustment
    /// Adjusted p below this marks a cell as differing.
    public var alpha: Double

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
    public var column: Int
    public var row: Int
    public var frame: CellFrame
    public var trialsA: Int
    public var trialsB: Int
    /// Whether both levels reach the minimum number of trials.
    public var isShown: Bool
    /// The cell's figure at each level: pooled geometric-mean time or error rate.
    public var valueA: Double?
    public var valueB: Double?
    /// Time: the ratio A/B of the participants' geometric means, exp of the mean paired
    /// difference of ln means, with its 95% interval. Error: pooled error rate A − B (no
    /// interval).
    public var difference: Double?
    public var ciLow: Double?
    public var ciHigh: Double?
    /// Participants with trials at both levels in the cell.
    public var pairs: Int
    /// t (time) or W+ (error), `nil` when the cell could not be tested.
    public var statistic: Double?
    public var df: Double?
    public var p: Double?
    public var pAdjusted: Double?
    public var differs: Bool
    /// Why a shown cell was not tested, for example `1 pair`.
    public var untested: String?
}

/// A difference map: per screen cell, level A against level B with a paired test across
/// participants and an adjustment across cells.
public struct HeatmapDifferenceReport: Sendable, Equatable {
    public var selection: SelectionSummary
    public var request: HeatmapDifferenceRequest
    public var device: Device?
    public var grid: ScreenGrid
    public var cells: [DifferenceCell]
    /// Cells tested, and those that differ after adjustment.
    public var tested: Int
    public var differing: Int
    public var methods: String

    /// `time ratio` or `error difference`, as tables head the difference column.
    public var differenceName: String {
        request.measure == .time
            ? "time ratio \(request.levels.0)/\(request.levels.1)"
            : "error rate \(request.levels.0) − \(request.levels.1)"
    }
}
