import Foundation
import Testing

/// `density`, `direction` and `target-size` end to end on the bundled datasets: exit
/// codes, key output, and the refusals (no start points, mixed or unknown devices, an
/// empty selection, one size, no device for mm).
@Suite struct SpatialCommandTests {
    static let reach = repositoryRoot().appendingPathComponent("Datasets/thumb-reach")
    static let thumbspace = repositoryRoot().appendingPathComponent("Datasets/thumbspace-vs-shift/trials.csv").path

    /// A sandbox whose default database holds thumb-reach, each file on its phone (or on
    /// no device).
    func reachSandbox(withDevices: Bool = true) throws -> Sandbox {
        let sandbox = try Sandbox()
        for (name, width, height, ppi) in [("small", "640", "1136", "326"), ("large", "1080", "2340", "401")] {
            let add = try sandbox.run(["device", "add", name, "--width", width, "--height", height, "--ppi", ppi])
            #expect(add.status == 0, "\(add.stderr)")
            let file = Self.reach.appendingPathComponent("\(name).csv").path
            let run = try sandbox.run(
                ["import", file, "--study", "thumb-reach"] + (withDevices ? ["--device", name] : []))
            #expect(run.status == 0, "\(run.stderr)")
        }
        return sandbox
    }

    /// A sandbox whose default database holds thumbspace-vs-shift's trials on its phone.
    func thumbspaceSandbox() throws -> Sandbox {
        let sandbox = try Sandbox()
        let add = try sandbox.run(["device", "add", "phone-3.5in", "--width", "320", "--height", "480", "--ppi", "163"])
        #expect(add.status == 0, "\(add.stderr)")
        let run = try sandbox.run(["import", Self.thumbspace, "--device", "phone-3.5in"])
        #expect(run.status == 0, "\(run.stderr)")
        return sandbox
    }

    static func json(_ run: Run) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")
    }

    @Test func densityPrintsItsBandwidthAndPeakAndWritesTheGrid() throws {
        let sandbox = try reachSandbox()
        let text = try sandbox.run(["density", "--device", "small"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("Touch density on a 50 x 89 grid"))
        #expect(text.stdout.contains("Scott's rule"))
        #expect(text.stdout.contains("share of touches per mm²"))
        #expect(text.stdout.contains("every attempt as a trial; 1,008 trials of 12 participants"))
        let csv = try sandbox.run(["density", "--device", "small", "--grid", "10x20", "--out", "grid.csv"])
        #expect(csv.status == 0, "\(csv.stderr)")
        let lines = try String(contentsOfFile: sandbox.path("grid.csv"), encoding: .utf8)
            .split(whereSeparator: \.isNewline)
        #expect(lines.first == "col,row,x,y,x_mm,y_mm,density")
        #expect(lines.count == 1 + 200)
        let json = try Self.json(
            try sandbox.run(["density", "--device", "small", "--bandwidth", "3", "--format", "json"]))
        #expect(json["bandwidth_rule"] as? String == "fixed")
        let map = try #require((json["maps"] as? [[String: Any]])?.first)
        #expect(map["bandwidth_x_mm"] as? Double == 3)
        #expect((map["points"] as? [Any])?.count == 50 * 89)
    }

    @Test func densityRefusesMixedUnknownAndEmptySelections() throws {
        let sandbox = try reachSandbox()
        let mixed = try sandbox.run(["density"])
        #expect(mixed.status == 64)
        #expect(mixed.stderr.contains("2 devices (large, small)"))
        #expect(mixed.stderr.contains("--device NAME"))
        let unknown = try sandbox.run(["density", "--device", "tablet"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("its devices are large, small"))
        let empty = try sandbox.run(["density", "--device", "small", "--where", "phone=large"])
        #expect(empty.status == 64)
        #expect(empty.stderr.contains("no trial with a touch point"))
        let both = try sandbox.run(["density", "--device", "small", "--grid", "4x7", "--cell-mm", "2"])
        #expect(both.status == 64)
        #expect(both.stderr.contains("give one of them"))
    }

    @Test func densityWithoutADeviceStaysInPixels() throws {
        let sandbox = try reachSandbox(withDevices: false)
        let run = try sandbox.run(["density", "--where", "phone=small"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("bandwidth_x_px"))
        #expect(run.stdout.contains("nothing can be given in mm"))
        let cells = try sandbox.run(["density", "--where", "phone=small", "--cell-mm", "1"])
        #expect(cells.status == 64)
        #expect(cells.stderr.contains("need the device's density"))
    }

    @Test func directionReportsSectorsAndTheDiagonalContrast() throws {
        let sandbox = try reachSandbox()
        let run = try sandbox.run(["direction", "--device", "small"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("NW-SE against NE-SW"))
        #expect(run.stdout.contains("t(11) = 4.94, p < .001, d_z = 1.43"))
        #expect(run.stdout.contains("y down (north is up"))
        let json = try Self.json(try sandbox.run(["direction", "--device", "small", "--format", "json"]))
        #expect((json["sectors"] as? [[String: Any]])?.first?["sector"] as? String == "N")
        let contrast = try #require(json["contrast"] as? [String: Any])
        let time = try #require(contrast["time"] as? [String: Any])
        #expect(time["test"] as? String == "paired-t")
        #expect(abs((time["statistic"] as? Double ?? 0) - 4.943414354740563) < 1e-9)
        #expect((contrast["error"] as? [String: Any])?["test"] as? String == "wilcoxon")
        let mixed = try sandbox.run(["direction"])
        #expect(mixed.status == 64)
        #expect(mixed.stderr.contains("choose one with --device"))
    }

    @Test func directionWithoutStartPointsSaysWhichColumnsItNeeds() throws {
        let sandbox = try thumbspaceSandbox()
        let run = try sandbox.run(["direction"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("start_x and start_y columns of the trial log"))
    }

    @Test func targetSizeReportsFitThresholdAndReferences() throws {
        let sandbox = try thumbspaceSandbox()
        let run = try sandbox.run(["target-size"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("levels of the factor target size (mm) (detected"))
        #expect(run.stdout.contains("falls to 5% at 8.1 mm"))
        #expect(run.stdout.contains("The smallest size not significantly above the largest is 9.6 mm."))
        #expect(run.stdout.contains("Apple HIG 44 pt"))
        let json = try Self.json(try sandbox.run(["target-size", "--error-rate", "0.01", "--format", "json"]))
        #expect(abs((json["size_at_target_error_rate"] as? Double ?? 0) - 10.792755374844752) < 1e-6)
        #expect((json["references"] as? [[String: Any]])?.count == 3)
        #expect((json["curve"] as? [Any])?.count == 101)
        let named = try sandbox.run(["target-size", "--size-factor", "technique"])
        #expect(named.status == 64)
        #expect(named.stderr.contains("are not numbers"))
    }

    @Test func targetSizeOnOneSizeOrWithoutADevice() throws {
        let sandbox = try reachSandbox()
        let one = try sandbox.run(["target-size", "--device", "small"])
        #expect(one.status == 0, "\(one.stderr)")
        #expect(one.stdout.contains("single target size (7 mm)"))
        let bare = try reachSandbox(withDevices: false)
        let none = try bare.run(["target-size"])
        #expect(none.status == 64)
        #expect(none.stderr.contains("imports name no device"))
    }
}
