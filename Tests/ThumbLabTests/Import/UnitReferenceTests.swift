import Foundation
import Testing

@testable import ThumbLab

/// A touch log in mm imported on a 326 ppi phone against numpy's conversion and hit test
/// (`Fixtures/import/gen_units.py`), and the unit warning's figures for the same widths
/// read as px.
@Suite struct UnitReferenceTests {
    static let folder = repositoryRoot.appendingPathComponent("Tests/ThumbLabTests/Fixtures/import")

    private func reference() throws -> [String: Any] {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent("units.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    private func importLog(units: ScreenUnit?) throws -> (DatabaseFixture, ImportReport) {
        let fixture = try DatabaseFixture(seeded: false)
        try fixture.database.addDevice(Device(name: "small", widthPx: 640, heightPx: 1136, ppi: 326))
        let path = Self.folder.appendingPathComponent("touches_mm.csv").path
        let report = try fixture.importer.importFile(at: path, options: ImportOptions(device: "small", units: units))
        return (fixture, report)
    }

    @Test func millimetresBecomeThePixelsAndHitsNumpyComputes() throws {
        let reference = try reference()
        let expected = try #require(reference["trials"] as? [[String: Any]])
        let (fixture, report) = try importLog(units: .mm)
        #expect(report.warnings.isEmpty)
        #expect(report.conversions.allSatisfy { close($0.pixelsPerUnit, reference["px_per_mm"] as! Double, 1e-15) })
        let statement = try fixture.database.connection.prepare(
            "SELECT touch_x, touch_y, target_x, target_y, target_width, hit FROM trial ORDER BY trial")
        var index = 0
        while try statement.step() {
            let trial = expected[index]
            for (column, name) in ["touch_x", "touch_y", "target_x", "target_y", "target_w"].enumerated() {
                #expect(close(statement.double(Int32(column)), trial[name] as! Double, 1e-12), "\(index) \(name)")
            }
            #expect((statement.int(5) == 1) == (trial["hit"] as! Bool), "trial \(index + 1)")
            index += 1
        }
        #expect(index == expected.count)
        #expect(try scalar(fixture.database, "SELECT SUM(hit) FROM trial") == reference["hits"] as! Int)
    }

    @Test func theWarningStatesNumpysMedianAndThreshold() throws {
        let reference = try reference()
        let (_, report) = try importLog(units: nil)
        let median = JSONValue.format(reference["median_width_as_px"] as! Double)
        let threshold = JSONValue.format(reference["warning_threshold_px"] as! Double)
        let warning = try #require(report.warnings.first).description
        #expect(warning.hasPrefix("target_w: the median target width is \(median), read as px"))
        #expect(warning.contains("(640 px / 40 = \(threshold) px)"))
    }
}
