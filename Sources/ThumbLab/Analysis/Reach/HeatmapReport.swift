/// One screen cell of a heatmap. Cells with fewer trials than the heatmap's minimum keep
/// their counts but give no figure (`isShown` false).
public struct HeatmapCell: Sendable, Equatable {
    public var column: Int
    public var row: Int
    public var frame: CellFrame
    public var trials: Int
    /// Trials with a recorded hit, and the hits among them.
    public var recorded: Int
    public var hits: Int
    public var participants: Int
    public var isShown: Bool
    public var errorRate: Double?
    public var errorCILow: Double?
    public var errorCIHigh: Double?
    public var timeMedian: Double?
    public var timeGeomean: Double?
    /// Mean offset, touch minus target, px.
    public var offsetDX: Double?
    public var offsetDY: Double?
    /// The same in mm, when the device is known.
    public var offsetDXMM: Double?
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
    public var trials: Int
    public var participants: Int
    public var cells: [HeatmapCell]
}

/// A heatmap: per screen cell trials, error rate, time and offsets, for one device.
public struct HeatmapReport: Sendable, Equatable {
    public var selection: SelectionSummary
    public var request: HeatmapRequest
    /// The device whose screen the grid spans; `nil` when the imports named none and the
    /// grid spans the bounding box of the positions.
    public var device: Device?
    public var grid: ScreenGrid
    public var maps: [HeatmapMap]
    /// Selected trials without the position used, and those off the grid: left out.
    public var withoutPosition: Int
    public var outside: Int
    public var methods: String

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
