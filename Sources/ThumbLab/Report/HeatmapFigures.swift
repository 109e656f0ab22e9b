/// Heatmaps and difference maps as figures: SVG through ``HeatmapFigure``, and the
/// terminal's quick look through ``TerminalHeatmap``.
public enum HeatmapFigures {
    /// One panel per map on one shared colour scale; with the offset measure, the mean
    /// offset of each cell drawn as an arrow from its centre, Henze-style.
    public static func figure(_ report: HeatmapReport) -> HeatmapFigure {
        let measure = report.request.measure
        let display = Display(measure: measure, unit: report.unit(measure))
        let values = report.maps.flatMap { $0.cells.compactMap { $0.value(measure) } }.map(display.value)
        var longest = 0.0
        let panels = report.maps.map { map -> HeatmapPanel in
            var arrows: [PanelArrow] = []
            if measure == .offset {
                for cell in map.cells where cell.isShown {
                    guard let dx = cell.offsetDX, let dy = cell.offsetDY else { continue }
                    arrows.append(PanelArrow(origin: centre(cell.frame), dx: dx, dy: dy))
                    longest = max(longest, (dx * dx + dy * dy).squareRoot())
                }
            }
            return panel(
                label: map.level.map { HeatmapTables.levelLabel(report, level: $0) } ?? report.device?.name ?? "screen",
                report: report,
                cells: map.cells.map { cell in
                    let value = cell.value(measure).map(display.value)
                    return PanelCell(frame: rect(cell.frame), value: value, label: value.map(display.label))
                }, arrows: arrows)
        }
        // The longest arrow spans 40% of the smaller cell side.
        let side = min(report.grid.cellWidth, report.grid.cellHeight)
        let arrowScale = longest > 0 ? 0.4 * side / longest : 1
        let trials = SelectionSummary.grouped(report.selection.trials)
        let title =
            "\(display.name) by screen cell" + (report.device.map { " on \($0.name)" } ?? "")
            + (report.request.by.map { " by \(report.names.factor($0))" } ?? "")
            + " (\(trials) trials, \(report.selection.participants) participants)"
        return HeatmapFigure(
            title: title, description: "\(title). \(report.methods)", measure: display.name, unit: display.unit,
            scale: .sequential(values, fromZero: measure != .time), panels: panels,
            emptyLabel: "fewer than \(report.request.minimumTrials) trials",
            arrowLabel: "mean touch offset", arrowScale: arrowScale)
    }

    /// The difference per cell on a diverging scale around no difference: time as the
    /// percentage change of A over B, error as percentage points; cells that differ after
    /// adjustment are marked.
    public static func figure(_ report: HeatmapDifferenceReport) -> HeatmapFigure {
        let request = report.request
        let names = report.names
        let (a, b) = (
            names.level(request.levels.0, of: request.factor), names.level(request.levels.1, of: request.factor)
        )
        let isTime = request.measure == .time
        func shown(_ cell: DifferenceCell) -> Double? {
            guard cell.isShown, let difference = cell.difference else { return nil }
            return isTime ? (difference - 1) * 100 : difference * 100
        }
        let cells = report.cells.map { cell -> PanelCell in
            let value = shown(cell)
            let label = value.map { (($0 >= 0 ? "+" : "") + NiceTicks.format($0, decimals: 0)) + (isTime ? "%" : "") }
            return PanelCell(frame: rect(cell.frame), value: value, label: label, isMarked: cell.differs)
        }
        let name = isTime ? "Time of \(a) relative to \(b)" : "Error rate of \(a) minus \(b)"
        let unit = isTime ? "%" : "percentage points"
        let title =
            "\(name) by screen cell" + (report.device.map { " on \($0.name)" } ?? "")
            + " (\(SelectionSummary.grouped(report.selection.trials)) trials, \(report.selection.participants) participants)"
        let adjustment = request.adjustment == .none ? "unadjusted" : request.adjustment.rawValue
        return HeatmapFigure(
            title: title, description: "\(title). \(report.methods)", measure: name, unit: unit,
            scale: .diverging(cells.compactMap(\.value)),
            panels: [
                panel(
                    label: "\(names.factor(request.factor)) \(a) vs \(b)", grid: report.grid, device: report.device,
                    cells: cells)
            ],
            emptyLabel: "not compared (fewer than \(request.minimumTrials) trials)",
            markLabel: "differs (\(adjustment) p < \(SVGWriter.number(request.alpha)))")
    }

    /// Each map as a grid for a terminal: colour blocks when `colour`, else the values.
    public static func terminal(_ report: HeatmapReport, colour: Bool) -> String {
        let measure = report.request.measure
        let display = Display(measure: measure, unit: report.unit(measure))
        let all = report.maps.flatMap { $0.cells.compactMap { $0.value(measure) } }.map(display.value)
        let scale = ColourScale.sequential(all, fromZero: measure != .time)
        return report.maps.map { map in
            let rows = (0..<report.grid.rows).map { row in
                (0..<report.grid.columns).map { column in
                    map.cells[row * report.grid.columns + column].value(measure).map(display.value)
                }
            }
            let grid = TerminalHeatmap(
                values: rows, scale: scale, measure: display.name, unit: display.unit,
                emptyLabel: "fewer than \(report.request.minimumTrials) trials")
            return HeatmapTables.title(report, map: map) + "\n\n" + grid.rendered(colour: colour)
        }.joined(separator: "\n")
    }

    /// A panel of the report's screen.
    static func panel(label: String, report: HeatmapReport, cells: [PanelCell], arrows: [PanelArrow] = [])
        -> HeatmapPanel
    {
        panel(label: label, grid: report.grid, device: report.device, cells: cells, arrows: arrows)
    }

    static func panel(
        label: String, grid: ScreenGrid, device: Device?, cells: [PanelCell], arrows: [PanelArrow] = [],
        outline: [FigureRect] = [], frames: [LayoutFrame] = []
    ) -> HeatmapPanel {
        guard let device else {
            // Without a device the panel is the positions' bounding box: everything moves to its origin.
            func moved(_ rect: FigureRect) -> FigureRect {
                FigureRect(x: rect.x - grid.minX, y: rect.y - grid.minY, width: rect.width, height: rect.height)
            }
            return HeatmapPanel(
                label: label, screenWidth: grid.maxX - grid.minX, screenHeight: grid.maxY - grid.minY,
                cells: cells.map { cell in
                    var shifted = cell
                    shifted.frame = moved(cell.frame)
                    return shifted
                },
                arrows: arrows.map { arrow in
                    PanelArrow(
                        origin: FigurePoint(x: arrow.origin.x - grid.minX, y: arrow.origin.y - grid.minY), dx: arrow.dx,
                        dy: arrow.dy)
                }, outline: outline.map(moved))
        }
        return HeatmapPanel(
            label: label, screenWidth: device.widthPx, screenHeight: device.heightPx, pxPerMM: device.pxPerMM,
            cells: cells, arrows: arrows, outline: outline, frames: frames)
    }

    static func rect(_ frame: CellFrame) -> FigureRect {
        FigureRect(x0: frame.x0, y0: frame.y0, x1: frame.x1, y1: frame.y1)
    }

    static func centre(_ frame: CellFrame) -> FigurePoint {
        FigurePoint(x: (frame.x0 + frame.x1) / 2, y: (frame.y0 + frame.y1) / 2)
    }

    /// How a measure is shown: error rates as percentages, the others as they are.
    struct Display {
        let measure: HeatmapMeasure
        let unit: String

        init(measure: HeatmapMeasure, unit: String) {
            self.measure = measure
            self.unit = measure == .error ? "%" : unit
        }

        var name: String {
            switch measure {
            case .count: "Trials"
            case .time: "Geometric-mean time"
            case .error: "Error rate"
            case .offset: "Mean offset"
            }
        }

        func value(_ value: Double) -> Double { measure == .error ? value * 100 : value }

        func label(_ value: Double) -> String {
            switch measure {
            case .count, .time: NiceTicks.format(value, decimals: 0)
            case .error: NiceTicks.format(value, decimals: 0) + "%"
            case .offset: NiceTicks.format(value, decimals: unit == "mm" ? 1 : 0)
            }
        }
    }
}
