/// The one device whose coordinates a spatial analysis reads. Coordinates recorded on
/// different screens are never pooled: a study run on several devices is analysed one
/// device at a time, and a selection that spans several is refused with
/// their list. Trials from imports that named no device have no known density: their
/// coordinates stay in px.
struct DeviceScope {
    /// The device asked for, if any.
    let requested: String?
    private let devices: [Int64: Device]
    /// What the scan met: device names (`nil` for imports without a device).
    private(set) var seen: Set<String?> = []
    private var lastBatch: Int64?
    private var lastAccepted = false

    /// Checks that a requested device is one the study's imports name.
    /// - Throws: ``ThumbLabError/device(_:)`` naming the study's devices.
    init(requested: String?, layout: StudyLayout) throws {
        self.requested = requested
        devices = layout.batchDevices
        if let requested, !devices.values.contains(where: { $0.name == requested }) {
            throw ThumbLabError.device(
                .notInStudy(
                    name: requested, study: layout.study, known: Set(devices.values.map(\.name)).sorted(),
                    use: .coordinates))
        }
    }

    /// Whether some import of the study names a device.
    var knowsAnyDevice: Bool { !devices.isEmpty }

    /// Whether a trial of `batch` is read: every trial when no device was requested (the
    /// device is remembered), else only the requested device's.
    mutating func accepts(batch: Int64) -> Bool {
        if batch == lastBatch { return lastAccepted }
        lastBatch = batch
        let name = devices[batch]?.name
        lastAccepted = requested == nil || name == requested
        if lastAccepted { seen.insert(name) }
        return lastAccepted
    }

    /// The device of the trials read, after the scan: `nil` when their imports named none.
    /// - Throws: ``ThumbLabError/device(_:)`` when they span several devices (or some have
    ///   one and some none), listing them.
    func chosen() throws -> Device? {
        if seen.count > 1 {
            let names = seen.sorted { ($0 ?? "(imports without a device)") < ($1 ?? "(imports without a device)") }
            throw ThumbLabError.device(.several(devices: names, trials: [], use: .coordinates))
        }
        guard let name = seen.first ?? requested else { return nil }
        return devices.values.first { $0.name == name }
    }
}

extension Study {
    /// The imports of the selection's study that hold trials or touches (not questionnaires).
    func studyTrialBatches(_ resolved: ResolvedSelection) throws -> [BatchSummary] {
        try database.batches().filter { $0.study == resolved.layout.study && $0.kind != .responses }
    }
}
