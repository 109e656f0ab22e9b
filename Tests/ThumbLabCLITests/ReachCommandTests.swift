import Foundation
import Testing

/// `heatmap`, `reach` and `audit` end to end on the bundled thumb-reach study: the CSV and
/// JSON contract, devices never mixed, and layout problems as exit 65 with the element named.
@Suite struct ReachCommandTests {
    static let datasets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Datasets/thumb-reach")

    /// A sandbox whose `study.sqlite` holds both phones of thumb-reach, each on its device.
    func reachSandbox() throws -> Sandbox {
        let sandbox = try Sandbox()
        let db = sandbox.path("study.sqlite")
        for command in [
            ["device", "add", "small", "--width", "640", "--height", "1136", "--ppi", "326"],
            ["device", "add", "large", "--width", "1080", "--height", "2340", "--ppi", "401"],
            [
                "import", Self.datasets.appendingPathComponent("small.csv").path, "--study", "thumb-reach", "--device",
                "small",
            ],
            [
                "import", Self.datasets.appendingPathComponent("large.csv").path, "--study", "thumb-reach", "--device",
                "large",
            ],
        ] {
            let run = try sandbox.run(command + ["--db", db])
            #expect(run.status == 0, "\(command): \(run.stderr)")
        }
        return sandbox
    }

    @Test func heatmapCSVHasTheContractColumnsAndOneRowPerCell() throws {
        let sandbox = try reachSandbox()
        let run = try sandbox.run([
            "heatmap", "--db", sandbox.path("study.sqlite"), "--device", "small", "--grid", "4x7", "--format", "csv",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\r\n")
        #expect(
            lines.first?.hasPrefix(
                "col,row,x0,y0,x1,y1,n,hits,error_rate,time_median,time_geomean,offset_dx,offset_dy,") == true)
        #expect(lines.count == 1 + 28)
        #expect(lines[1].hasPrefix("0,0,0,0,160,"))
    }

    @Test func heatmapTextShowsTheGridAndStatesEveryAttempt() throws {
        let sandbox = try reachSandbox()
        let run = try sandbox.run([
            "heatmap", "--db", sandbox.path("study.sqlite"), "--device", "large", "--cell-mm", "20", "--measure",
            "error",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Error rate (proportion) by screen cell on large: 1,008 trials of 12 participants"))
        #expect(run.stdout.contains("every attempt as a trial"))
        #expect(run.stdout.contains("grid of 4 x 8 cells"))
    }

    @Test func mixedDevicesAreRefusedWithTheirNames() throws {
        let sandbox = try reachSandbox()
        let run = try sandbox.run(["heatmap", "--db", sandbox.path("study.sqlite")])
        #expect(run.status == 64)
        #expect(run.stderr.contains("large (1,008 trials), small (1,008 trials)"))
        #expect(run.stdout.isEmpty)
        let both = try sandbox.run(["heatmap", "--db", sandbox.path("study.sqlite"), "--grid", "4x7", "--cell-mm", "5"])
        #expect(both.status == 64)
        let badGrid = try sandbox.run(["heatmap", "--db", sandbox.path("study.sqlite"), "--grid", "four"])
        #expect(badGrid.status == 64)
        #expect(badGrid.stderr.contains("COLSxROWS"))
        let empty = try sandbox.run([
            "heatmap", "--db", sandbox.path("study.sqlite"), "--device", "small", "--where", "block=7",
        ])
        #expect(empty.status == 64)
        #expect(empty.stdout.isEmpty)
    }

    @Test func reachJSONHasAZonePerDevice() throws {
        let sandbox = try reachSandbox()
        let run = try sandbox.run(["reach", "--db", sandbox.path("study.sqlite"), "--grid", "4x7", "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let zones = try #require(object["zones"] as? [[String: Any]])
        #expect(zones.map { $0["device"] as? String } == ["large", "small"])
        #expect((zones[1]["cells"] as? [[String: Any]])?.count == 28)
        #expect((zones[1]["zone_cells"] as? Int) == 9)
    }

    @Test func auditPrintsFindingsForTheBundledLayout() throws {
        let sandbox = try reachSandbox()
        let run = try sandbox.run([
            "audit", Self.datasets.appendingPathComponent("layout-small.json").path, "--db",
            sandbox.path("study.sqlite"),
            "--device", "small", "--grid", "4x7",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Back button: outside the reach zone; smaller than 9.2 mm (6.9 x 6.9 mm)."))
        #expect(run.stdout.contains("Tab 1: smaller than 9.2 mm"))
    }

    @Test func layoutProblemsExit65NamingTheElement() throws {
        let sandbox = try reachSandbox()
        let layout = try sandbox.write(
            "layout.json",
            """
            {"units": "pt", "scale": 2, "elements": [
              {"name": "Back", "frame": [0, 20, 44, 44]},
              {"name": "Banner"},
              {"name": "Huge", "frame": [0, 0, 400, 10]},
              {"name": "Odd", "frame": [0, 0, 4, 4], "units": "inches"}
            ]}
            """)
        let run = try sandbox.run(["audit", layout, "--db", sandbox.path("study.sqlite"), "--device", "small"])
        #expect(run.status == 65)
        #expect(run.stderr.contains("layout.json:3:3: element 'Banner' has no \"frame\""))
        #expect(run.stderr.contains("layout.json:5:51: element 'Odd' has unknown units 'inches'"))
        #expect(!run.stderr.contains("imported"))
        #expect(run.stdout.isEmpty)
        let offScreen = try sandbox.write(
            "off.json",
            "{\"units\": \"pt\", \"scale\": 2, \"elements\": [{\"name\": \"Huge\", \"frame\": [0, 0, 400, 10]}]}")
        let off = try sandbox.run(["audit", offScreen, "--db", sandbox.path("study.sqlite"), "--device", "small"])
        #expect(off.status == 65)
        #expect(off.stderr.contains("element 'Huge'") && off.stderr.contains("off the screen of small"))
        let missing = try sandbox.run(["audit", sandbox.path("none.json"), "--db", sandbox.path("study.sqlite")])
        #expect(missing.status == 66)
    }
}
