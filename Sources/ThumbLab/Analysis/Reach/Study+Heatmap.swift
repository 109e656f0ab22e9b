import Foundation
import ThumbLabStats

extension Study {
    /// Per screen cell of one device: trials, participants, error rate with its
    /// adjusted-Wald interval, median and geometric-mean time, and mean offset in px and
    /// mm; one map per level of `request.by`; every attempt counts by default
    /// (``Selection/everyAttempt``). One pass over the trials; when imports named
    /// no device, the grid spans the positions' bounding box, taken from the extents the
    /// imports stored and checked in the pass (a second pass when a filter changed it).
    /// - Throws: ``ThumbLabError`` for unknown factors, levels or devices, for
    ///   data on several devices without `request.device`, and for a selection that places
    ///   no trial.
    public func heatmap(_ request: HeatmapRequest = HeatmapRequest(), selection: Selection = .everyAttempt) throws
        -> HeatmapReport
    {
        try heatmaps(measures: [request.measure], request: request, selection: selection)[0]
    }

    /// The heatmaps of several measures over the same trials and grid, from one pass: one
    /// report per measure, each as ``heatmap(_:selection:)`` gives it for `request` with
    /// that measure.
    func heatmaps(measures: [HeatmapMeasure], request: HeatmapRequest, selection: Selection) throws
        -> [HeatmapReport]
    {
        let resolved = try resolve(selection)
        let scheme = try CellScheme(factors: request.by.map { [$0] } ?? [], selection: resolved)
        let sets = try screenTallies(
            resolved, scheme: scheme, position: request.position, size: request.grid, device: request.device)
        return try heatmaps(measures: measures, request: request, resolved: resolved, scheme: scheme, sets: sets)
    }

    /// As ``heatmaps(measures:request:selection:)`` from tallies read already, one set per
    /// device.
    /// - Throws: ``ThumbLabError`` when no set places a trial or several do.
    func heatmaps(
        measures: [HeatmapMeasure], request: HeatmapRequest, resolved: ResolvedSelection, scheme: CellScheme,
        sets: [(device: Device?, tallies: ScreenTallies)]
    ) throws -> [HeatmapReport] {
        let tallies = try singleDevice(
            placing(sets, resolved: resolved, position: request.position), study: resolved.layout.study)
        return try measures.map { measure in
            var single = request
            single.measure = measure
            return try heatmapReport(
                tallies.tallies, device: tallies.device, scheme: scheme, request: single, resolved: resolved)
        }
    }

    /// The only device's tallies.
    /// - Throws: ``ThumbLabError/device(_:)`` naming the devices when there are several.
    func singleDevice(_ sets: [(device: Device?, tallies: ScreenTallies)], study: String) throws -> (
        device: Device?, tallies: ScreenTallies
    ) {
        let used = sets.filter { $0.tallies.placed + $0.tallies.withoutPosition + $0.tallies.outside > 0 }
        guard used.count > 1 else { return used.first ?? sets[0] }
        throw ThumbLabError.device(
            .several(devices: used.map { $0.device?.name }, trials: used.map(\.tallies.placed), use: .screenMap))
    }

    func heatmapReport(
        _ tallies: ScreenTallies, device: Device?, scheme: CellScheme, request: HeatmapRequest,
        resolved: ResolvedSelection
    ) throws -> HeatmapReport {
        let grid = tallies.grid
        var maps: [HeatmapMap] = []
        for map in scheme.cells.indices {
            var cells: [HeatmapCell] = []
            for row in 0..<grid.rows {
                for column in 0..<grid.columns {
                    let index = row * grid.columns + column
                    cells.append(
                        heatmapCell(
                            tallies.cells[map * grid.cellCount + index], column: column, row: row, grid: grid,
                            participants: tallies.participants(map: map, cell: index).count, device: device,
                            minimumTrials: request.minimumTrials))
                }
            }
            maps.append(
                HeatmapMap(
                    level: request.by == nil ? nil : scheme.cells[map][0],
                    trials: cells.reduce(0) { $0 + $1.trials }, participants: tallies.participantCount(map: map),
                    cells: cells))
        }
        let summary = SelectionSummary(resolved, trials: tallies.placed, participants: tallies.participantIDs.count)
        return HeatmapReport(
            selection: summary, request: request, device: device, grid: grid, maps: maps,
            withoutPosition: tallies.withoutPosition, outside: tallies.outside,
            methods: summary.withCleaningMethods(
                Self.heatmapMethods(summary, request: request, device: device, grid: grid, tallies: tallies)),
            names: try displayNames(study: resolved.layout.study))
    }

    private func heatmapCell(
        _ tally: CellTally, column: Int, row: Int, grid: ScreenGrid, participants: Int, device: Device?,
        minimumTrials: Int
    ) -> HeatmapCell {
        var cell = HeatmapCell(
            column: column, row: row, frame: grid.frame(column: column, row: row), trials: tally.trials,
            recorded: tally.recorded, hits: tally.recorded - tally.misses, participants: participants,
            isShown: tally.trials > 0 && tally.trials >= minimumTrials)
        guard cell.isShown else { return cell }
        if let interval = tally.counts.errorInterval {
            cell.errorRate = interval.proportion
            cell.errorCILow = interval.lower
            cell.errorCIHigh = interval.upper
        }
        cell.timeMedian = tally.medianTime
        cell.timeGeomean = tally.counts.meanLogTime.map { Foundation.exp($0) }
        if tally.offsets > 0 {
            let dx = tally.offsetXSum / Double(tally.offsets)
            let dy = tally.offsetYSum / Double(tally.offsets)
            cell.offsetDX = dx
            cell.offsetDY = dy
            cell.offsetDXMM = device?.millimetres(dx)
            cell.offsetDYMM = device?.millimetres(dy)
        }
        return cell
    }

    private static func heatmapMethods(
        _ selection: SelectionSummary, request: HeatmapRequest, device: Device?, grid: ScreenGrid,
        tallies: ScreenTallies
    ) -> String {
        let screen =
            if let device {
                "the screen of \(device.name) (\(device.widthPx.sentenceText) x \(device.heightPx.sentenceText) px, \((device.widthPx / device.pxPerMM).sentenceText) x \((device.heightPx / device.pxPerMM).sentenceText) mm)"
            } else {
                "the bounding box of the \(request.position.rawValue) positions (x \(grid.minX.sentenceText) to \(grid.maxX.sentenceText), y \(grid.minY.sentenceText) to \(grid.maxY.sentenceText) px), as no import named a device"
            }
        var text =
            "Heatmap of \(selection.sentence). Trials are placed by their \(request.position.rawValue) position on a grid of "
            + "\(grid.columns) x \(grid.rows) cells of \(grid.cellWidth.sentenceText) x \(grid.cellHeight.sentenceText) px over \(screen); "
            + "a point at x is in column floor(x / cell width), the far edge in the last column, cells numbered from 0 at the top left. "
            + "Per cell, the error rate is misses over trials with a recorded hit, with the adjusted-Wald 95% interval; "
            + "median and geometric-mean time pool the cell's trials; offsets are the mean of touch minus target centre. "
            + "Cells with fewer than \(request.minimumTrials) trials are empty."
        var leftOut: [String] = []
        if tallies.withoutPosition > 0 {
            leftOut.append(
                "\(SelectionSummary.grouped(tallies.withoutPosition)) trials without a \(request.position.rawValue) position"
            )
        }
        if tallies.outside > 0 { leftOut.append("\(SelectionSummary.grouped(tallies.outside)) trials off the screen") }
        if !leftOut.isEmpty { text += " Left out: " + leftOut.joined(separator: ", ") + "." }
        return text
    }
}
