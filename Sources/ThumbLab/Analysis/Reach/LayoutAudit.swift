/// A layout audit's parameters: the reach zone it is checked against and the smallest
/// recommended target.
public struct LayoutAuditRequest: Sendable, Equatable {
    public var zone: ReachZoneRequest
    /// Elements whose smaller side is below this many mm are flagged (9.2 mm: Parhi et al.
    /// 2006, one-handed thumb taps).
    public var minimumSizeMM: Double

    public init(zone: ReachZoneRequest = ReachZoneRequest(), minimumSizeMM: Double = 9.2) {
        self.zone = zone
        self.minimumSizeMM = minimumSizeMM
    }
}

/// Where an element lies against the reach zone.
public enum ReachStatus: String, Sendable {
    /// Every measured cell it covers is in the zone.
    case inside
    /// Some are.
    case partly
    /// None is.
    case outside
    /// It covers no cell with enough trials.
    case unmeasured
}

/// One layout element checked against the measured map.
public struct ElementAudit: Sendable, Equatable {
    public var element: LayoutElement
    /// The frame in device px.
    public var frame: CellFrame
    public var widthMM: Double
    public var heightMM: Double
    /// The grid cells the frame overlaps, as (column, row), and those with enough trials.
    public var cells: [GridCell]
    public var measuredCells: Int
    /// Trials in the measured cells, their pooled error rate with its adjusted-Wald
    /// interval, and their geometric-mean time (the cells' weighted by their trials).
    public var trials: Int
    public var errorRate: Double?
    public var errorCILow: Double?
    public var errorCIHigh: Double?
    public var timeGeomean: Double?
    public var reach: ReachStatus
    /// Whether a tappable element's smaller side is below the request's minimum size.
    public var isBelowMinimumSize: Bool
}

/// A grid cell's column and row.
public struct GridCell: Sendable, Equatable, CustomStringConvertible {
    public var column: Int
    public var row: Int

    public var description: String { "\(column),\(row)" }
}

/// A screen layout checked against one device's measured heatmap and reach zone.
public struct LayoutAuditReport: Sendable, Equatable {
    public var layout: ScreenLayout
    public var request: LayoutAuditRequest
    public var zone: ReachZone
    public var elements: [ElementAudit]
    public var methods: String

    public var selection: SelectionSummary { zone.heatmap.selection }
    public var device: Device { zone.heatmap.device! }
}
