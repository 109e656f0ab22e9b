/// The unit that spatial results give lengths in: millimetres when the device's density
/// is known, else the screen's pixels.
public enum LengthUnit: String, Sendable, Equatable {
    case millimetres = "mm"
    case pixels = "px"
}

/// How a density's bandwidth was chosen.
public enum BandwidthRule: Sendable, Equatable {
    /// Scott's rule per axis, h = σ n^(−1/6), for each map on its own touches.
    case scott
    /// One bandwidth for both axes, as given, in the result's unit.
    case fixed(Double)
}

/// What `thumblab density` asks for.
public struct DensityRequest: Sendable, Equatable {
    /// One bandwidth for both axes, in mm (in px for data without a device); `nil` for
    /// Scott's rule.
    public var bandwidth: Double?
    /// The grid the density is evaluated on; `nil` for cells of 1 mm over the device's
    /// screen, or 100 cells along the longer side of the touches' bounding box when the
    /// device is unknown.
    public var grid: GridSize?
    /// The device whose trials are read; `nil` when the selection holds one device only.
    public var device: String?
    /// One map per cell of these factors; one map of every touch when empty.
    public var by: [String]
    /// The coarser grid of the mean offset field (touch minus target per cell, placed by
    /// target); with at most one `by` factor.
    public var offsetGrid: GridSize

    public init(
        bandwidth: Double? = nil, grid: GridSize? = nil, device: String? = nil, by: [String] = [],
        offsetGrid: GridSize = .cells(columns: 4, rows: 6)
    ) {
        self.bandwidth = bandwidth
        self.grid = grid
        self.device = device
        self.by = by
        self.offsetGrid = offsetGrid
    }
}

/// The density of one map: the touches of one cell of the `by` factors.
public struct DensityMap: Sendable, Equatable {
    /// The map's level of each factor of ``DensityReport/factors``.
    public var levels: [String]
    /// Touches the map estimates from.
    public var n: Int
    public var participants: Int
    /// The bandwidth on each axis, in ``DensityReport/unit``.
    public var bandwidthX: Double
    public var bandwidthY: Double
    /// The density at each grid point, row-major (`row * columns + column`), in touches
    /// per square ``DensityReport/unit``.
    public var density: [Double]
    /// The grid point of the highest density.
    public var peakColumn: Int
    public var peakRow: Int
    public var peakDensity: Double
    /// Σ density × cell area over the grid: the share of the density on the grid.
    public var massOnGrid: Double
}

/// What `thumblab density` reports: touch densities on a grid over one device's screen,
/// ready to print as a table or draw as a map.
public struct DensityReport: Sendable, Equatable {
    public var selection: SelectionSummary
    /// The device whose coordinates were read; `nil` when the imports named none.
    public var device: Device?
    public var factors: [String]
    /// The grid, in px; the density is evaluated at each cell's centre.
    public var grid: ScreenGrid
    /// The centre of each column and row of the grid, px.
    public var columnCentres: [Double]
    public var rowCentres: [Double]
    public var unit: LengthUnit
    public var bandwidthRule: BandwidthRule
    public var maps: [DensityMap]
    /// The mean offset (touch minus target) per cell of ``DensityRequest/offsetGrid``,
    /// Henze-style, one map per level of the `by` factor; `nil` with two or more `by`
    /// factors or without target positions.
    public var offsetField: HeatmapReport?
    /// How the density was computed, in words.
    public var methods: String

    /// A length in px in the report's unit.
    public func length(_ px: Double) -> Double {
        device.map { $0.millimetres(px) } ?? px
    }
}
