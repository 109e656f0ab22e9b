import Foundation
import Testing

@testable import ThumbLab

/// Heatmap cells against `Fixtures/reach/heatmaps.json` (numpy, pandas, statsmodels on the
/// bundled CSV files): binning on cell edges and the far screen edge, empty cells,
/// `--min-n`, mm cells and every figure of each cell.
@Suite struct HeatmapReferenceTests {
    static let scenarios:
        [(name: String, study: String, device: String, request: HeatmapRequest, keep: [LevelFilter])] = [
            ("small_target_4x7", "thumb-reach", "small", HeatmapRequest(grid: .cells(columns: 4, rows: 7)), []),
            ("small_target_8x14_edges", "thumb-reach", "small", HeatmapRequest(grid: .cells(columns: 8, rows: 14)), []),
            (
                "small_touch_5x9_min20", "thumb-reach", "small",
                HeatmapRequest(grid: .cells(columns: 5, rows: 9), position: .touch, minimumTrials: 20), []
            ),
            ("large_touch_10mm", "thumb-reach", "large", HeatmapRequest(grid: .millimetres(10), position: .touch), []),
            (
                "edges_target_4x4", "edges", "small",
                HeatmapRequest(grid: .cells(columns: 4, rows: 4), minimumTrials: 1), []
            ),
            (
                "edges_touch_4x4", "edges", "small",
                HeatmapRequest(grid: .cells(columns: 4, rows: 4), position: .touch, minimumTrials: 1), []
            ),
            (
                "large_target_4x7_block1", "thumb-reach", "large", HeatmapRequest(grid: .cells(columns: 4, rows: 7)),
                [LevelFilter(factor: "block", levels: ["1"])]
            ),
            (
                "large_target_4x7_block3", "thumb-reach", "large", HeatmapRequest(grid: .cells(columns: 4, rows: 7)),
                [LevelFilter(factor: "block", levels: ["3"])]
            ),
        ]

    @Test(arguments: scenarios.indices)
    func cellsMatchTheReference(_ index: Int) throws {
        let scenario = Self.scenarios[index]
        let expected = try heatmapScenario(scenario.name)
        let folder = TemporaryFolder()
        var request = scenario.request
        request.device = scenario.device
        let report = try reachStudy(folder: folder).heatmap(
            request, selection: Selection(study: scenario.study, keep: scenario.keep, attempts: .all))
        #expect(report.grid.columns == expected["columns"] as? Int)
        #expect(report.grid.rows == expected["rows"] as? Int)
        #expect(close(report.grid.cellWidth, try #require(expected["cell_width"] as? Double)))
        #expect(report.outside == expected["outside"] as? Int)
        let cells = try #require(expected["cells"] as? [[String: Any]])
        let map = try #require(report.maps.first)
        try #require(map.cells.count == cells.count)
        for (cell, reference) in zip(map.cells, cells) {
            let place = "\(scenario.name) cell \(cell.column),\(cell.row)"
            #expect(cell.column == reference["col"] as? Int, "\(place)")
            #expect(cell.row == reference["row"] as? Int, "\(place)")
            #expect(cell.trials == reference["n"] as? Int, "\(place)")
            #expect(cell.hits == reference["hits"] as? Int, "\(place)")
            #expect(cell.participants == reference["participants"] as? Int, "\(place)")
            #expect(cell.isShown == reference["shown"] as? Bool, "\(place)")
            let frame = [cell.frame.x0, cell.frame.y0, cell.frame.x1, cell.frame.y1]
            for (value, key) in zip(frame, ["x0", "y0", "x1", "y1"]) {
                #expect(close(value, try #require(reference[key] as? Double)), "\(place) \(key)")
            }
            let figures: [(Double?, String)] = [
                (cell.errorRate, "error_rate"), (cell.errorCILow, "error_ci_low"), (cell.errorCIHigh, "error_ci_high"),
                (cell.timeMedian, "time_median"), (cell.timeGeomean, "time_geomean"), (cell.offsetDX, "offset_dx"),
                (cell.offsetDY, "offset_dy"), (cell.offsetDXMM, "offset_dx_mm"), (cell.offsetDYMM, "offset_dy_mm"),
            ]
            for (value, key) in figures {
                if let wanted = reference[key] as? Double {
                    #expect(close(value, wanted, 1e-10), "\(place) \(key): \(String(describing: value)) vs \(wanted)")
                } else {
                    #expect(value == nil, "\(place) \(key) should be empty")
                }
            }
        }
    }

    @Test func theFarEdgeBelongsToTheLastCellAndOffScreenTouchesAreCounted() throws {
        let folder = TemporaryFolder()
        let report = try reachStudy(folder: folder).heatmap(
            HeatmapRequest(grid: .cells(columns: 4, rows: 4), position: .touch, minimumTrials: 1),
            selection: Selection(study: "edges", attempts: .all))
        let corner = report.maps[0].cells[15]
        #expect(corner.column == 3 && corner.row == 3)
        // (640, 1136) exactly, (480, 852) on an inner corner and (481, 853) beside it.
        #expect(corner.trials == 3)
        #expect(report.outside == 2)
        #expect(report.methods.contains("Left out: 2 trials off the screen."))
    }
}
