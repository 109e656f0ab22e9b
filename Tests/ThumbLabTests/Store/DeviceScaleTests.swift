import Foundation
import Testing

@testable import ThumbLab

/// A device's scale factor (px per pt or dp): stored from version 5 of the schema, NULL for
/// devices of older files, and given later to a device that has none.
@Suite struct DeviceScaleTests {
    @Test func aVersion3FileOpensWithItsDevicesWithoutAScale() throws {
        let folder = try TestDirectory()
        let path = folder.path("v3.sqlite")
        do {
            let connection = try SQLiteConnection(path: path)
            for step in 0..<3 { try connection.execute(Schema.migrations[step]) }
            try connection.execute(
                """
                PRAGMA user_version = 3;
                INSERT INTO device (name, width_px, height_px, px_per_mm) VALUES ('phone', 320, 480, 6.4);
                """)
        }
        let database = try StudyDatabase(path: path)
        #expect(try database.schemaVersion() == Schema.currentVersion)
        #expect(try rows(database, "SELECT name, scale FROM device") == ["phone|NULL"])
        #expect(try database.devices() == [Device(name: "phone", widthPx: 320, heightPx: 480, pxPerMM: 6.4)])
    }

    @Test func aScaleIsStoredAndReadBack() throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        let phone = Device(name: "phone", widthPx: 750, heightPx: 1334, ppi: 326, scale: 2)
        try database.addDevice(phone)
        #expect(try database.device(named: "phone") == phone)
        #expect(try rows(database, "SELECT scale FROM device") == ["2.0"])
    }

    @Test(arguments: [0.0, -2, .nan, .infinity])
    func aScaleMustBePositiveAndFinite(scale: Double) throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        #expect(throws: ThumbLabError.self) {
            try database.addDevice(Device(name: "phone", widthPx: 750, heightPx: 1334, pxPerMM: 12.8, scale: scale))
        }
        try database.addDevice(Device(name: "phone", widthPx: 750, heightPx: 1334, pxPerMM: 12.8))
        #expect(throws: ThumbLabError.self) { try database.setScale(scale, ofDevice: "phone") }
        #expect(try database.device(named: "phone")?.scale == nil)
    }

    @Test func aDeviceWithoutAScaleGetsOneAndKeepsIt() throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        try database.addDevice(Device(name: "phone", widthPx: 750, heightPx: 1334, pxPerMM: 12.8))
        try database.setScale(2, ofDevice: "phone")
        #expect(try database.device(named: "phone")?.scale == 2)
        try database.setScale(2, ofDevice: "phone")
        #expect(
            throws: ThumbLabError.device(.scaleAlreadySet(device: "phone", current: 2, requested: 3))
        ) {
            try database.setScale(3, ofDevice: "phone")
        }
        #expect(throws: ThumbLabError.self) { try database.setScale(2, ofDevice: "tablet") }
        #expect(try database.device(named: "phone")?.scale == 2)
    }
}
