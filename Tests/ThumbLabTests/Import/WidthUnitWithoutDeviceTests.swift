import Foundation
import Testing

@testable import ThumbLab

/// Without a device, target widths far below the span of the file's positions are warned
/// about (widths in mm beside positions in px), and each batch records its units.
@Suite struct WidthUnitWithoutDeviceTests {
    /// Widths 3 to 7 beside target and touch positions spread over 1,300 px: the positions
    /// look like px, so the warning suggests converting the width column alone.
    static let trialLog = """
        pid,target_x,target_y,target_w,touch_x,touch_y,time,hit
        P1,100,200,3,101,201,500,1
        P1,1400,900,7,1398,905,520,0
        P1,700,300,5,702,300,480,1

        """

    @Test func widthsInMillimetresBesidePositionsInPixelsAreWarnedAbout() throws {
        let fixture = try DatabaseFixture(seeded: false)
        let path = fixture.write(Self.trialLog, named: "mm.csv")
        let report = try fixture.importer.importFile(at: path, options: ImportOptions())
        #expect(report.rows == 3)
        #expect(
            report.warnings.map(\.description) == [
                "target_w: the median target width is 5, read as px since no unit was given, below 1/50 of the 1300 px that target_x, touch_x span in this file (1300 / 50 = 26 px); if the widths are in mm (or pt, dp), undo this import and import again naming the device and the width's unit: device NAME and fieldUnits target_w=mm (the positions look like px, which units mm would convert too)"
            ])
    }

    @Test func aTouchLogsWidthsAreCheckedAgainstItsTouchPositions() throws {
        let log = """
            participant,trial,timestamp,x,y,phase,target_w
            P1,1,0,50,60,down,4
            P1,1,80,52,61,up,4
            P1,2,500,1350,800,down,6
            P1,2,590,1351,801,up,6

            """
        let read = try importInMemory(log, named: "taps.csv")
        #expect(read.layout.kind == .touches)
        let folder = TemporaryFolder()
        let prepared = try ImportEngine.prepare(path: folder.write(log, named: "taps.csv"), options: ImportOptions())
        #expect(prepared.warnings.count == 1)
        #expect(
            prepared.warnings.first?.description.contains("below 1/50 of the 1301 px that x span in this file") == true)
    }

    @Test func widthsInPixelsOrWithoutPositionsOrWithAUnitAreNotWarnedAbout() throws {
        let folder = TemporaryFolder()
        let cases: [(String, ImportOptions)] = [
            ("pid,target_x,target_w,time\nP1,100,96,500\nP1,1400,120,510\n", ImportOptions()),
            ("pid,target_w,time\nP1,3,500\nP1,7,510\n", ImportOptions()),
            ("pid,target_x,target_w,time\nP1,100,3,500\nP1,100,7,510\n", ImportOptions()),
            ("pid,target_x,target_w,time\nP1,100,3,500\nP1,1400,7,510\n", ImportOptions(units: .px)),
            ("pid,target_x,target_w,time\nP1,100,3,500\nP1,1400,7,510\n", ImportOptions(fieldUnits: ["W": .px])),
        ]
        for (index, (text, options)) in cases.enumerated() {
            let prepared = try ImportEngine.prepare(
                path: folder.write(text, named: "case\(index).csv"), options: options)
            #expect(prepared.warnings.isEmpty, "case \(index)")
        }
    }

    @Test func eachBatchRecordsTheUnitsItsLengthsWereReadIn() throws {
        let fixture = try DatabaseFixture(seeded: false)
        try fixture.database.addDevice(Device(name: "phone", widthPx: 1080, heightPx: 1920, pxPerMM: 10))
        let plain = fixture.write("pid,target_w,time\nP1,96,500\n", named: "px.csv")
        let millimetres = fixture.write("pid,target_w,time\nP1,9.6,501\n", named: "mm.csv")
        _ = try fixture.importer.importFile(at: plain, options: ImportOptions())
        _ = try fixture.importer.importFile(at: millimetres, options: ImportOptions(device: "phone", units: .mm))
        #expect(try fixture.database.batches().map(\.units) == [.px, .mm])
        try fixture.database.connection.execute("UPDATE batch SET units = NULL WHERE id = 1")
        let info = try fixture.database.info()
        #expect(info.batchList.map(\.units) == [nil, .mm])
        let text = InfoReport.text(info)
        #expect(text.contains("\n  1  unknown  trials   default: \(plain)\n"))
        #expect(text.contains("\n  2  mm       trials   default: \(millimetres)\n"))
        let json = InfoReport.json(info).rendered()
        #expect(json.contains("\"units\": null"))
        #expect(json.contains("\"units\": \"mm\""))
    }
}
