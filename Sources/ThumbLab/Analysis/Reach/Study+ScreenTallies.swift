extension Study {
    /// The selected trials on a screen grid, one set of tallies per device: data in two
    /// devices' coordinates is never binned together. Trials whose import named no device
    /// form one more set, on a grid over the bounding box of their positions (a second
    /// pass). `device` keeps one device's trials only.
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
        // The tallies of each device, and where each device's are: looked up when the batch
        // changes, not on every trial.
        var tallySets: [ScreenTallies] = []
        var setOfDevice: [String: Int] = [:]
        var unknownDevice = BoundingBox()
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
            } else {
                unknownDevice.add(trial, position: position)
            }
        }
        var result: [(device: Device?, tallies: ScreenTallies)] = setOfDevice.keys.sorted().map { name in
            (devices.values.first { $0.name == name }, tallySets[setOfDevice[name]!])
        }
        if unknownDevice.trials > 0 {
            result.append(
                (
                    nil,
                    try unknownDeviceTallies(
                        resolved, scheme: scheme, position: position, size: size, box: unknownDevice)
                ))
        }
        guard result.contains(where: { $0.tallies.placed > 0 }) else {
            throw ThumbLabError.usage(
                "the selection places no trial on the screen"
                    + (result.isEmpty
                        ? "; \(resolved.describeFilters)" : ": no trial has a \(position.rawValue) position on it"))
        }
        return result
    }

    /// The second pass over trials without a device, on a grid over their bounding box.
    private func unknownDeviceTallies(
        _ resolved: ResolvedSelection, scheme: CellScheme, position: HeatmapPosition, size: GridSize, box: BoundingBox
    ) throws -> ScreenTallies {
        let devices = resolved.layout.batchDevices
        guard box.points > 0 else {
            var empty = ScreenTallies(
                grid: try ScreenGrid(minX: 0, minY: 0, maxX: 0, maxY: 0, size: size, pxPerMM: nil),
                maps: scheme.cells.count)
            empty.withoutPosition = box.trials
            return empty
        }
        let grid = try ScreenGrid(
            minX: box.minX, minY: box.minY, maxX: box.maxX, maxY: box.maxY, size: size, pxPerMM: nil)
        var tallies = ScreenTallies(grid: grid, maps: scheme.cells.count)
        try database.forEachTrial(resolved.trialQuery, fields: [.batch, .target, .touch, .time, .hit]) { trial in
            guard devices[trial.batchID] == nil, let map = scheme.cell(ofCondition: trial.conditionID) else { return }
            tallies.add(trial, map: map, position: position)
        }
        return tallies
    }
}

/// The extent of trial positions on a screen of unknown size.
private struct BoundingBox {
    var trials = 0
    var points = 0
    var minX = Double.infinity
    var minY = Double.infinity
    var maxX = -Double.infinity
    var maxY = -Double.infinity

    mutating func add(_ trial: StoredTrial, position: HeatmapPosition) {
        trials += 1
        let point = position == .target ? (trial.targetX, trial.targetY) : (trial.touchX, trial.touchY)
        guard let x = point.0, let y = point.1, x.isFinite, y.isFinite else { return }
        points += 1
        minX = min(minX, x)
        minY = min(minY, y)
        maxX = max(maxX, x)
        maxY = max(maxY, y)
    }
}
