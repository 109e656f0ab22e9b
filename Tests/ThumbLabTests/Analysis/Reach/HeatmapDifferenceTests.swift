import Foundation
import Testing

@testable import ThumbLab

/// Difference maps and reach zones against `Fixtures/reach/heatmaps.json`: per-cell paired
/// t-tests on ln time and Wilcoxon tests on error rates from scipy, Holm from statsmodels.
@Suite struct HeatmapDifferenceTests {
    static let scenarios: [(name: String, request: HeatmapDifferenceRequest, attempts: AttemptPolicy)] = [
        (
            "diff_time_thumbspace_direct_4x6",
            HeatmapDifferenceRequest(factor: "technique", levels: ("ThumbSpace", "Direct"), measure: .time), .all
        ),
        (
            "diff_error_shift_direct_3x4",
            HeatmapDifferenceRequest(
                factor: "technique", levels: ("Shift", "Direct"), measure: .error, grid: .cells(columns: 3, rows: 4)),
            .all
        ),
        (
            "diff_time_first_attempts_2x3",
            HeatmapDifferenceRequest(
                factor: "technique", levels: ("Shift", "Direct"), measure: .time, grid: .cells(columns: 2, rows: 3)),
            .first
        ),
    ]

    @Test(arguments: scenarios.indices)
    func cellsMatchScipy(_ index: Int) throws {
        let scenario = Self.scenarios[index]
        let expected = try heatmapScenario(scenario.name)
        let folder = TemporaryFolder()
        let report = try bundledStudy(folder: folder).heatmapDifference(
            scenario.request,
            selection: Selection(attempts: scenario.attempts))
        let cells = try #require(expected["cells"] as? [[String: Any]])
        try #require(report.cells.count == cells.count)
        #expect(report.tested == expected["tested"] as? Int)
        for (cell, reference) in zip(report.cells, cells) {
            let place = "\(scenario.name) cell \(cell.column),\(cell.row)"
            #expect(cell.trialsA == reference["n_a"] as? Int, "\(place)")
            #expect(cell.trialsB == reference["n_b"] as? Int, "\(place)")
            #expect(cell.isShown == reference["shown"] as? Bool, "\(place)")
            if let pairs = reference["pairs"] as? Int { #expect(cell.pairs == pairs, "\(place)") }
            #expect(cell.differs == (reference["differs"] as? Bool ?? false), "\(place)")
            let figures: [(Double?, String)] = [
                (cell.valueA, "value_a"), (cell.valueB, "value_b"), (cell.difference, "difference"),
                (cell.ciLow, "ci_low"), (cell.ciHigh, "ci_high"), (cell.statistic, "statistic"), (cell.df, "df"),
                (cell.p, "p"), (cell.pAdjusted, "p_adjusted"),
            ]
            for (value, key) in figures {
                if let wanted = reference[key] as? Double {
                    #expect(close(value, wanted, 1e-8), "\(place) \(key): \(String(describing: value)) vs \(wanted)")
                } else {
                    #expect(value == nil, "\(place) \(key) should be empty")
                }
            }
        }
    }

    @Test(arguments: [("zone_small_4x7", "small", 0.10), ("zone_large_4x7_tolerance20", "large", 0.20)])
    func reachZonesMatchTheDefinition(_ name: String, _ device: String, _ tolerance: Double) throws {
        let expected = try heatmapScenario(name)
        let folder = TemporaryFolder()
        let report = try reachStudy(folder: folder).reachZones(
            ReachZoneRequest(grid: .cells(columns: 4, rows: 7), device: device, timeTolerance: tolerance),
            selection: Selection(study: "thumb-reach", attempts: .all))
        let zone = try #require(report.zones.first)
        #expect(report.zones.count == 1)
        #expect(zone.inZone == expected["in_zone"] as? [Bool])
        #expect(close(zone.fastestTime, try #require(expected["fastest_time"] as? Double)))
        #expect(close(zone.errorLimit, try #require(expected["error_limit"] as? Double)))
        #expect(close(zone.share, try #require(expected["share"] as? Double)))
    }

    @Test func bothDevicesGetAZoneSideBySide() throws {
        let folder = TemporaryFolder()
        let report = try reachStudy(folder: folder).reachZones(
            ReachZoneRequest(grid: .cells(columns: 4, rows: 7)),
            selection: Selection(study: "thumb-reach", attempts: .all))
        #expect(report.zones.map { $0.heatmap.device?.name } == ["large", "small"])
        #expect(report.selection.trials == 2016)
    }

    @Test func countAndOffsetHaveNoDifferenceMap() throws {
        let folder = TemporaryFolder()
        let study = try bundledStudy(folder: folder)
        for measure in [HeatmapMeasure.count, .offset] {
            let request = HeatmapDifferenceRequest(factor: "technique", levels: ("Shift", "Direct"), measure: measure)
            #expect(throws: ThumbLabError.self) { try study.heatmapDifference(request) }
        }
        let same = HeatmapDifferenceRequest(factor: "technique", levels: ("Shift", "Shift"))
        #expect(throws: ThumbLabError.self) { try study.heatmapDifference(same) }
        let unknown = HeatmapDifferenceRequest(factor: "technique", levels: ("Shift", "Pen"))
        #expect(throws: ThumbLabError.self) { try study.heatmapDifference(unknown) }
    }
}
