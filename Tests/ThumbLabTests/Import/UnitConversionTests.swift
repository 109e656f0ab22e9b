import Foundation
import Testing

@testable import ThumbLab

/// Lengths logged in mm, pt or dp become px through the device; the summary states each
/// conversion, and widths that look like they are not in px are warned about.
@Suite struct UnitConversionTests {
    /// A phone of 254 ppi, exactly 10 px per mm, with a 2x scale; and one without a scale.
    private func fixture() throws -> DatabaseFixture {
        let fixture = try DatabaseFixture(seeded: false)
        try fixture.database.addDevice(Device(name: "phone", widthPx: 1080, heightPx: 1920, ppi: 254, scale: 2))
        try fixture.database.addDevice(Device(name: "plain", widthPx: 1080, heightPx: 1920, pxPerMM: 10))
        return fixture
    }

    /// The trial columns of every stored trial, in id order.
    private func trials(_ database: StudyDatabase, _ columns: String) throws -> [[Double?]] {
        let statement = try database.connection.prepare("SELECT \(columns) FROM trial ORDER BY id")
        var result: [[Double?]] = []
        while try statement.step() {
            result.append((0..<statement.columnCount).map { statement.optionalDouble($0) })
        }
        return result
    }

    @Test func millimetreTrialsAreStoredInPixels() throws {
        let fixture = try fixture()
        let path = fixture.write(
            "pid,target_x,target_y,target_w,target_h,touch_x,touch_y,mt,hit\nP1,20,30.5,9.6,7,21.25,30,500,1\n",
            named: "mm.csv")
        let report = try fixture.importer.importFile(
            at: path, options: ImportOptions(device: "phone", units: .mm))
        let stored = try trials(
            fixture.database, "target_x, target_y, target_width, target_height, touch_x, touch_y, time_ms")
        #expect(stored == [[200, 305, 96, 70, 212.5, 300, 500]])
        #expect(
            report.conversions.map(\.field) == ["target_x", "target_y", "target_w", "target_h", "touch_x", "touch_y"])
        #expect(report.conversions.allSatisfy { $0.unit == .mm && $0.pixelsPerUnit == 10 })
        #expect(report.warnings.isEmpty)
    }

    /// A touch log in mm: the hits derived from it compare a touch with a target in the
    /// same unit, px, and come out as they would from the millimetres.
    @Test func touchLogInMillimetresDerivesTheRightHits() throws {
        let fixture = try fixture()
        // Target 9.6 mm wide at (20, 30): a touch 4 mm to the right is inside, 5 mm is not.
        let text = """
            pid,trial,t,x,y,phase,target_x,target_y,target_w
            P1,1,0,24,30,down,20,30,9.6
            P1,1,80,24,30,up,20,30,9.6
            P1,2,500,25,30,down,20,30,9.6
            P1,2,590,25,30,up,20,30,9.6

            """
        let path = fixture.write(text, named: "touches.csv")
        _ = try fixture.importer.importFile(at: path, options: ImportOptions(device: "phone", units: .mm))
        #expect(try trials(fixture.database, "touch_x, target_width, hit") == [[240, 96, 1], [250, 96, 0]])
        #expect(try rows(fixture.database, "SELECT x, y FROM touch ORDER BY id").first == "240.0|300.0")
    }

    @Test func oneColumnMappedWithItsUnitIsTheOnlyOneConverted() throws {
        let fixture = try fixture()
        let path = fixture.write("pid,target_x,targetW,time\nP1,300,9.6,500\n", named: "w.csv")
        let report = try fixture.importer.importFile(
            at: path,
            options: ImportOptions(map: ["target_w": "targetW"], device: "plain", fieldUnits: ["target_w": .mm]))
        #expect(try trials(fixture.database, "target_x, target_width") == [[300, 96]])
        #expect(
            report.conversions == [
                ColumnConversion(field: "target_w", column: "targetW", unit: .mm, pixelsPerUnit: 10)
            ])
    }

    @Test func pointsAndDensityIndependentPixelsGoThroughTheScale() throws {
        for unit in [ScreenUnit.pt, .dp] {
            let fixture = try fixture()
            let path = fixture.write("pid,target_x,target_w,time\nP1,187.5,44,500\n", named: "pt.csv")
            let report = try fixture.importer.importFile(at: path, options: ImportOptions(device: "phone", units: unit))
            #expect(try trials(fixture.database, "target_x, target_width") == [[375, 88]])
            #expect(report.conversions.map(\.pixelsPerUnit) == [2, 2])
        }
    }

    @Test func pixelsGivenAsTheUnitConvertNothingAndNeedNoDevice() throws {
        let fixture = try fixture()
        let path = fixture.write("pid,target_w,time\nP1,9.6,500\n", named: "px.csv")
        let report = try fixture.importer.importFile(at: path, options: ImportOptions(units: .px))
        #expect(report.conversions.isEmpty && report.warnings.isEmpty)
        #expect(try trials(fixture.database, "target_width") == [[9.6]])
    }

    @Test func theReportStatesEachConversion() throws {
        let fixture = try fixture()
        let path = fixture.write("pid,tx,targetW,touch_x,time\nP1,20,9.6,21,500\n", named: "s.csv")
        let options = ImportOptions(
            map: ["target_w": "targetW"], device: "phone", units: .pt, fieldUnits: ["target_w": .mm])
        let report = try fixture.importer.importFile(at: path, options: options)
        #expect(
            report.conversions == [
                ColumnConversion(field: "target_x", column: "tx", unit: .pt, pixelsPerUnit: 2),
                ColumnConversion(field: "target_w", column: "targetW", unit: .mm, pixelsPerUnit: 10),
                ColumnConversion(field: "touch_x", column: "touch_x", unit: .pt, pixelsPerUnit: 2),
            ])
    }

    @Test func smallWidthsWithoutAUnitAreWarnedAbout() throws {
        let fixture = try fixture()
        let path = fixture.write("pid,targetW,time\nP1,9.6,500\nP1,7.2,510\nP1,12,490\n", named: "small.csv")
        let report = try fixture.importer.importFile(at: path, options: ImportOptions(device: "phone"))
        #expect(report.rows == 3)
        #expect(
            report.warnings == [
                .widthsMayNotBePixels(
                    WidthUnitDoubt(
                        header: "targetW", median: 9.6, sampledRows: nil,
                        reference: .device(name: "phone", shortSidePx: 1080), divisor: 40, dryRun: false))
            ])
        #expect(
            report.warnings.map(\.description) == [
                "target_w ('targetW'): the median target width is 9.6, read as px since no unit was given, below 1/40 of the shorter side of device phone (1080 px / 40 = 27 px); if the widths are in mm (or pt, dp), undo this import and import again with units mm (or fieldUnits target_w=mm)"
            ])
    }

    @Test func widthsInPixelsOrWithAUnitOrWithoutADeviceAreNotWarnedAbout() throws {
        let fixture = try fixture()
        let cases: [(String, ImportOptions)] = [
            ("pid,target_w,time\nP1,96,500\nP1,20,500\nP1,120,500\n", ImportOptions(device: "phone")),
            ("pid,target_w,time\nP1,9.6,500\n", ImportOptions(device: "phone", units: .mm)),
            ("pid,target_w,time\nP1,9.6,500\n", ImportOptions(device: "phone", units: .px)),
            ("pid,target_w,time\nP1,9.6,500\n", ImportOptions(device: "phone", fieldUnits: ["target_width": .px])),
            ("pid,target_w,time\nP1,9.6,500\n", ImportOptions()),
        ]
        for (index, (text, options)) in cases.enumerated() {
            let path = fixture.write(text, named: "case\(index).csv")
            var dryRun = options
            dryRun.dryRun = true
            #expect(try fixture.importer.importFile(at: path, options: dryRun).warnings.isEmpty)
        }
    }

    @Test func aUnitWithoutADeviceIsASetupProblem() throws {
        let fixture = try fixture()
        let path = fixture.write("pid,target_w,time\nP1,9.6,500\n", named: "a.csv")
        let before = try RowCounts(fixture.database)
        #expect(throws: ThumbLabError.importSetup(.unitWithoutDevice(unit: "mm", perField: false))) {
            try fixture.importer.importFile(at: path, options: ImportOptions(units: .mm))
        }
        #expect(throws: ThumbLabError.importSetup(.unitWithoutDevice(unit: "mm", perField: true))) {
            try fixture.importer.importFile(at: path, options: ImportOptions(fieldUnits: ["target_w": .mm]))
        }
        #expect(try RowCounts(fixture.database) == before)
    }

    @Test func pointsOnADeviceWithoutAScaleIsASetupProblemWithTheDevicesFigures() throws {
        let fixture = try fixture()
        let path = fixture.write("pid,target_w,time\nP1,44,500\n", named: "a.csv")
        #expect(
            throws: ThumbLabError.importSetup(
                .deviceLacksFigure(
                    field: "target_w", unit: "pt", figure: "its scale factor (px per pt)", device: "plain",
                    widthPx: 1080, heightPx: 1920, pxPerMM: 10))
        ) {
            try fixture.importer.importFile(at: path, options: ImportOptions(device: "plain", units: .pt))
        }
        #expect(try RowCounts(fixture.database).batches == 0)
    }

    @Test func densityIndependentPixelsOnADeviceWithoutAScaleGoThroughItsDensity() throws {
        let fixture = try fixture()
        let path = fixture.write("pid,target_x,target_w,time\nP1,160,48,500\n", named: "dp.csv")
        let report = try fixture.importer.importFile(at: path, options: ImportOptions(device: "plain", units: .dp))
        // 10 px per mm is 254 ppi: 1 dp = 1/160 in = 254 / 160 px.
        #expect(report.conversions.map(\.pixelsPerUnit) == [1.5875, 1.5875])
        let stored = try trials(fixture.database, "target_x, target_width")
        #expect(stored.count == 1 && zip(stored[0], [254, 76.2]).allSatisfy { abs($0! - $1) < 1e-9 })
    }

    @Test func aUnitForAFieldThatIsNoLengthIsASetupProblem() throws {
        let fixture = try fixture()
        let path = fixture.write("pid,target_w,time\nP1,44,500\n", named: "a.csv")
        do {
            _ = try fixture.importer.importFile(
                at: path, options: ImportOptions(device: "phone", fieldUnits: ["time_ms": .mm]))
            Issue.record("expected a set-up problem")
        } catch ThumbLabError.importSetup(.unitOfNonLength(let key, let unit, let kind, let lengths)) {
            #expect(key == "time_ms" && unit == "mm" && kind == "trials")
            #expect(lengths.contains("target_w") && !lengths.contains("time_ms"))
        }
    }

    @Test func aUnitWithADeviceOutsideADatabaseIsAUsageError() throws {
        let folder = TemporaryFolder()
        let path = folder.write("pid,target_w,time\nP1,44,500\n", named: "a.csv")
        #expect(throws: ThumbLabError.self) {
            try Importer(database: nil).importFile(
                at: path, options: ImportOptions(device: "phone", dryRun: true, units: .mm))
        }
    }

    @Test func unitsForAFileWithoutLengthsConvertNothing() throws {
        let fixture = try fixture()
        let path = fixture.write("pid,technique,time,hit\nP1,A,500,1\n", named: "nolength.csv")
        let options = ImportOptions(device: "phone", units: .mm)
        let report = try fixture.importer.importFile(at: path, options: options)
        #expect(report.rows == 1)
        #expect(report.conversions.isEmpty)
        #expect(!report.columns.contains { ImportField(rawValue: $0.field)?.isLength == true })
        // The only length read in a unit of its own: the file's unit had nothing left, and
        // the field's own unit converts it.
        let mapped = ImportOptions(
            study: "mapped", map: ["target_w": "W"], device: "phone", units: .pt, fieldUnits: ["target_w": .mm])
        let widths = fixture.write("pid,W,time\nP3,9.6,500\n", named: "mapped.csv")
        #expect(
            try fixture.importer.importFile(at: widths, options: mapped).conversions == [
                ColumnConversion(field: "target_w", column: "W", unit: .mm, pixelsPerUnit: 10)
            ])
    }

    @Test func aMappedColumnFollowedByAWordThatIsNoUnitIsNamedAsSuch() throws {
        let fixture = try fixture()
        let path = fixture.write("pid,W,time\nP1,9.6,500\n", named: "cm.csv")
        do {
            _ = try fixture.importer.importFile(
                at: path, options: ImportOptions(map: ["target_w": "W:cm"], device: "phone"))
            Issue.record("expected a set-up problem")
        } catch ThumbLabError.importSetup(let problem) {
            #expect(
                problem == .unknownUnit(key: "target_w", column: "W:cm", unit: "cm", units: ["px", "pt", "dp", "mm"]))
            #expect(
                problem.description
                    == "map target_w=W:cm: the file has no column 'W:cm', and 'cm' after its colon is not a unit (px, pt, dp, mm); give the column's unit as one of these, or convert the column first"
            )
        }
        #expect(try RowCounts(fixture.database).batches == 0)
    }
}
