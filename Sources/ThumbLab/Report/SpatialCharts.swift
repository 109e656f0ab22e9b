/// Touch density, movement direction and target size as figures: the density as a map with
/// the offset field's arrows, direction and target size as interval charts.
public enum SpatialCharts {
    /// One panel per density map on one shared scale, cells coloured by the share of touches per mm²
    /// (px² without a device), with the mean offset of each offset-field cell as an arrow.
    public static func density(_ report: DensityReport) -> HeatmapFigure {
        let grid = report.grid
        let field = report.offsetField
        var longest = 0.0
        let panels = report.maps.map { map -> HeatmapPanel in
            var cells: [PanelCell] = []
            for row in 0..<grid.rows {
                for column in 0..<grid.columns {
                    let frame = grid.frame(column: column, row: row)
                    cells.append(
                        PanelCell(frame: HeatmapFigures.rect(frame), value: map.density[row * grid.columns + column]))
                }
            }
            var arrows: [PanelArrow] = []
            let offsets =
                field?.maps.first { $0.level == map.levels.first } ?? (map.levels.isEmpty ? field?.maps.first : nil)
            for cell in offsets?.cells ?? [] where cell.isShown {
                guard let dx = cell.offsetDX, let dy = cell.offsetDY else { continue }
                arrows.append(PanelArrow(origin: HeatmapFigures.centre(cell.frame), dx: dx, dy: dy))
                longest = max(longest, (dx * dx + dy * dy).squareRoot())
            }
            let label = zip(report.factors, map.levels).map {
                "\(report.names.factor($0)) \(report.names.level($1, of: $0))"
            }
            .joined(separator: ", ")
            return HeatmapFigures.panel(
                label: label.isEmpty ? report.device?.name ?? "touches" : label, grid: grid, device: report.device,
                cells: cells, arrows: arrows)
        }
        let side = field.map { min($0.grid.cellWidth, $0.grid.cellHeight) } ?? 0
        let unit = "share of touches per \(report.unit.rawValue)²"
        let title =
            "Touch density" + (report.device.map { " on \($0.name)" } ?? "")
            + " (\(SelectionSummary.grouped(report.selection.trials)) touches, \(report.selection.participants) participants)"
        return HeatmapFigure(
            title: title, description: "\(title). \(report.methods) \(field?.methods ?? "")", measure: "Density",
            unit: unit, scale: .sequential(report.maps.flatMap(\.density), fromZero: true), panels: panels,
            arrowLabel: "mean touch offset per cell", arrowScale: longest > 0 ? 0.4 * side / longest : 1)
    }

    /// Geometric-mean time per compass sector of the movement, with 95% CIs across
    /// participants.
    public static func direction(_ report: DirectionReport) -> IntervalChart {
        let points = report.sectors.compactMap { row -> IntervalPoint? in
            guard let time = row.timeGeomean, let low = row.timeCILow, let high = row.timeCIHigh else { return nil }
            return IntervalPoint(
                label: row.sector.rawValue, group: row.sector.diagonal?.rawValue, estimate: time, low: low, high: high)
        }
        let title =
            "Time by direction of movement (N up) on \(report.device?.name ?? "the screen"): geometric means with 95% CIs "
            + "(\(SelectionSummary.grouped(report.selection.trials)) trials, \(report.selection.participants) participants)"
        return IntervalChart(
            title: title, description: ([title + "."] + report.sentences).joined(separator: " "),
            xTitle: "compass sector, grouped by diagonal", yTitle: "Time (ms), geometric mean", axis: .categorical,
            points: points, yFromZero: true)
    }

    /// Error rate by target size in mm with adjusted-Wald 95% CIs, the logistic fit and
    /// the published recommendations as reference lines.
    public static func targetSize(_ report: TargetSizeReport) -> IntervalChart {
        let points = report.sizes.compactMap { row -> IntervalPoint? in
            guard let rate = row.errorRate, let low = row.errorCILow, let high = row.errorCIHigh else { return nil }
            let label = NiceTicks.format(row.sizeMM, decimals: 1)
            return IntervalPoint(label: label, x: row.sizeMM, estimate: rate * 100, low: low * 100, high: high * 100)
        }
        let curve = report.curve.map { FigurePoint(x: $0.sizeMM, y: $0.errorRate * 100) }
        let references = report.references.map {
            ReferenceLine(x: $0.sizeMM, label: "\($0.name) (\(NiceTicks.format($0.sizeMM, decimals: 1)) mm)")
        }
        let title =
            "Error rate by target size: adjusted-Wald 95% CIs and logistic fit "
            + "(\(SelectionSummary.grouped(report.selection.trials)) trials, \(report.selection.participants) participants)"
        return IntervalChart(
            title: title, description: ([title + "."] + report.sentences).joined(separator: " "),
            xTitle: "Target size (mm)", yTitle: "Error rate (%)", axis: .numeric, points: points, yFromZero: true,
            yLimit: 100, curves: curve.isEmpty ? [] : [FittedCurve(points: curve, label: "logistic fit")],
            references: references)
    }
}
