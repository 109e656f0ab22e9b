/// How a density's bandwidth was chosen.
public enum BandwidthRule: Sendable, Equatable {
    /// Scott's rule per axis, h = σ n^(−1/6), for each map on its own touches.
    case scott
    /// One bandwidth for both axes, as given, in the result's unit.
    case fixed(Double)
}

/// What `thumblab density` asks for.
///
/// ``Study/density(_:selection:)`` reads every attempt by default
/// (``Selection/everyAttempt``), each tap being an observation of where it landed; the
/// report's ``DensityReport/selection`` states the policy used.
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

    /// A density request; see the properties for each parameter's meaning and default.
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
    /// Participants with a touch in the map.
    public var participants: Int
    /// The bandwidth on the horizontal axis, in ``DensityReport/unit``.
    public var bandwidthX: Double
    /// The bandwidth on the vertical axis, in ``DensityReport/unit``.
    public var bandwidthY: Double
    /// The density at each grid point, row-major (`row * columns + column`), in touches
    /// per square ``DensityReport/unit``.
    public var density: [Double]
    /// The column of the grid point of the highest density (the first such point, row by row).
    public var peakColumn: Int
    /// The row of the grid point of the highest density.
    public var peakRow: Int
    /// The highest density on the grid, in touches per square ``DensityReport/unit``.
    public var peakDensity: Double
    /// Σ density × cell area over the grid: the share of the density on the grid.
    public var massOnGrid: Double
}

/// What `thumblab density` reports: touch densities on a grid over one device's screen,
/// ready to print as a table or draw as a map.
public struct DensityReport: Sendable, Equatable {
    /// The touches and participants the density was estimated from.
    public var selection: SelectionSummary
    /// The device whose coordinates were read; `nil` when the imports named none.
    public var device: Device?
    /// The factors of ``DensityRequest/by``: one map per combination of their levels.
    public var factors: [String]
    /// The grid, in px; the density is evaluated at each cell's centre.
    public var grid: ScreenGrid
    /// The centre of each column of the grid, px.
    public var columnCentres: [Double]
    /// The centre of each row of the grid, px.
    public var rowCentres: [Double]
    /// The unit of bandwidths and densities: ``ScreenUnit/mm`` with a device, else
    /// ``ScreenUnit/px`` (never pt or dp).
    public var unit: ScreenUnit
    /// How the bandwidths were chosen.
    public var bandwidthRule: BandwidthRule
    /// One map per cell of the `by` factors that has touches, in level order.
    public var maps: [DensityMap]
    /// The mean offset (touch minus target) per cell of ``DensityRequest/offsetGrid``,
    /// Henze-style, one map per level of the `by` factor; `nil` with two or more `by`
    /// factors or without target positions.
    public var offsetField: HeatmapReport?
    /// How the density was computed, in words.
    public var methods: String
    /// How factors and levels are shown in its tables and figures.
    public var names = DisplayNames()

    /// A length in px in the report's unit.
    public func length(_ px: Double) -> Double {
        device.map { $0.millimetres(px) } ?? px
    }
}
