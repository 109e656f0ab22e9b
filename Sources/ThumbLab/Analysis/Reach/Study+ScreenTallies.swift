import Foundation

extension Study {
    /// The selected trials on a screen grid, one set of tallies per device: data in two
    /// devices' coordinates is never binned together. Trials whose import named no device
    /// form one more set, on a grid over the bounding box of their positions (see
    /// ``screenTallies(_:schemes:position:size:device:)``). `device` keeps one device's
    /// trials only.
    /// - Throws: ``ThumbLabError`` for an unknown device, mm cells without a
    ///   device, or a selection that places no trial.
    func screenTallies(
        _ resolved: ResolvedSelection, scheme: CellScheme, position: HeatmapPosition, size: GridSize, device: String?
    ) throws -> [(device: Device?, tallies: ScreenTallies)] {
        let sets = try screenTallies(resolved, schemes: [scheme], position: position, size: size, device: device)
        return try placing(sets[0], resolved: resolved, position: position)
    }

    /// `sets`, when one of them places a trial on the screen.
    /// - Throws: ``ThumbLabError/selection(_:)`` when none does.
    func placing(
        _ sets: [(device: Device?, tallies: ScreenTallies)], resolved: ResolvedSelection, position: HeatmapPosition
    ) throws -> [(device: Device?, tallies: ScreenTallies)] {
        guard sets.contains(where: { $0.tallies.placed > 0 }) else {
            throw resolved.empty(.screenPosition(position: sets.isEmpty ? nil : position.rawValue))
        }
        return sets
    }

    /// As ``screenTallies(_:scheme:position:size:device:)`` for several schemes at once,
    /// from one pass over the trials: the sets of each scheme, in order, that may place no
    /// trial (``placing(_:resolved:position:)`` says so). The grid of trials without a device
    /// starts from the extents their imports stored; when the trials read have other bounds
    /// (a filter left the outermost out, or an import predates the extents), a second pass
    /// bins them on a grid over the bounds the first pass found.
    func screenTallies(
        _ resolved: ResolvedSelection, schemes: [CellScheme], position: HeatmapPosition, size: GridSize,
        device: String?
    ) throws -> [[(device: Device?, tallies: ScreenTallies)]] {
        let binner = try screenBinner(resolved, schemes: schemes, position: position, size: size, device: device)
        return try screenTallies(resolved, binned: try bin(resolved, into: binner))
    }

    /// The binner of ``screenTallies(_:schemes:position:size:device:)`` before any trial is
    /// fed: its grids, and the device-less trials' grid from their stored extents.
    /// - Throws: ``ThumbLabError`` for an unknown device or mm cells without a device.
    func screenBinner(
        _ resolved: ResolvedSelection, schemes: [CellScheme], position: HeatmapPosition, size: GridSize,
        device: String?
    ) throws -> ScreenBinner {
        let devices = resolved.layout.batchDevices
        if let device, !devices.values.contains(where: { $0.name == device }) {
            throw ThumbLabError.device(
                .notInStudy(
                    name: device, study: resolved.layout.study, known: Set(devices.values.map(\.name)).sorted(),
                    use: .screenMap))
        }
        var binnings: [SchemeBinning] = []
        for scheme in schemes {
            // Schemes over the same conditions share the grid of device-less trials.
            let shared = binnings.first { Set($0.scheme.cellOfCondition.keys) == Set(scheme.cellOfCondition.keys) }
            let grid =
                device != nil
                ? UnknownDeviceGrid.none
                : try shared.map(\.unknownGrid) ?? unknownDeviceGrid(resolved, scheme: scheme, position: position)
            binnings.append(try SchemeBinning(scheme: scheme, unknownGrid: grid, size: size))
        }
        return ScreenBinner(devices: devices, position: position, size: size, device: device, binnings: binnings)
    }

    /// The sets of each scheme from `binned`, fed every selected trial. Where the grid of the
    /// device-less trials came from stored extents that the trials read do not match, they
    /// are binned again, in a pass of their own, on a grid over the bounds found.
    func screenTallies(_ resolved: ResolvedSelection, binned: ScreenBinner) throws
        -> [[(device: Device?, tallies: ScreenTallies)]]
    {
        var binned = binned
        if binned.binnings.contains(where: { !$0.gridHolds }) {
            binned = try bin(resolved, into: binned.restarted())
        }
        let devices = resolved.layout.batchDevices
        return try binned.binnings.map { binning in
            var result: [(device: Device?, tallies: ScreenTallies)] = binned.setOfDevice.keys.sorted().map { name in
                (devices.values.first { $0.name == name }, binning.tallySets[binned.setOfDevice[name]!])
            }
            if let unknown = binning.unknownTallies, unknown.placed + unknown.withoutPosition + unknown.outside > 0 {
                result.append((nil, unknown))
            } else if binning.unknownWithoutPosition > 0 {
                var empty = ScreenTallies(
                    grid: try ScreenGrid(minX: 0, minY: 0, maxX: 0, maxY: 0, size: binned.size, pxPerMM: nil),
                    maps: binning.scheme.cells.count)
                empty.withoutPosition = binning.unknownWithoutPosition
                result.append((nil, empty))
            }
            return result
        }
    }

    /// `binner` fed the selected trials in one pass. From ``twoReadersFrom`` trials on, the
    /// lower and the upper half of the trial ids are binned on two threads
    /// (``StudyDatabase/readSplit(_:minimumTrials:start:read:merge:)``): the counts, medians
    /// and orders are those of one pass, sums of logs and offsets may differ in their last bits.
    func bin(_ resolved: ResolvedSelection, into binner: ScreenBinner) throws -> ScreenBinner {
        try database.readSplit(
            resolved.trialQuery, minimumTrials: twoReadersFrom, start: binner,
            read: { query, database, binner in
                try database.forEachTrial(query, fields: ScreenBinner.fields) { try binner.add($0) }
            },
            merge: { $0.merge($1) })
    }

    /// The grid of the selected trials whose import named no device: none when every
    /// import of the study named one; else from the extents the imports stored, or, where
    /// there are none, from the bounds SQLite aggregates over the trials.
    private func unknownDeviceGrid(_ resolved: ResolvedSelection, scheme: CellScheme, position: HeatmapPosition)
        throws -> UnknownDeviceGrid
    {
        let devices = resolved.layout.batchDevices
        guard try studyTrialBatches(resolved).contains(where: { devices[$0.id] == nil }) else { return .none }
        var query = resolved.trialQuery
        query.conditionIDs = query.conditionIDs.filter { scheme.cell(ofCondition: $0) != nil }
        let columns: StudyDatabase.PositionColumns = position == .target ? .target : .touch
        if let studyID = try database.studyID(named: resolved.layout.study),
            let stored = try database.storedPositionExtent(
                studyID: studyID, conditionIDs: query.conditionIDs, columns: columns)
        {
            return .provisional(stored)
        }
        let bounds = try database.positionBounds(query, columns: columns, excludedBatches: Array(devices.keys))
        return bounds.points > 0
            ? .exact(.init(minX: bounds.minX, minY: bounds.minY, maxX: bounds.maxX, maxY: bounds.maxY)) : .noPosition
    }
}

extension ScreenGrid {
    /// A grid over the bounding box of positions on a screen of unknown size.
    fileprivate init(_ bounds: PositionExtents.Box, size: GridSize) throws {
        try self.init(
            minX: bounds.minX, minY: bounds.minY, maxX: bounds.maxX, maxY: bounds.maxY, size: size, pxPerMM: nil)
    }
}

/// Where the grid of the trials whose import named no device comes from.
private enum UnknownDeviceGrid {
    /// There are no such trials to bin, or a device is chosen.
    case none
    /// None of them has a finite position: each counts as without one.
    case noPosition
    /// The bounds of their finite positions, aggregated over the trials.
    case exact(PositionExtents.Box)
    /// The extents their imports stored, which hold only if the trials read have them.
    case provisional(PositionExtents.Box)
}

/// Bins trials, fed one at a time, into every scheme's tallies, one set per device.
struct ScreenBinner {
    /// The columns ``add(_:)`` reads.
    static let fields: TrialFields = [.batch, .target, .touch, .time, .hit]
    let devices: [Int64: Device]
    let position: HeatmapPosition
    let size: GridSize
    /// The one device whose trials count, when chosen.
    let device: String?
    fileprivate private(set) var binnings: [SchemeBinning]
    /// Which of each binning's `tallySets` holds which device.
    fileprivate private(set) var setOfDevice: [String: Int] = [:]
    // Where each device's tallies are: looked up when the batch changes, not on every trial.
    private var lastCondition: Int64?
    private var lastBatch: Int64?
    private var batchSet: Int?
    private var skipBatch = false

    fileprivate init(
        devices: [Int64: Device], position: HeatmapPosition, size: GridSize, device: String?,
        binnings: [SchemeBinning]
    ) {
        self.devices = devices
        self.position = position
        self.size = size
        self.device = device
        self.binnings = binnings
    }

    /// Bins one trial.
    /// - Throws: ``ThumbLabError`` when a device's screen gives no grid.
    mutating func add(_ trial: StoredTrial) throws {
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

    /// Adds the trials `other` binned, over trials read after this one's.
    mutating func merge(_ other: ScreenBinner) {
        for (name, set) in other.setOfDevice.sorted(by: { $0.value < $1.value }) {
            for index in binnings.indices {
                if let mine = setOfDevice[name] {
                    binnings[index].tallySets[mine].merge(other.binnings[index].tallySets[set])
                } else {
                    binnings[index].tallySets.append(other.binnings[index].tallySets[set])
                }
            }
            if setOfDevice[name] == nil { setOfDevice[name] = setOfDevice.count }
        }
        for index in binnings.indices { binnings[index].mergeDeviceless(other.binnings[index]) }
    }

    /// A binner with nothing fed, its device-less trials' grid over the bounds of those fed here.
    fileprivate func restarted() throws -> ScreenBinner {
        ScreenBinner(
            devices: devices, position: position, size: size, device: device,
            binnings: try binnings.map {
                try SchemeBinning(scheme: $0.scheme, unknownGrid: $0.gridOfTrialsSeen, size: size)
            })
    }
}

private struct SchemeBinning {
    let scheme: CellScheme
    let unknownGrid: UnknownDeviceGrid
    var tallySets: [ScreenTallies] = []
    var unknownTallies: ScreenTallies?
    /// Device-less trials counted without a position, when none has a finite one.
    var unknownWithoutPosition = 0
    /// The finite positions of the device-less trials binned.
    private var seen = PositionExtents.Box()
    /// The map of the condition of the trials now read.
    private var map: Int?

    init(scheme: CellScheme, unknownGrid: UnknownDeviceGrid, size: GridSize) throws {
        self.scheme = scheme
        self.unknownGrid = unknownGrid
        switch unknownGrid {
        case .exact(let bounds), .provisional(let bounds):
            unknownTallies = ScreenTallies(grid: try ScreenGrid(bounds, size: size), maps: scheme.cells.count)
        case .none, .noPosition: break
        }
    }

    mutating func lookUp(condition: Int64) { map = scheme.cell(ofCondition: condition) }

    /// Places a trial in the device set `set`, or among the device-less trials.
    mutating func add(_ trial: StoredTrial, set: Int?, position: HeatmapPosition) {
        guard let map else { return }
        if let set {
            tallySets[set].add(trial, map: map, position: position)
        } else if unknownTallies != nil {
            let point = position.point(of: trial)
            seen.add(point.x, point.y)
            unknownTallies!.add(trial, map: map, position: position)
        } else if case .noPosition = unknownGrid {
            unknownWithoutPosition += 1
        }
    }

    /// Adds the device-less trials `other` binned, over trials read after this one's.
    mutating func mergeDeviceless(_ other: SchemeBinning) {
        if unknownTallies != nil, let theirs = other.unknownTallies { unknownTallies!.merge(theirs) }
        unknownWithoutPosition += other.unknownWithoutPosition
        seen.add(other.seen.minX, other.seen.minY)
        seen.add(other.seen.maxX, other.seen.maxY)
    }

    /// Whether the grid of the device-less trials is the one over the bounds of the
    /// positions binned: always, unless it came from stored extents that differ from them.
    var gridHolds: Bool {
        guard case .provisional(let bounds) = unknownGrid else { return true }
        return !seen.isEmpty && seen == bounds
    }

    /// The grid over the positions binned, for a second pass.
    var gridOfTrialsSeen: UnknownDeviceGrid {
        guard case .provisional = unknownGrid else { return unknownGrid }
        return seen.isEmpty ? .noPosition : .exact(seen)
    }
}
