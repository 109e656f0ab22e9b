/// What a heatmap colours in each screen cell.
public enum HeatmapMeasure: String, CaseIterable, Sendable {
    /// Trials placed in the cell.
    case count
    /// Geometric-mean time, ms.
    case time
    /// Error rate: misses over trials with a recorded hit.
    case error
    /// Length of the mean offset (touch minus target): mm when the device is known, else px.
    case offset
}

/// Which point of a trial places it in a cell.
public enum HeatmapPosition: String, CaseIterable, Sendable {
    /// The target's centre: where the thumb was asked to go.
    case target
    /// The selection point: where it landed.
    case touch

    /// The trial's point this position names.
    func point(of trial: StoredTrial) -> (x: Double?, y: Double?) {
        self == .target ? (trial.targetX, trial.targetY) : (trial.touchX, trial.touchY)
    }
}

/// A heatmap's parameters, as `thumblab heatmap` takes them.
///
/// ``Study/heatmap(_:selection:)`` reads every attempt by default
/// (``Selection/everyAttempt``), each tap being an observation of where it landed; the
/// report's ``HeatmapReport/selection`` states the policy used.
public struct HeatmapRequest: Sendable, Equatable {
    /// What the cells are coloured by; every cell carries every figure either
    /// way. Geometric-mean time by default.
    public var measure: HeatmapMeasure
    /// How the screen is divided into cells; 4 x 6 cells by default.
    public var grid: GridSize
    /// Which point of a trial places it in a cell; the target's centre by default.
    public var position: HeatmapPosition
    /// One map per level of this factor, on one shared colour scale.
    public var by: String?
    /// The device whose trials are mapped, needed when the selection holds several.
    public var device: String?
    /// Cells with fewer trials are empty: no figure is given for them.
    public var minimumTrials: Int

    /// A heatmap request; see the properties for each parameter's meaning and default.
    public init(
        measure: HeatmapMeasure = .time, grid: GridSize = .cells(columns: 4, rows: 6),
        position: HeatmapPosition = .target,
        by: String? = nil, device: String? = nil, minimumTrials: Int = 5
    ) {
        self.measure = measure
        self.grid = grid
        self.position = position
        self.by = by
        self.device = device
        self.minimumTrials = minimumTrials
    }
}

extension Selection {
    /// Every attempt of the study: what spatial analyses read by default, each tap being an
    /// observation of the place it landed.
    public static var everyAttempt: Selection { Selection(attempts: .all) }
}
