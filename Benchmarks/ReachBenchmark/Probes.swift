import BenchmarkSupport
import Foundation
import ThumbLab

// What a child process measures (`--measure KIND DB`): each prints one line of
// `key=value` pairs with its own wall time and its peak resident memory (VmHWM), so the
// memory belongs to that step alone. `heatmap`, `heatmap-touch` and `reach` are the
// measured analyses, called as the commands call them; `start`, `layout` and `read` are
// the profile's splits, and `digest` prints every variant in full, to check that a change
// to the library leaves its results as they were.

/// The grid of every step: the commands' default.
let benchmarkGrid = GridSize.cells(columns: 4, rows: 6)

/// The statement `StudyDatabase.forEachTrial` prepares for the heatmap's read: every
/// attempt in every condition (ids `?1` to `?2`, a contiguous range), the columns it uses,
/// the others selected as NULL.
let heatmapReadSQL =
    "SELECT participant_id, condition_id, batch_id, NULL, NULL, NULL, target_x, target_y, NULL, NULL, "
    + "touch_x, touch_y, time_ms, hit, NULL FROM trial WHERE condition_id BETWEEN ?1 AND ?2 ORDER BY id"

/// Runs one measurement in this process and returns the exit status.
func runMeasurement(_ kind: String, database path: String) -> Int32 {
    reportMeasurement {
        var fields: [String] = []
        switch kind {
        case "heatmap", "heatmap-touch":
            let report = try Study(path: path).heatmap(
                HeatmapRequest(measure: .time, grid: benchmarkGrid, position: kind == "heatmap" ? .target : .touch))
            let cells = report.maps[0].cells
            fields = [
                "trials=\(report.selection.trials)", "outside=\(report.outside)",
                "cells=" + cells.map { "\($0.trials):\($0.hits)" }.joined(separator: ","),
                "fastest_ms="
                    + String(format: "%.1f", cells.compactMap(\.timeGeomean).min() ?? .nan),
            ]
        case "reach":
            let report = try Study(path: path).reachZones(ReachZoneRequest(grid: benchmarkGrid))
            let zone = report.zones.first
            fields = [
                "trials=\(report.selection.trials)", "zone_cells=\(zone?.zoneCells.count ?? 0)",
                "share=" + String(format: "%.3f", zone?.share ?? .nan),
            ]
        case "layout":
            // Opening the study and resolving the selection.
            let resolved = try Study(path: path).resolve(.everyAttempt)
            fields = ["conditions=\(resolved.conditionIDs.count)"]
        case "start":
            // Nothing: what starting and ending a process costs.
            fields = []
        case "read":
            fields = try stepTrialQuery(path: path, sql: heatmapReadSQL)
        case "digest":
            printDigest(try Study(path: path))
        default:
            throw UnknownMeasurement(kind)
        }
        return fields
    }
}

/// Every heatmap, difference map and reach zone variant the benchmark's code paths touch,
/// printed in full: two builds of the library that print the same text compute the same
/// results.
private func printDigest(_ study: Study) {
    let selections = [
        Selection.everyAttempt, Selection(), Selection(attempts: .last),
        Selection(exclude: [LevelFilter(factor: "block", levels: ["1"])], attempts: .all),
        Selection(
            keep: [LevelFilter(factor: "technique", levels: ["Direct", "ThumbSpace"])],
            exclude: [LevelFilter(factor: "mobility", levels: ["walking"])], attempts: .all),
    ]
    /// Prints a result, or the error an analysis throws (also a result to compare).
    func show(_ analysis: () throws -> Any) {
        do { print(try analysis()) } catch { print("error: \(error)") }
    }
    for selection in selections {
        for position in HeatmapPosition.allCases {
            show { try study.heatmap(HeatmapRequest(position: position), selection: selection) }
            show { try study.heatmap(HeatmapRequest(position: position, by: "technique"), selection: selection) }
            show {
                try study.heatmap(
                    HeatmapRequest(grid: .millimetres(10), position: position, minimumTrials: 1), selection: selection)
            }
            show { try study.reachZones(ReachZoneRequest(position: position), selection: selection) }
            show {
                try study.reachZones(
                    ReachZoneRequest(grid: .cells(columns: 7, rows: 11), position: position, by: "target_size"),
                    selection: selection)
            }
        }
        for measure in [HeatmapMeasure.time, .error] {
            show {
                try study.heatmapDifference(
                    HeatmapDifferenceRequest(factor: "technique", levels: ("Direct", "Shift"), measure: measure),
                    selection: selection)
            }
        }
    }
    show { try study.heatmap(HeatmapRequest(device: "no-such-device")) }
}
