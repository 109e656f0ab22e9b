extension Study {
    /// The reach zone of each device (and each level of `request.by`), every attempt
    /// counted by default (``Selection/everyAttempt``): the cells whose
    /// geometric-mean time is within `timeTolerance` of the fastest cell's and whose error
    /// rate is not above the upper end of the most accurate cell's 95% interval.
    /// - Throws: ``ThumbLabError`` for unknown factors, levels or devices and a
    ///   selection that places no trial.
    public func reachZones(_ request: ReachZoneRequest = ReachZoneRequest(), selection: Selection = .everyAttempt)
        throws -> ReachZoneReport
    {
        guard request.timeTolerance.isFinite, request.timeTolerance >= 0 else {
            throw ThumbLabError.parameter(.invalidTimeTolerance(value: request.timeTolerance))
        }
        let resolved = try resolve(selection)
        let scheme = try CellScheme(factors: request.by.map { [$0] } ?? [], selection: resolved)
        let sets = try screenTallies(
            resolved, scheme: scheme, position: request.position, size: request.grid, device: request.device)
        return try reachZoneReport(request, resolved: resolved, scheme: scheme, sets: sets)
    }

    /// The reach zones of tallies read already, one set per device.
    func reachZoneReport(
        _ request: ReachZoneRequest, resolved: ResolvedSelection, scheme: CellScheme,
        sets: [(device: Device?, tallies: ScreenTallies)]
    ) throws -> ReachZoneReport {
        var zones: [ReachZone] = []
        var withoutZone: [String] = []
        var trials = 0
        var participants = Set<Int64>()
        for set in sets where set.tallies.placed > 0 {
            trials += set.tallies.placed
            participants.formUnion(set.tallies.participantIDs)
            let heatmap = try heatmapReport(
                set.tallies, device: set.device, scheme: scheme, request: request.heatmap, resolved: resolved)
            for map in heatmap.maps where map.trials > 0 {
                var single = heatmap
                single.maps = [map]
                if let zone = ReachZone(heatmap: single, timeTolerance: request.timeTolerance) {
                    zones.append(zone)
                } else {
                    withoutZone.append(
                        [set.device?.name ?? "(no device)", map.level].compactMap { $0 }.joined(separator: " "))
                }
            }
        }
        let summary = SelectionSummary(resolved, trials: trials, participants: participants.count)
        let percent = (request.timeTolerance * 100).sentenceText
        let names = try displayNames(study: resolved.layout.study)
        let methods =
            "Reach zones of \(summary.sentence). Per device\(request.by.map { " and level of \(names.factor($0))" } ?? ""), trials are "
            + "placed by their \(request.position.rawValue) position on a \(request.grid) grid over the screen; cells with at least "
            + "\(request.minimumTrials) trials count. A cell is in the reach zone when its geometric-mean time is within "
            + "\(percent)% of the fastest cell's and its error rate is not above the upper end of the adjusted-Wald 95% interval "
            + "of the most accurate cell's. The share is the zone's part of the screen's area."
        return ReachZoneReport(
            selection: summary, request: request, zones: zones, withoutZone: withoutZone,
            methods: summary.withCleaningMethods(methods), names: names)
    }
}
