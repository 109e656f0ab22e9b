/// A reach zone's parameters.
///
/// ``Study/reachZones(_:selection:)`` reads every attempt by default
/// (``Selection/everyAttempt``); the report's ``ReachZoneReport/selection`` states the
/// policy used.
public struct ReachZoneRequest: Sendable, Equatable {
    /// How the screen is divided into cells; 4 x 6 cells by default.
    public var grid: GridSize
    /// Which point of a trial places it in a cell: the target's centre by default.
    public var position: HeatmapPosition
    /// One zone per level of this factor (a hand, a technique) and device.
    public var by: String?
    /// Only this device's zone; every device's by default.
    public var device: String?
    /// Cells with fewer trials are not measured and never in the zone; 5 by default.
    public var minimumTrials: Int
    /// A cell is fast when its geometric-mean time is at most (1 + this) times the fastest
    /// cell's.
    public var timeTolerance: Double

    /// A reach zone request; see the properties for each parameter's meaning and default.
    public init(
        grid: GridSize = .cells(columns: 4, rows: 6), position: HeatmapPosition = .target, by: String? = nil,
        device: String? = nil, minimumTrials: Int = 5, timeTolerance: Double = 0.10
    ) {
        self.grid = grid
        self.position = position
        self.by = by
        self.device = device
        self.minimumTrials = minimumTrials
        self.timeTolerance = timeTolerance
    }

    /// The heatmap a zone is drawn on.
    var heatmap: HeatmapRequest {
        HeatmapRequest(
            measure: .time, grid: grid, position: position, by: by, device: device, minimumTrials: minimumTrials)
    }
}

/// The cells of one map where the thumb is both fast and accurate.
public struct ReachZone: Sendable, Equatable {
    /// The heatmap of the device, holding only the zone's map.
    public var heatmap: HeatmapReport
    /// Per cell of the map (row by row), whether it is in the zone.
    public var inZone: [Bool]
    /// The fastest measured cell's geometric-mean time, ms.
    public var fastestTime: Double
    /// The slowest time a zone cell may have: ``fastestTime`` × (1 + the time tolerance), ms.
    public var timeLimit: Double
    /// The most accurate measured cell's error rate (ties go to the cell with more
    /// recorded trials).
    public var bestErrorRate: Double
    /// The highest error rate a zone cell may have: the upper end of the most accurate
    /// cell's adjusted-Wald 95% interval.
    public var errorLimit: Double
    /// The zone's share of the grid's area (the screen's, with a device), 0 to 1.
    public var share: Double

    /// The zone's map: its device's (and level's) cells.
    public var map: HeatmapMap { heatmap.maps[0] }
    /// The cells in the zone, row by row.
    public var zoneCells: [HeatmapCell] { zip(map.cells, inZone).filter(\.1).map(\.0) }

    /// The zone of a one-map heatmap, or `nil` when no cell has both a time and an error rate.
    init?(heatmap: HeatmapReport, timeTolerance: Double) {
        let cells = heatmap.maps[0].cells
        let rated = cells.filter { $0.isShown && $0.timeGeomean != nil && $0.errorRate != nil }
        guard let fastest = rated.map({ $0.timeGeomean! }).min(),
            let best = rated.min(by: { ($0.errorRate!, -$0.recorded) < ($1.errorRate!, -$1.recorded) })
        else { return nil }
        self.heatmap = heatmap
        fastestTime = fastest
        timeLimit = fastest * (1 + timeTolerance)
        bestErrorRate = best.errorRate!
        errorLimit = best.errorCIHigh ?? best.errorRate!
        let limits = (time: timeLimit, error: errorLimit)
        inZone = cells.map { cell in
            guard cell.isShown, let time = cell.timeGeomean, let error = cell.errorRate else { return false }
            return time <= limits.time && error <= limits.error
        }
        let grid = heatmap.grid
        let area = (grid.maxX - grid.minX) * (grid.maxY - grid.minY)
        let covered = zip(cells, inZone).filter(\.1).reduce(0.0) { sum, pair in
            let frame = pair.0.frame
            return sum + (frame.x1 - frame.x0) * (frame.y1 - frame.y0)
        }
        share = area > 0 ? covered / area : 0
    }
}

/// Reach zones per device (and per level of `by`), side by side.
public struct ReachZoneReport: Sendable, Equatable {
    /// The trials and participants placed on the grids.
    public var selection: SelectionSummary
    /// The parameters the zones were drawn with.
    public var request: ReachZoneRequest
    /// One zone per device (by name) and level of ``ReachZoneRequest/by``.
    public var zones: [ReachZone]
    /// Maps without a cell that has both a time and an error rate: no zone.
    public var withoutZone: [String]
    /// How the zones were drawn, in words.
    public var methods: String
    /// How factors and levels are shown in its tables and figures.
    public var names = DisplayNames()
}
