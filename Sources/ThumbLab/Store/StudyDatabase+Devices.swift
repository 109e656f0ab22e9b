import Foundation

extension StudyDatabase {
    /// Adds a device so that imports can name it and analyses can
    /// convert pixels to millimetres.
    /// - Throws: ``ThumbLabError/device(_:)`` when the name is empty or taken, or a size,
    ///   density or scale is not a positive finite number.
    public func addDevice(_ device: Device) throws {
        let name = device.name.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else {
            throw ThumbLabError.device(.unnamed)
        }
        for (label, value) in [
            ("width", device.widthPx), ("height", device.heightPx), ("px-per-mm", device.pxPerMM),
            ("scale", device.scale ?? 1),
        ] where !(value.isFinite && value > 0) {
            throw ThumbLabError.device(.invalidFigure(device: name, figure: label, value: value))
        }
        try writeTransaction {
            if try self.device(named: name) != nil {
                throw ThumbLabError.device(.exists(name: name))
            }
            let insert = try connection.prepare(
                "INSERT INTO device (name, width_px, height_px, px_per_mm, scale) VALUES (?1, ?2, ?3, ?4, ?5)")
            try insert.bind(1, name)
            try insert.bind(2, device.widthPx)
            try insert.bind(3, device.heightPx)
            try insert.bind(4, device.pxPerMM)
            try insert.bind(5, device.scale)
            try insert.run()
        }
    }

    /// Gives a device that has none its scale factor (pixels per pt or dp), so that imports
    /// can convert those units; the device's other figures and its imports stay as they are.
    /// - Throws: ``ThumbLabError/device(_:)`` for an unknown device, one whose scale is set
    ///   to another value already, or a scale that is not a positive finite number.
    public func setScale(_ scale: Double, ofDevice name: String) throws {
        guard scale.isFinite, scale > 0 else {
            throw ThumbLabError.device(.invalidFigure(device: name, figure: "scale", value: scale))
        }
        try writeTransaction {
            guard let existing = try self.device(named: name) else {
                throw ThumbLabError.device(.unknown(name: name))
            }
            if let current = existing.scale, current != scale {
                throw ThumbLabError.device(.scaleAlreadySet(device: name, current: current, requested: scale))
            }
            let update = try connection.prepare("UPDATE device SET scale = ?1 WHERE name = ?2")
            try update.bind(1, scale)
            try update.bind(2, name)
            try update.run()
        }
    }

    /// Every device, by name.
    public func devices() throws -> [Device] {
        let statement = try connection.prepare(Self.deviceSelect + " ORDER BY name")
        var result: [Device] = []
        while try statement.step() { result.append(Self.readDevice(statement)) }
        return result
    }

    /// The device with exactly this name, if there is one.
    public func device(named name: String) throws -> Device? {
        let statement = try connection.prepare(Self.deviceSelect + " WHERE name = ?1")
        try statement.bind(1, name)
        return try statement.step() ? Self.readDevice(statement) : nil
    }

    /// The device a batch was recorded on, if the import named one.
    package func device(forBatch id: Int64) throws -> Device? {
        let statement = try connection.prepare(
            """
            SELECT d.name, d.width_px, d.height_px, d.px_per_mm, d.scale
            FROM batch b JOIN device d ON d.id = b.device_id WHERE b.id = ?1
            """)
        try statement.bind(1, id)
        return try statement.step() ? Self.readDevice(statement) : nil
    }

    func deviceID(named name: String) throws -> Int64? {
        let statement = try connection.prepare("SELECT id FROM device WHERE name = ?1")
        try statement.bind(1, name)
        return try statement.step() ? statement.int64(0) : nil
    }

    private static let deviceSelect = "SELECT name, width_px, height_px, px_per_mm, scale FROM device"

    private static func readDevice(_ row: SQLiteStatement) -> Device {
        Device(
            name: row.text(0), widthPx: row.double(1), heightPx: row.double(2),
            pxPerMM: row.double(3), scale: row.optionalDouble(4))
    }
}
