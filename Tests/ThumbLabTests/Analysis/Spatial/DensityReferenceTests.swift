import Foundation
import Testing

@testable import ThumbLab

/// `density` on thumb-reach's small phone against the same product-kernel estimate
/// computed independently with numpy (Fixtures/spatial/gen_spatial.py), which also
/// records how far scipy's full-covariance `gaussian_kde` lies from it.
@Suite struct DensityReferenceTests {
    let folder = TemporaryFolder()

    private func check(_ report: DensityReport, scenario: String) throws {
        let map = try #require(report.maps.first)
        #expect(report.maps.count == 1)
        #expect(map.n == Int(try spatialNumber("density", scenario, "n")))
        #expect(close(map.bandwidthX, try spatialNumber("density", scenario, "bandwidth_x_mm"), 1e-12))
        #expect(close(map.bandwidthY, try spatialNumber("density", scenario, "bandwidth_y_mm"), 1e-12))
        #expect(report.grid.columns == Int(try spatialNumber("density", scenario, "columns")))
        #expect(report.grid.rows == Int(try spatialNumber("density", scenario, "rows")))
        let xs = try #require(spatialValue("density", scenario, "x_mm") as? [Double])
        let ys = try #require(spatialValue("density", scenario, "y_mm") as? [Double])
        let expected = try #require(spatialValue("density", scenario, "density") as? [Double])
        #expect(zip(report.columnCentres, xs).allSatisfy { close(report.device!.millimetres($0), $1, 1e-12) })
        #expect(zip(report.rowCentres, ys).allSatisfy { close(report.device!.millimetres($0), $1, 1e-12) })
        #expect(map.density.count == expected.count)
        let peak = try spatialNumber("density", scenario, "peak_density")
        let worst = zip(map.density, expected).map { abs($0 - $1) }.max() ?? .infinity
        #expect(worst <= 1e-12 * peak, "largest difference \(worst) against a peak of \(peak)")
        #expect(map.peakColumn == Int(try spatialNumber("density", scenario, "peak_column")))
        #expect(map.peakRow == Int(try spatialNumber("density", scenario, "peak_row")))
        #expect(close(map.peakDensity, peak, 1e-10))
        // Truncating at 4 bandwidths changes the density by less than 1e-3 of its peak.
        #expect(try spatialNumber("density", scenario, "max_abs_difference_untruncated") < 1e-3 * peak)
    }

    @Test func scottBandwidthOnMillimetreCellsMatchesNumpy() throws {
        let study = try thumbReachStudy(folder: folder)
        let report = try study.density(DensityRequest(device: "small"))
        #expect(report.unit == .millimetres)
        #expect(report.bandwidthRule == .scott)
        #expect(report.selection.attempts == .all)
        try check(report, scenario: "scott_1mm")
        // With almost no correlation between x and y, scipy's full-covariance estimate is
        // within 0.1% of the peak of the product kernel's.
        let peak = try spatialNumber("density", "scott_1mm", "peak_density")
        #expect(try spatialNumber("density", "scott_1mm", "scipy_full_covariance_max_abs_difference") < 1e-3 * peak)
        #expect(report.methods.contains("Scott's rule"))
        #expect(report.methods.contains("touches per mm²"))
    }

    @Test func fixedBandwidthOnAGridOfCellsMatchesNumpy() throws {
        let study = try thumbReachStudy(folder: folder)
        let report = try study.density(
            DensityRequest(bandwidth: 3, grid: .cells(columns: 20, rows: 30), device: "small"))
        #expect(report.bandwidthRule == .fixed(3))
        try check(report, scenario: "bandwidth3_grid20x30")
    }

    @Test func theDensityIntegratesToOneOverAWideGrid() {
        let xs = [0.0, 1, 2, 5, 7, 3]
        let ys = [0.0, 2, 1, 4, 3, 6]
        let grid = (0..<400).map { -20 + Double($0) * 0.125 }
        let density = KernelDensity.estimate(
            xs: xs, ys: ys, bandwidthX: 1.5, bandwidthY: 2, gridX: grid, gridY: grid)
        let mass = density.reduce(0, +) * 0.125 * 0.125
        #expect(abs(mass - 1) < 1e-3, "mass \(mass)")
    }

    @Test func byFactorGivesOneMapPerLevel() throws {
        let study = try thumbReachStudy(["small"], folder: folder)
        let report = try study.density(DensityRequest(by: ["phone"]))
        #expect(report.maps.map(\.levels) == [["small"]])
        let table = DensityTables.grid(report)
        #expect(table.columns == ["phone", "col", "row", "x", "y", "x_mm", "y_mm", "density"])
        #expect(table.rows.count == report.grid.cellCount)
    }

    @Test func withoutADeviceTheDensityIsInPixels() throws {
        let study = try thumbReachStudy(["small"], withDevices: false, folder: folder)
        let report = try study.density()
        #expect(report.unit == .pixels)
        #expect(report.device == nil)
        #expect(report.methods.contains("nothing can be given in mm"))
        let map = try #require(report.maps.first)
        // Scott's rule on px coordinates: the mm bandwidth times the density.
        #expect(close(map.bandwidthX, try spatialNumber("density", "scott_1mm", "bandwidth_x_mm") * 326 / 25.4, 1e-9))
        let message = usageMessage { _ = try study.density(DensityRequest(grid: .millimetres(1))) }
        #expect(message?.contains("need the device's density") == true)
    }

    @Test func devicesAreNeverPooled() throws {
        let study = try thumbReachStudy(folder: folder)
        let mixed = usageMessage { _ = try study.density() }
        #expect(mixed?.contains("2 devices (large, small)") == true)
        #expect(mixed?.contains("analyse one device at a time") == true)
        let unknown = usageMessage { _ = try study.density(DensityRequest(device: "tablet")) }
        #expect(unknown?.contains("its devices are large, small") == true)
        let empty = usageMessage {
            _ = try study.density(
                DensityRequest(device: "small"),
                selection: Selection(keep: [LevelFilter(factor: "phone", levels: ["large"])], attempts: .all))
        }
        #expect(empty?.contains("no trial with a touch point") == true)
        let bandwidth = usageMessage { _ = try study.density(DensityRequest(bandwidth: 0, device: "small")) }
        #expect(bandwidth?.contains("positive") == true)
    }
}
