import Foundation
import ThumbLabStats

extension Study {
    /// Checks each element of `layout` against the measured map of one device, every
    /// attempt counted by default (``Selection/everyAttempt``): the cells
    /// it covers, their error rate and time, whether it lies in the reach zone
    /// (``reachZones(_:selection:)``) and whether it is smaller than recommended.
    /// - Throws: ``ThumbLabError`` when the selection's trials have no device or
    ///   several (choose with `request.zone.device`), or no zone can be drawn;
    ///   ``ThumbLabError/invalidInput(problems:total:)`` for elements off the screen.
    public func auditLayout(
        _ layout: ScreenLayout, request: LayoutAuditRequest = LayoutAuditRequest(), selection: Selection = .everyAttempt
    ) throws -> LayoutAuditReport {
        let report = try reachZones(request.zone, selection: selection)
        let devices = Set(report.zones.map { $0.heatmap.device?.name ?? "" })
        guard devices.count == 1, let zone = report.zones.first else {
            if devices.count > 1 {
                throw ThumbLabError.device(.several(devices: devices.sorted(), trials: [], use: .layoutAudit))
            }
            throw ThumbLabError.analysis(.noReachZone(minimumTrials: request.zone.minimumTrials))
        }
        guard let device = zone.heatmap.device else {
            throw ThumbLabError.device(.neededForLayoutAudit)
        }
        let frames = try layout.frames(on: device)
        let elements = zip(layout.elements, frames).map { element, frame in
            audit(element, frame: frame, zone: zone, device: device, minimumSizeMM: request.minimumSizeMM)
        }
        let methods =
            report.methods
            + " Each layout element is converted to the device's px (pt by the layout's scale, "
            + (device.scale == nil ? "dp at ppi / 160, " : "dp by the device's scale, ")
            + "mm at the device's density) and checked on the cells its frame overlaps: trials, error rate and time pool the "
            + "cells with enough trials (the geometric mean weighted by the cells' trials); it is inside the zone when all those "
            + "cells are, partly when some are; a tappable element is below the recommended size when its smaller side is under "
            + "\(request.minimumSizeMM.sentenceText) mm."
        return LayoutAuditReport(layout: layout, request: request, zone: zone, elements: elements, methods: methods)
    }

    private func audit(
        _ element: LayoutElement, frame: CellFrame, zone: ReachZone, device: Device, minimumSizeMM: Double
    ) -> ElementAudit {
        let grid = zone.heatmap.grid
        var covered: [GridCell] = []
        var measured: [Int] = []
        for row in 0..<grid.rows {
            for column in 0..<grid.columns {
                let cell = grid.frame(column: column, row: row)
                guard min(cell.x1, frame.x1) > max(cell.x0, frame.x0), min(cell.y1, frame.y1) > max(cell.y0, frame.y0)
                else { continue }
                covered.append(GridCell(column: column, row: row))
                if zone.map.cells[row * grid.columns + column].isShown { measured.append(row * grid.columns + column) }
            }
        }
        let cells = measured.map { zone.map.cells[$0] }
        let recorded = cells.reduce(0) { $0 + $1.recorded }
        let misses = cells.reduce(0) { $0 + $1.recorded - $1.hits }
        let timed = cells.filter { $0.timeGeomean != nil && $0.trials > 0 }
        let weight = timed.reduce(0) { $0 + $1.trials }
        let widthMM = device.millimetres(frame.x1 - frame.x0)
        let heightMM = device.millimetres(frame.y1 - frame.y0)
        var audit = ElementAudit(
            element: element, frame: frame, widthMM: widthMM, heightMM: heightMM, cells: covered,
            measuredCells: measured.count, trials: cells.reduce(0) { $0 + $1.trials },
            timeGeomean: weight > 0
                ? Foundation.exp(
                    timed.reduce(0.0) { $0 + Double($1.trials) * Foundation.log($1.timeGeomean!) } / Double(weight))
                : nil,
            reach: .unmeasured, isBelowMinimumSize: element.isTappable && min(widthMM, heightMM) < minimumSizeMM)
        if recorded > 0, let interval = try? ProportionInterval(successes: misses, trials: recorded) {
            audit.errorRate = interval.proportion
            audit.errorCILow = interval.lower
            audit.errorCIHigh = interval.upper
        }
        let inZone = measured.filter { zone.inZone[$0] }.count
        if !measured.isEmpty { audit.reach = inZone == measured.count ? .inside : inZone > 0 ? .partly : .outside }
        return audit
    }
}
