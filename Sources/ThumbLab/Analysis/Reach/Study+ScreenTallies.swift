extension Study {
    /// The selected trials on a screen grid, one set of tallies per device: data in two
    /// devices' coordinates is never binned together. Trials whose import named no device
    /// form one more set, on a grid over the bounding box of their positions, which SQLite
    /// aggregates before the one pass over the trials. `device` keeps one device's trials
    /// only.
    /// - Throws: ``ThumbLabError/usage(_:)`` for an unknown device, mm cells without a
    ///   device, or a selection that places no trial.
    func screenTallies(
        _ resolved: ResolvedSelection, scheme: CellScheme, position: HeatmapPosition, size: GridSize, device: String?
    ) throws -> [(device: Device?, tallies: ScreenTallies)] {
        let devices = resolved.layout.batchDevices
        if let device, !devices.values.contains(where: { $0.name == device }) {
            let known = Set(devices.values.map(\.name)).sorted()
            throw ThumbLabError.usage(
                known.isEmpty
                    ? "no import of study \(resolved.layout.study) named a device, so there is no device '\(device)'; leave --device out"
                    : "study \(resolved.layout.study) has no device '\(device)'; its devices: \(known.joined(separator: ", "))"
            )
        }
        let unknownDevice = device == nil ? try unknownDeviceGrid(resolved, scheme: scheme, position: position) : nil
        var unknownTallies: ScreenTallies?
        if let bounds = unknownDevice ?? nil {
            unknownTallies = ScreenTallies(grid: try ScreenGrid(bounds, size: size), maps: scheme.cells.count)
        }
        var unknownWithoutPosition = 0
        // The tallies of each device, and where each device's are: looked up when the batch
        // changes, not on every trial.
        var tallySets: [ScreenTallies] = []
        var setOfDevice: [String: Int] = [:]
        var lastCondition: Int64?
        var lastMap: Int?
        var lastBatch: Int64?
        var batchSet: Int?
        var skipBatch = false
        let fields: TrialFields = [.batch, .target, .touch, .time, .hit]
        try database.forEachTrial(resolved.trialQuery, fields: fields) { trial in
            if trial.conditionID != lastCondition {
                lastCondition = trial.conditionID
                lastMap = scheme.cell(ofCondition: trial.conditionID)
            }
            guard let map = lastMap else { return }
            if trial.batchID != lastBatch {
                lastBatch = trial.batchID
                let batchDevice = devices[trial.batchID]
                skipBatch = device != nil && batchDevice?.name != device
                batchSet = nil
                if let batchDevice, !skipBatch {
                    if setOfDevice[batchDevice.name] == nil {
                        setOfDevice[batchDevice.name] = tallySets.count
                        tallySets.append(
                            ScreenTallies(
                                grid: try ScreenGrid(device: batchDevice, size: size), maps: scheme.cells.count))
                    }
                    batchSet = setOfDevice[batchDevice.name]
                }
            }
            if skipBatch { return }
            if let batchSet {
                tallySets[batchSet].add(trial, map: map, position: position)
            } else if unknownTallies != nil {
                unknownTallies!.add(trial, map: map, position: position)
            } else {
                // No trial without a device has a finite position: each counts as without one.
                unknownWithoutPosition += 1
            }
        }
        var result: [(device: Device?, tallies: ScreenTallies)] = setOfDevice.keys.sorted().map { name in
            (devices.values.first { $0.name == name }, tallySets[setOfDevice[name]!])
        }
        if let unknownTallies, unknownTallies.placed + unknownTallies.withoutPosition + unknownTallies.outside > 0 {
            result.append((nil, unknownTallies))
        } else if unknownWithoutPosition > 0 {
            var empty = ScreenTallies(
                grid: try ScreenGrid(minX: 0, minY: 0, maxX: 0, maxY: 0, size: size, pxPerMM: nil),
                maps: scheme.cells.count)
            empty.withoutPosition = unknownWithoutPosition
            result.append((nil, empty))
        }
        guard result.contains(where: { $0.tallies.placed > 0 }) else {
            throw ThumbLabError.usage(
                "the selection places no trial on the screen"
                    + (result.isEmpty
                        ? "; \(resolved.describeFilters)" : ": no trial has a \(position.rawValue) position on it"))
        }
        return result
    }

    /// The bounds of the finite positions of the selected trials whose import named no
    /// device, aggregated by SQLite: `nil` when every import of the study named a device,
    /// `.some(nil)` when no such trial has a finite position.
    private func unknownDeviceGrid(_ resolved: ResolvedSelection, scheme: CellScheme, position: HeatmapPosition)
        throws -> PositionBounds??
    {
        let devices = resolved.layout.batchDevices
        let withoutDevice = try database.batches().contains {
            $0.study == resolved.layout.study && $0.kind != .responses && devices[$0.id] == nil
        }
        guard withoutDevice else { return nil }
        var query = resolved.trialQuery
        query.conditionIDs = query.conditionIDs.filter { scheme.cell(ofCondition: $0) != nil }
        let bounds = try database.positionBounds(
            query, columns: position == .target ? .target : .touch, excludedBatches: Array(devices.keys))
        return .some(bounds.points > 0 ? bounds : nil)
    }
}

extension ScreenGrid {
    /// A grid over the bounding box of positions on a screen of unknown size.
    fileprivate init(_ bounds: PositionBounds, size: GridSize) throws {
        try self.init(
            minX: bounds.minX, minY: bounds.minY, maxX: bounds.maxX, maxY: bounds.maxY, size: size, pxPerMM: nil)
    }
}
