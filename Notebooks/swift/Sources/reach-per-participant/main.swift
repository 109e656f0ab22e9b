// A reachability map per participant: where on one phone's screen each thumb is fast and
// accurate.
//
//     swift run --package-path Notebooks/swift reach-per-participant [reach.sqlite] [small]
//
// Reads every attempt on one device of the thumb-reach study (Datasets/thumb-reach, imported
// as the README's tour does: `thumblab device add small ...`, `thumblab import ... --device
// small`), bins the targets on a 4 × 7 grid over the screen and prints, per participant, a
// Markdown map of the median time per cell with a ✗ for each miss, then a table of how much
// of the screen each participant reaches fast and accurately. Exits non-zero when the maps,
// pooled over participants, disagree with ThumbLab's own heatmap of the same trials.
import Foundation
import ThumbLab
import ThumbLabStats

/// Stops the script with a message on stderr and exit status 1.
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("reach-per-participant: \(message)\n".utf8))
    exit(1)
}

// Any error (no database at the path, a factor the study lacks) ends the script with its message.
do {
    let arguments = Array(CommandLine.arguments.dropFirst())
    let path = arguments.first ?? "reach.sqlite"
    let deviceName = arguments.count > 1 ? arguments[1] : "small"
    let study = try Study(path: path)
    let resolved = try study.resolve(.everyAttempt)
    let layout = resolved.layout
    guard let device = layout.batchDevices.values.first(where: { $0.name == deviceName }) else {
        fail("\(path) holds no trials imported with device '\(deviceName)'; import them with --device \(deviceName)")
    }
    let grid = try ScreenGrid(device: device, size: .cells(columns: 4, rows: 7))

    // Per participant and cell: every time and the number of misses.
    struct Tally {
        var times: [Double] = []
        var misses = 0
        var hits = 0
    }
    var maps: [String: [Tally]] = [:]
    try study.database.forEachTrial(resolved.trialQuery) { trial in
        guard layout.batchDevices[trial.batchID]?.name == deviceName, let x = trial.targetX, let y = trial.targetY,
            let cell = grid.cell(x: x, y: y), let participant = layout.participants[trial.participantID]
        else { return }
        var tally = maps[participant, default: Array(repeating: Tally(), count: grid.cellCount)]
        if let time = trial.timeMS { tally[cell].times.append(time) }
        if trial.hit == true { tally[cell].hits += 1 }
        if trial.hit == false { tally[cell].misses += 1 }
        maps[participant] = tally
    }

    func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    // Check: pooled over participants, the cells hold the trials, hits and median times of
    // ThumbLab's heatmap of the same device.
    let pooled = try study.heatmap(
        HeatmapRequest(grid: .cells(columns: 4, rows: 7), device: deviceName, minimumTrials: 1))
    for cell in pooled.maps[0].cells {
        let index = cell.row * grid.columns + cell.column
        let tallies = maps.values.map { $0[index] }
        let times = tallies.flatMap(\.times)
        guard times.count == cell.trials, tallies.map(\.hits).reduce(0, +) == cell.hits,
            times.isEmpty || abs(median(times) - (cell.timeMedian ?? .nan)) <= 1e-9 * median(times)
        else { fail("cell (\(cell.column), \(cell.row)) differs from ThumbLab's heatmap: \(cell)") }
    }

    print("# Reachability per participant: \(deviceName) phone\n")
    print("\(pooled.selection.sentence)")
    print("Median time in ms per target cell (4 × 7 grid over the \(Int(device.widthPx)) × \(Int(device.heightPx)) px")
    print("screen, top row first); each ✗ is a miss.\n")
    var zoneRows: [[JSONValue]] = []
    for participant in maps.keys.sorted() {
        let tallies = maps[participant]!
        var rows: [[JSONValue]] = []
        for row in 0..<grid.rows {
            rows.append(
                [.int(row + 1)]
                    + (0..<grid.columns).map { column in
                        let tally = tallies[row * grid.columns + column]
                        guard !tally.times.isEmpty else { return .null }
                        return .string(
                            String(format: "%.0f", median(tally.times)) + String(repeating: " ✗", count: tally.misses))
                    })
        }
        print("## \(participant)\n")
        print(ResultTable(columns: ["row"] + (1...grid.columns).map { "column \($0)" }, rows: rows).rendered(as: .md))
        // The participant's zone: cells without a miss and no slower than their median cell.
        let cellMedians = tallies.filter { !$0.times.isEmpty }.map { median($0.times) }
        let typical = median(cellMedians)
        let zone = tallies.filter { !$0.times.isEmpty && $0.misses == 0 && median($0.times) <= typical }.count
        let all = tallies.flatMap(\.times)
        let misses = tallies.map(\.misses).reduce(0, +)
        zoneRows.append([
            .string(participant), .int(all.count), .int(Int(try GeometricMean(all).value.rounded())),
            .string(String(format: "%.1f", 100 * Double(misses) / Double(all.count))),
            .string("\(zone) of \(grid.cellCount)"),
        ])
    }
    print("## Fast and accurate cells\n")
    print("A participant's zone: the cells without a miss whose median time is at most that of their median cell.\n")
    let columns = ["participant", "trials", "time (ms, geo. mean)", "errors (%)", "cells in the zone"]
    print(ResultTable(columns: columns, rows: zoneRows).rendered(as: .md))
} catch {
    fail("\(error)")
}
