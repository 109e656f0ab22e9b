/// Reach zones and layout audits as figures: geometric-mean time per cell with the zone
/// outlined, and a layout's elements drawn over it.
public enum ReachFigures {
    /// One panel per zone (device, and level of `by`), side by side on one time scale and,
    /// with known densities, one mm scale.
    public static func figure(_ report: ReachZoneReport) -> HeatmapFigure {
        let times = report.zones.flatMap { $0.map.cells.compactMap { $0.isShown ? $0.timeGeomean : nil } }
        let panels = report.zones.map { zone in
            let name = ReachZoneTables.zoneName(report, zone)
            let share = NiceTicks.format(zone.share * 100, decimals: 0)
            return panel(zone, label: "\(name.isEmpty ? "screen" : name): zone \(share)% of the screen")
        }
        let title =
            "Reach zones (outlined) over geometric-mean time per screen cell "
            + "(\(SelectionSummary.grouped(report.selection.trials)) trials, \(report.selection.participants) participants)"
        return HeatmapFigure(
            title: title, description: "\(title). \(report.methods)", measure: "Geometric-mean time", unit: "ms",
            scale: .sequential(times), panels: panels,
            emptyLabel: "fewer than \(report.request.minimumTrials) trials", outlineLabel: "reach zone")
    }

    /// The device's map and zone with the layout's elements: solid when an element is in
    /// the zone and large enough, dashed otherwise.
    public static func figure(_ report: LayoutAuditReport) -> HeatmapFigure {
        let zone = report.zone
        let frames = report.elements.map { audit in
            LayoutFrame(
                name: audit.element.name, frame: HeatmapFigures.rect(audit.frame),
                isSolid: !audit.isBelowMinimumSize && (audit.reach == .inside || audit.reach == .unmeasured))
        }
        let times = zone.map.cells.compactMap { $0.isShown ? $0.timeGeomean : nil }
        let title =
            "Layout \(report.layout.name) over the reach zone of \(report.device.name) "
            + "(\(SelectionSummary.grouped(report.selection.trials)) trials, \(report.selection.participants) participants)"
        let minimum = NiceTicks.format(report.request.minimumSizeMM, decimals: 1)
        return HeatmapFigure(
            title: title, description: "\(title). \(report.methods)", measure: "Geometric-mean time", unit: "ms",
            scale: .sequential(times), panels: [panel(zone, label: report.device.name, frames: frames)],
            emptyLabel: "fewer than \(report.request.zone.minimumTrials) trials", outlineLabel: "reach zone",
            solidFrameLabel: "element in the zone, at least \(minimum) mm",
            dashedFrameLabel: "element outside the zone or under \(minimum) mm")
    }

    private static func panel(_ zone: ReachZone, label: String, frames: [LayoutFrame] = []) -> HeatmapPanel {
        let cells = zone.map.cells.map { cell in
            let value = cell.isShown ? cell.timeGeomean : nil
            return PanelCell(
                frame: HeatmapFigures.rect(cell.frame), value: value,
                label: value.map { NiceTicks.format($0, decimals: 0) })
        }
        return HeatmapFigures.panel(
            label: label, grid: zone.heatmap.grid, device: zone.heatmap.device, cells: cells,
            outline: zone.zoneCells.map { HeatmapFigures.rect($0.frame) }, frames: frames)
    }
}
