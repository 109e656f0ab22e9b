import Foundation
import Testing

@testable import ThumbLab

/// The audit of the bundled small-phone layout, its figures pooled from the reference
/// cells of `heatmaps.json` (scenario `small_target_4x7`) and zone (`zone_small_4x7`).
@Suite struct LayoutAuditTests {
    @Test func elementsPoolTheCellsTheyCover() throws {
        let folder = TemporaryFolder()
        let layout = try ScreenLayout(
            contentsOf: repositoryRoot.appendingPathComponent("Datasets/thumb-reach/layout-small.json").path)
        let report = try reachStudy(folder: folder).auditLayout(
            layout,
            request: LayoutAuditRequest(zone: ReachZoneRequest(grid: .cells(columns: 4, rows: 7), device: "small")),
            selection: Selection(study: "thumb-reach", attempts: .all))
        let cells = try #require(heatmapScenario("small_target_4x7")["cells"] as? [[String: Any]])
        let inZone = try #require(heatmapScenario("zone_small_4x7")["in_zone"] as? [Bool])
        #expect(report.elements.count == layout.elements.count)
        for audit in report.elements {
            let covered = audit.cells.map { $0.row * 4 + $0.column }
            let n = covered.map { cells[$0]["n"] as! Int }
            let hits = covered.map { cells[$0]["hits"] as! Int }
            let logs = covered.map { log(cells[$0]["time_geomean"] as! Double) }
            let misses = zip(n, hits).reduce(0) { $0 + $1.0 - $1.1 }
            let trials = n.reduce(0, +)
            #expect(audit.trials == trials, "\(audit.element.name)")
            #expect(close(audit.errorRate, Double(misses) / Double(trials)), "\(audit.element.name)")
            let pooled = exp(zip(n, logs).reduce(0.0) { $0 + Double($1.0) * $1.1 } / Double(trials))
            #expect(close(audit.timeGeomean, pooled), "\(audit.element.name)")
            let zoneCount = covered.filter { inZone[$0] }.count
            let reach: ReachStatus = zoneCount == covered.count ? .inside : zoneCount > 0 ? .partly : .outside
            #expect(audit.reach == reach, "\(audit.element.name)")
        }
        let tab = try #require(report.elements.first { $0.element.name == "Tab 1" })
        #expect(tab.cells == [GridCell(column: 0, row: 6)])
        // 80 x 49 pt at 2 px per pt on a 326 ppi screen: 12.5 x 7.6 mm, below 9.2 mm.
        #expect(close(tab.widthMM, 160 / (326 / 25.4)) && tab.isBelowMinimumSize)
        let status = try #require(report.elements.first { $0.element.name == "Status bar" })
        #expect(!status.isBelowMinimumSize)
    }

    @Test func theAuditNeedsOneDevice() throws {
        let folder = TemporaryFolder()
        let study = try reachStudy(folder: folder)
        let layout = ScreenLayout(
            name: "l", elements: [LayoutElement(name: "a", x: 0, y: 0, width: 10, height: 10, unit: .px)])
        #expect(throws: ThumbLabError.self) {
            try study.auditLayout(layout, selection: Selection(study: "thumb-reach", attempts: .all))
        }
    }
}
