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
        let sets = try screenTallies(resolved, schemes: [scheme], position: position, size: size, device: device)
        return try placing(sets[0], resolved: resolved, position: position)
    }

    /// `sets`, when one of them places a trial on the screen.
    /// - Throws: ``ThumbLabError/usage(_:)`` when none does.
    func placing(
        _ sets: [(device: Device?, tallies: ScreenTallies)], resolved: ResolvedSelection, position: HeatmapPosition
    ) throws -> [(device: Device?, tallies: ScreenTallies)] {
        guard sets.contains(where: { $0.tallies.placed > 0 }) else {
            throw ThumbLabError.usage(
                "the selection places no trial on the screen"
                    + (sets.isEmpty
                        ? "; \(resolved.describeFilters)" : ": no trial has a \(position.rawValue) position on it"))
        }
        return sets
    }

    /// As ``screenTallies(_:scheme:position:size:device:)`` for several schemes at once,
    /// from one pass over the trials: the sets of each scheme, in order, that may place no
    /// trial (``placing(_:resolved:position:)`` says so).
    func screenTallies(
        _ resolved: ResolvedSelection, schemes: [CellScheme], position: HeatmapPosition, size: GridSize,
        device: String?
    ) throws -> [[(device: Device?, tallies: ScreenTallies)]] {
        let devices = resolved.layout.batchDevices
        if let device, !devices.values.contains(where: { $0.name == device }) {
            let known = Set(devices.values.map(\.name)).sorted()
            throw ThumbLabError.usage(
                known.isEmpty
                    ? "no import of study \(resolved.layout.study) named a device, so there is no device '\(device)'; leave --device out"
                    : "study \(resolved.layout.study) has no device '\(device)'; its devices: \(known.joined(separator: ", "))"
            )
        }
        var binnings: [SchemeBinning] = []
        for scheme in schemes {
            // Schemes over the same conditions share the bounds of device-less trials.
            let shared = binnings.first { Set($0.scheme.cellOfCondition.keys) == Set(scheme.cellOfCondition.keys) }
            let bounds =
                device != nil
                ? nil
                : try shared.map(\.unknownBounds) ?? unknownDeviceGrid(resolved, scheme: scheme, position: position)
            binnings.append(try SchemeBinning(scheme: scheme, unknownBounds: bounds, size: size))
        }
        // Where each device's tallies are: looked up when the batch changes, not on every trial.
        var setOfDevice: [String: Int] = [:]
        var lastCondition: Int64?
        var lastBatch: Int64?
        var batchSet: Int?
        var skipBatch = false
        let fields: TrialFields = [.batch, .target, .touch, .time, .hit]
        try database.forEachTrial(resolved.trialQuery, fields: fields) { trial in
            if trial.conditionID != lastCondition {
                lastCondition = trial.conditionID
                for index in binnings.indices { binnings[index].lookUp(condition: trial.conditionID) }
            }
            if trial.batchID != lastBatch {
                lastBatch = trial.batchID
                let batchDevice = devices[trial.batchID]
                skipBatch = device != nil && batchDevice?.name != device
                batchSet = nil
                if let batchDevice, !skipBatch {
                    if setOfDevice[batchDevice.name] == nil {
                        setOfDevice[batchDevice.name] = setOfDevice.count
                        let grid = try ScreenGrid(device: batchDevice, size: size)
                        for index in binnings.indices {
                            binnings[index].tallySets.append(
                                ScreenTallies(grid: grid, maps: binnings[index].scheme.cells.count))
                        }
                    }
                    batchSet = setOfDevice[batchDevice.name]
                }
            }
            if skipBatch { return }
            for index in binnings.indices { binnings[index].add(trial, set: batchSet, position: position) }
        }
        return try binnings.map { binning in
            var result: [(device: Device?, tallies: ScreenTallies)] = setOfDevice.keys.sorted().map { name in
                (devices.values.first { $0.name == name }, binning.tallySets[setOfDevice[name]!])
            }
            if let unknown = binning.unknownTallies, unknown.placed + unknown.withoutPosition + unknown.outside > 0 {
                result.append((nil, unknown))
            } else if binning.unknownWithoutPosition > 0 {
                var empty = ScreenTallies(
                    grid: try ScreenGrid(minX: 0, minY: 0, maxX: 0, maxY: 0, size: size, pxPerMM: nil),
                    maps: binning.scheme.cells.count)
                empty.withoutPosition = binning.unknownWithoutPosition
                result.append((nil, empty))
            }
            return result
        }
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

/// One scheme's tallies during a pass: one set per device, one for trials without a device.
private struct SchemeBinning {
    let scheme: CellScheme
    /// The bounds of the device-less trials' positions: `nil` when there are none to bin
    /// (or a device is chosen), `.some(nil)` when none of them has a finite position.
    let unknownBounds: PositionBounds??
    var tallySets: [ScreenTallies] = []
    var unknownTallies: ScreenTallies?
    /// Device-less trials counted without a position, when none has a finite one.
    var unknownWithoutPosition = 0
    /// The map of the condition of the trials now read.
    private var map: Int?

    init(scheme: CellScheme, unknownBounds: PositionBounds??, size: GridSize) throws {
        self.scheme = scheme
        self.unknownBounds = unknownBounds
        if let bounds = unknownBounds ?? nil {
            unknownTallies = ScreenTallies(grid: try ScreenGrid(bounds, size: size), maps: scheme.cells.count)
        }
    }

    mutating func lookUp(condition: Int64) { map = scheme.cell(ofCondition: condition) }

    /// Places a trial in the device set `set`, or among the device-less trials.
    mutating func add(_ trial: StoredTrial, set: Int?, position: HeatmapPosition) {
        guard let map else { return }
        if let set {
            tallySets[set].add(trial, map: map, position: position)
        } else if unknownTallies != nil {
            unknownTallies!.add(trial, map: map, position: position)
        } else if unknownBounds != nil {
            // No device-less trial has a finite position: each counts as without one.
            unknownWithoutPosition += 1
        }
    }
}
