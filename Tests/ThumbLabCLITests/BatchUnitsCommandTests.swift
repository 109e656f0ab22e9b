import Foundation
import Testing

/// Widths in mm read as px without a device are warned about, and `info` and `batches`
/// show the unit each import read its lengths in.
@Suite struct BatchUnitsCommandTests {
    /// Widths 3 to 7 beside positions spread over 1,300 px.
    static let millimetreWidths = """
        pid,target_x,target_y,target_w,touch_x,touch_y,time,hit
        P1,100,200,3,101,201,500,1
        P1,1400,900,7,1398,905,520,0
        P1,700,300,5,702,300,480,1

        """

    @Test func smallWidthsBesideWidePositionsAreWarnedAboutWithoutADevice() throws {
        let sandbox = try Sandbox()
        try sandbox.write("mm.csv", Self.millimetreWidths)
        let run = try sandbox.run(["import", "mm.csv"])
        #expect(run.status == 0)
        #expect(
            run.stderr.hasPrefix(
                "Warning: mm.csv: target_w: the median target width is 5, read as px since no unit was given, below 1/50 of the 1300 px that target_x, touch_x span in this file"
            ))
        // The positions span 1300 px: converting every length would turn them wrong too.
        #expect(run.stderr.contains("--device NAME --map target_w=target_w:mm (the positions look like px"))
        #expect(!run.stderr.contains("--units mm ("))
        #expect(run.stdout.contains("\n  warning   target_w: the median target width is 5,"))
        let json = try sandbox.run(["import", "mm.csv", "--study", "other", "--format", "json"])
        let reports = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect((reports.first?["warnings"] as? [String])?.count == 1)
    }

    @Test func pixelWidthsAreNotWarnedAbout() throws {
        let sandbox = try Sandbox()
        try sandbox.write("px.csv", "pid,target_x,target_w,time\nP1,100,96,500\nP1,1400,120,510\n")
        let run = try sandbox.run(["import", "px.csv"])
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(!run.stdout.contains("warning"))
    }

    @Test func infoAndBatchesShowEachBatchsUnits() throws {
        let sandbox = try Sandbox()
        try sandbox.write("px.csv", "pid,target_w,time\nP1,96,500\n")
        try sandbox.write("mm.csv", "pid,target_w,time\nP2,9.6,500\n")
        #expect(try sandbox.run(["import", "px.csv"]).status == 0)
        let device = try sandbox.run([
            "device", "add", "phone", "--width", "1080", "--height", "1920", "--px-per-mm", "10",
        ])
        #expect(device.status == 0)
        #expect(try sandbox.run(["import", "mm.csv", "--device", "phone", "--units", "mm"]).status == 0)
        let text = try sandbox.run(["info"])
        #expect(text.status == 0)
        #expect(
            text.stdout.hasSuffix(
                "Batches (the unit each import read lengths in)\n  1  px       trials   default: px.csv\n  2  mm       trials   default: mm.csv\n"
            ))
        let json = try sandbox.run(["info", "--format", "json"])
        let info = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let batches = try #require(info["batch_units"] as? [[String: Any]])
        #expect(batches.map { $0["units"] as? String } == ["px", "mm"])
        #expect(batches.map { $0["source"] as? String } == ["px.csv", "mm.csv"])
        let csv = try sandbox.run(["batches", "--format", "csv"]).stdout.components(separatedBy: "\r\n")
        #expect(csv[2].hasPrefix("2,default,trials,csv,1,0,phone,mm,"))
    }
}
