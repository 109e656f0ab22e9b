/// A layout audit's parameters: the reach zone it is checked against and the smallest
/// recommended target.
///
/// ``Study/auditLayout(_:request:selection:)`` reads every attempt by default
/// (``Selection/everyAttempt``); the report's ``LayoutAuditReport/selection`` states the
/// policy used.
public struct LayoutAuditRequest: Sendable, Equatable {
    /// The grid, device, minimum trials and time tolerance of the reach zone the layout is
    /// checked against.
    public var zone: ReachZoneRequest
    /// Elements whose smaller side is below this many mm are flagged (9.2 mm: Parhi et al.
    /// 2006, one-handed thumb taps).
    public var minimumSizeMM: Double

    /// A layout audit request; see the properties for each parameter's meaning and default.
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
    /// The element as the layout file gives it.
    public var element: LayoutElement
    /// The frame in device px.
    public var frame: CellFrame
    /// The frame's width on the device, mm.
    public var widthMM: Double
    /// The frame's height on the device, mm.
    public var heightMM: Double
    /// The grid cells the frame overlaps (by more than an edge), row by row.
    public var cells: [GridCell]
    /// How many of ``cells`` have enough trials to be measured.
    public var measuredCells: Int
    /// Trials in the measured cells.
    public var trials: Int
    /// Misses over recorded trials in the measured cells, pooled; `nil` without one.
    public var errorRate: Double?
    /// Lower limit of the adjusted-Wald 95% interval of ``errorRate``.
    public var errorCILow: Double?
    /// Upper limit of the adjusted-Wald 95% interval of ``errorRate``.
    public var errorCIHigh: Double?
    /// Geometric-mean time of the measured cells, ms: exp of the mean of the cells' ln
    /// geometric means weighted by their trials; `nil` without a timed cell.
    public var timeGeomean: Double?
    /// Where the element lies against the reach zone.
    public var reach: ReachStatus
    /// Whether a tappable element's smaller side is below the request's minimum size.
    public var isBelowMinimumSize: Bool
}

/// A grid cell's column and row.
public struct GridCell: Sendable, Equatable, CustomStringConvertible {
    /// The column, from 0 at the left edge.
    public var column: Int
    /// The row, from 0 at the top edge.
    public var row: Int

    /// `column,row`, as the audit's tables list cells.
    public var description: String { "\(column),\(row)" }
}

/// A screen layout checked against one device's measured heatmap and reach zone.
public struct LayoutAuditReport: Sendable, Equatable {
    /// The layout checked.
    public var layout: ScreenLayout
    /// The parameters of the audit.
    public var request: LayoutAuditRequest
    /// The device's reach zone the elements are checked against.
    public var zone: ReachZone
    /// One audit per element, in the layout's order.
    public var elements: [ElementAudit]
    /// How the zone was drawn and the elements checked, in words.
    public var methods: String

    /// The trials and participants the zone was drawn from.
    public var selection: SelectionSummary { zone.heatmap.selection }
    /// The device the layout was placed on: an audit is only made with a known device.
    public var device: Device { zone.heatmap.device! }
}
