/// One screen cell of a heatmap. Cells with fewer trials than the heatmap's minimum keep
/// their counts but give no figure (`isShown` false).
public struct HeatmapCell: Sendable, Equatable {
    /// The cell's column, from 0 at the left edge.
    public var column: Int
    /// The cell's row, from 0 at the top edge.
    public var row: Int
    /// The cell's rectangle on the screen, px.
    public var frame: CellFrame
    /// Trials placed in the cell.
    public var trials: Int
    /// Trials with a recorded hit or miss.
    public var recorded: Int
    /// Hits among the ``recorded`` trials.
    public var hits: Int
    /// Participants with a trial in the cell.
    public var participants: Int
    /// Whether the cell has at least the heatmap's minimum number of trials; the figures
    /// below are `nil` when it has not.
    public var isShown: Bool
    /// Misses over ``recorded`` trials, 0 to 1; `nil` without a recorded hit.
    public var errorRate: Double?
    /// Lower limit of the adjusted-Wald 95% interval of the error rate.
    public var errorCILow: Double?
    /// Upper limit of the adjusted-Wald 95% interval of the error rate.
    public var errorCIHigh: Double?
    /// Median time of the cell's trials (R's type 7 quantile), ms; `nil` without a time.
    public var timeMedian: Double?
    /// Geometric-mean time of the cell's trials, exp of their mean ln time, ms; `nil`
    /// without a positive time.
    public var timeGeomean: Double?
    /// Mean horizontal offset, touch minus target, px (positive: right of the target);
    /// `nil` without both points.
    public var offsetDX: Double?
    /// Mean vertical offset, touch minus target, px (positive: below the target).
    public var offsetDY: Double?
    /// ``offsetDX`` in mm, `nil` when the device is unknown.
    public var offsetDXMM: Double?
    /// ``offsetDY`` in mm, `nil` when the device is unknown.
    public var offsetDYMM: Double?

    /// The figure `measure` colours, `nil` for an empty cell.
    public func value(_ measure: HeatmapMeasure) -> Double? {
        guard isShown else { return nil }
        switch measure {
        case .count: return Double(trials)
        case .time: return timeGeomean
        case .error: return errorRate
        case .offset:
            if let dx = offsetDXMM, let dy = offsetDYMM { return (dx * dx + dy * dy).squareRoot() }
            guard let dx = offsetDX, let dy = offsetDY else { return nil }
            return (dx * dx + dy * dy).squareRoot()
        }
    }
}

/// One map: the cells, row by row from the top-left, of one level of the `by` factor (or
/// of every selected trial).
public struct HeatmapMap: Sendable, Equatable {
    /// The level of the `by` factor, `nil` without one.
    public var level: String?
    /// Trials placed on the map.
    public var trials: Int
    /// Participants with a trial placed on the map.
    public var participants: Int
    /// The cells, row by row from the top-left: cell `row * columns + column`.
    public var cells: [HeatmapCell]
}

/// A heatmap: per screen cell trials, error rate, time and offsets, for one device.
public struct HeatmapReport: Sendable, Equatable {
    /// The trials and participants placed on the grid.
    public var selection: SelectionSummary
    /// The parameters the heatmap was drawn with.
    public var request: HeatmapRequest
    /// The device whose screen the grid spans; `nil` when the imports named none and the
    /// grid spans the bounding box of the positions.
    public var device: Device?
    /// The grid the trials were placed on.
    public var grid: ScreenGrid
    /// One map per level of ``HeatmapRequest/by``, in the factor's level order, or one map
    /// of every trial.
    public var maps: [HeatmapMap]
    /// Selected trials without the position used: left out.
    public var withoutPosition: Int
    /// Selected trials whose position lies off the grid: left out.
    public var outside: Int
    /// How the heatmap was computed, in words.
    public var methods: String
    /// How factors and levels are shown in its tables and figures.
    public var names = DisplayNames()

    /// The unit of `measure`'s values.
    public func unit(_ measure: HeatmapMeasure) -> String {
        switch measure {
        case .count: "trials"
        case .time: "ms"
        case .error: "proportion"
        case .offset: device == nil ? "px" : "mm"
        }
    }
}
