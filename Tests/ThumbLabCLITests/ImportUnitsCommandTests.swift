import Foundation
import Testing

/// `thumblab import --units` and `--map field=column:unit` end to end, with the device's
/// `--scale`: what is stored, what the summary says, and the errors and warnings.
@Suite struct ImportUnitsCommandTests {
    static let millimetres = "pid,technique,target_x,targetW,time,hit\nP1,Direct,20,9.6,500,1\nP1,Shift,30,7.2,520,0\n"

    private func addPhone(_ sandbox: borrowing Sandbox, scale: [String] = []) throws {
        let run = try sandbox.run(
            ["device", "add", "phone", "--width", "1080", "--height", "1920", "--px-per-mm", "10"] + scale)
        #expect(run.status == 0)
    }

    @Test func millimetresConvertThroughTheDeviceAndTheSummarySaysSo() throws {
        let sandbox = try Sandbox()
        try addPhone(sandbox)
        try sandbox.write("mm.csv", Self.millimetres)
        let run = try sandbox.run(["import", "mm.csv", "--device", "phone", "--units", "mm"])
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(run.stdout.contains("\n  fields    pid -> participant, target_x, target_w, time -> time_ms, hit\n"))
        #expect(
            run.stdout.contains("\n  units     target_x, target_w: mm to px, x 10 px/mm (device phone)\n"))
    }

    @Test func oneColumnCarriesItsUnitInTheMap() throws {
        let sandbox = try Sandbox()
        try addPhone(sandbox)
        try sandbox.write("mm.csv", Self.millimetres)
        let run = try sandbox.run([
            "import", "mm.csv", "--device", "phone", "--map", "target_w=targetW:mm", "--format", "json",
        ])
        #expect(run.status == 0)
        #expect(
            run.stdout.contains(
                """
                    "conversions": [
                      {
                        "field": "target_w",
                        "column": "targetW",
                        "unit": "mm",
                        "px_per_unit": 10
                      }
                    ],
                """))
        #expect(run.stdout.contains("\"warnings\": [],"))
    }

    @Test func pointsNeedTheDevicesScaleWhichDeviceAddGives() throws {
        let sandbox = try Sandbox()
        try addPhone(sandbox)
        try sandbox.write("pt.csv", "pid,target_w,time\nP1,44,500\n")
        let refused = try sandbox.run(["import", "pt.csv", "--device", "phone", "--units", "pt"])
        #expect(refused.status == 64)
        #expect(
            refused.stderr
                == "Error: target_w in pt converts to px through its scale factor (px per pt), and device phone has none; give it one with `thumblab device add phone --width 1080 --height 1920 --px-per-mm 10 --scale X` (2 on a 2x screen)\n"
        )
        let scaled = try sandbox.run([
            "device", "add", "phone", "--width", "1080", "--height", "1920", "--px-per-mm", "10", "--scale", "2",
        ])
        #expect(scaled.status == 0)
        #expect(
            scaled.stdout
                == "Gave device 'phone' its scale: 1080 x 1920 px, 10 px/mm (254 ppi), 108.0 x 192.0 mm, scale 2.\n")
        let list = try sandbox.run(["device", "list", "--format", "csv"])
        #expect(list.stdout.hasSuffix("scale\r\nphone,1080,1920,10,254,108,192,2\r\n"))
        let imported = try sandbox.run(["import", "pt.csv", "--device", "phone", "--units", "pt"])
        #expect(imported.status == 0)
        #expect(imported.stdout.contains("\n  units     target_w: pt to px, x 2 px/pt (device phone)\n"))
    }

    @Test func aUnitWithoutADeviceIsAUsageError() throws {
        let sandbox = try Sandbox()
        try sandbox.write("mm.csv", Self.millimetres)
        let run = try sandbox.run(["import", "mm.csv", "--units", "mm"])
        #expect(run.status == 64)
        #expect(
            run.stderr.hasPrefix(
                "Error: --units mm converts lengths to px through the device the data was logged on; name it with --device NAME"
            ))
        let unknown = try sandbox.run(["import", "mm.csv", "--units", "cm"])
        #expect(unknown.status == 64)
        #expect(
            unknown.stderr.hasPrefix(
                "Error: The value 'cm' is invalid for '--units'; expected one of 'px', 'pt', 'dp', 'mm'."))
    }

    @Test func smallWidthsWithoutAUnitAreWarnedAboutOnStderr() throws {
        let sandbox = try Sandbox()
        try addPhone(sandbox)
        try sandbox.write("mm.csv", Self.millimetres)
        let run = try sandbox.run(["import", "mm.csv", "--device", "phone"])
        #expect(run.status == 0)
        let warning =
            "mm.csv: target_w ('targetW'): the median target width is 8.4, read as px since no unit was given, below 1/40 of the shorter side of device phone (1080 px / 40 = 27 px); if the widths are in mm (or pt, dp), undo this import and import again with --units mm (or --map target_w=targetW:mm)"
        #expect(run.stderr == "Warning: \(warning)\n")
        #expect(run.stdout.contains("\n  warning   target_w ('targetW'): the median target width is 8.4,"))
    }
}
