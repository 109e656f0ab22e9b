/// The spatial analyses a study report draws: heatmaps of time and error rate per level of
/// the first trial factor, the reach zone, error rate by target size, time by direction
/// of movement and Fitts' law. Each is computed on the report's filters with every attempt counted, as
/// the spatial commands do; one the data cannot give is left out with the reason.
public struct StudyReportSpatial: Sendable, Equatable {
    /// The selection the spatial analyses read: the report's filters, every attempt.
    public var selection: Selection
    /// Geometric-mean time per screen cell, one map per level of the first trial factor.
    public var timeHeatmap: HeatmapReport?
    /// Error rate per screen cell, one map per level of the first trial factor.
    public var errorHeatmap: HeatmapReport?
    /// The reach zone of each device.
    public var reach: ReachZoneReport?
    /// Error rate and time by target size, where sizes are known.
    public var targetSize: TargetSizeReport?
    /// Time and errors by direction of movement, where trials have start points.
    public var direction: DirectionReport?
    /// Fitts' law throughput and regressions, where trials have amplitudes and widths.
    public var fitts: FittsReport?
    /// The analyses left out, each as `name: reason`.
    public var leftOut: [String]

    /// The analyses computed already; the ones missing are `nil` and named in `leftOut`.
    package init(
        selection: Selection, timeHeatmap: HeatmapReport? = nil, errorHeatmap: HeatmapReport? = nil,
        reach: ReachZoneReport? = nil, targetSize: TargetSizeReport? = nil, direction: DirectionReport? = nil,
        fitts: FittsReport? = nil, leftOut: [String] = []
    ) {
        self.selection = selection
        self.timeHeatmap = timeHeatmap
        self.errorHeatmap = errorHeatmap
        self.reach = reach
        self.targetSize = targetSize
        self.direction = direction
        self.fitts = fitts
        self.leftOut = leftOut
    }
}

/// The screen tallies a report's heatmaps and reach zone rest on: its selection with every
/// attempt, resolved; the heatmaps' scheme (one map per level of the first trial factor) and
/// the reach zone's (one map); and their binner, fed or not.
struct ReportScreen {
    var resolved: ResolvedSelection
    var schemes: [CellScheme]
    var binner: ScreenBinner
}

extension Study {
    /// The spatial analyses of a report on `selection`'s filters, every attempt counted.
    /// - Parameters:
    ///   - selection: the report's selection; its filters and cleaning steps are kept and
    ///     every attempt counts.
    ///   - factor: the factor the heatmaps are split by (one map per level); `nil` for one
    ///     map of all trials.
    /// - Throws: only errors of the database; an analysis the data cannot give (no
    ///   device for several screens, no start points, no target sizes) is left out with
    ///   its reason in ``StudyReportSpatial/leftOut``.
    public func reportSpatial(selection: Selection, factor: String?) throws -> StudyReportSpatial {
        try reportSpatial(selection: selection, factor: factor, fed: nil)
    }

    /// The report's screen tallies, no trial fed yet.
    /// - Throws: ``ThumbLabError`` when the selection or the grid cannot be made.
    func reportScreen(selection: Selection, factor: String?) throws -> ReportScreen {
        let resolved = try resolve(Self.spatialSelection(selection))
        let request = HeatmapRequest(measure: .time, by: factor)
        let schemes = [
            try CellScheme(factors: factor.map { [$0] } ?? [], selection: resolved),
            try CellScheme(factors: [], selection: resolved),
        ]
        let binner = try screenBinner(
            resolved, schemes: schemes, position: request.position, size: request.grid, device: nil)
        return ReportScreen(resolved: resolved, schemes: schemes, binner: binner)
    }

    /// The selection a report's spatial analyses read: `selection`'s filters, every attempt.
    static func spatialSelection(_ selection: Selection) -> Selection {
        var spatial = selection
        spatial.attempts = .all
        return spatial
    }

    /// As ``reportSpatial(selection:factor:)``, with the screen tallies `fed` every trial
    /// already when given.
    func reportSpatial(selection: Selection, factor: String?, fed: ReportScreen?) throws -> StudyReportSpatial {
        let spatial = Self.spatialSelection(selection)
        var result = StudyReportSpatial(selection: spatial)
        func attempt<Value>(_ name: String, _ run: () throws -> Value) throws -> Value? {
            do {
                return try run()
            } catch let error as ThumbLabError where error.refusesAnalysis {
                result.leftOut.append("\(name): \(error)")
                return nil
            }
        }
        let heatmapRequest = HeatmapRequest(measure: .time, by: factor)
        let reachRequest = ReachZoneRequest()
        // The heatmaps and the reach zone rest on tallies of the same trials on the same
        // grid, read in one pass. Should that fail, each is made on its own and says why.
        do {
            var screen = try fed ?? reportScreen(selection: selection, factor: factor)
            if fed == nil { screen.binner = try bin(screen.resolved, into: screen.binner) }
            let (resolved, schemes) = (screen.resolved, screen.schemes)
            let sets = try screenTallies(resolved, binned: screen.binner)
            if let maps = try attempt(
                "heatmaps",
                {
                    try heatmaps(
                        measures: [.time, .error], request: heatmapRequest, resolved: resolved, scheme: schemes[0],
                        sets: sets[0])
                })
            {
                result.timeHeatmap = maps[0]
                result.errorHeatmap = maps[1]
            } else {
                let reason = result.leftOut.removeLast().dropFirst("heatmaps: ".count)
                result.leftOut += ["time heatmap: \(reason)", "error heatmap: \(reason)"]
            }
            result.reach = try attempt("reach zone") {
                try reachZoneReport(
                    reachRequest, resolved: resolved, scheme: schemes[1],
                    sets: try placing(sets[1], resolved: resolved, position: reachRequest.position))
            }
        } catch  where (error as? ThumbLabError)?.refusesAnalysis == true {
            result.timeHeatmap = try attempt("time heatmap") { try heatmap(heatmapRequest, selection: spatial) }
            var errorRequest = heatmapRequest
            errorRequest.measure = .error
            result.errorHeatmap = try attempt("error heatmap") { try heatmap(errorRequest, selection: spatial) }
            result.reach = try attempt("reach zone") { try reachZones(reachRequest, selection: spatial) }
        }
        result.targetSize = try attempt("target size") { try targetSize(selection: spatial) }
        result.direction = try attempt("direction of movement") { try direction(selection: spatial) }
        result.fitts = try attempt("Fitts' law") { try fitts(selection: spatial) }
        return result
    }
}
