/// The legend of a ``HeatmapFigure``: the measure and its unit over a vertical colour bar
/// with nice ticks, then one entry for each kind of mark the panels draw (empty cells,
/// marked cells, arrows with their scale, the outline, solid and dashed frames).
struct HeatmapLegend {
    var heatmap: HeatmapFigure
    var origin: FigurePoint
    var type: FigureType
    /// The colour bar's height: 220 units on a screen, less beside small printed panels.
    var barHeight = 220.0

    static let barWidth = 16.0
    static let steps = 64

    private var title: String { heatmap.unit.isEmpty ? heatmap.measure : "\(heatmap.measure) (\(heatmap.unit))" }

    /// Entries as (class, words), in drawing order.
    private var entries: [(className: String, text: String)] {
        let panels = heatmap.panels
        var list: [(String, String)] = []
        if panels.contains(where: { $0.cells.contains { $0.shownValue == nil } }) {
            list.append(("legend-empty", heatmap.emptyLabel))
        }
        if panels.contains(where: { $0.cells.contains(where: \.isMarked) }) {
            list.append(("legend-mark", heatmap.markLabel))
        }
        if panels.contains(where: { !$0.arrows.isEmpty }) {
            let factor = NiceTicks.format(
                heatmap.arrowScale, decimals: heatmap.arrowScale.rounded() == heatmap.arrowScale ? 0 : 2)
            list.append(("legend-arrow", "\(heatmap.arrowLabel), drawn \(factor)x its length"))
        }
        if panels.contains(where: { !$0.outline.isEmpty }) { list.append(("legend-outline", heatmap.outlineLabel)) }
        let frames = panels.flatMap(\.frames)
        if frames.contains(where: \.isSolid) { list.append(("legend-frame-solid", heatmap.solidFrameLabel)) }
        if frames.contains(where: { !$0.isSolid }) { list.append(("legend-frame-dashed", heatmap.dashedFrameLabel)) }
        return list
    }

    private var barTop: Double { origin.y + 14 }
    private var entriesTop: Double { barTop + barHeight + 24 }

    var width: Double {
        let texts =
            [FigureText.estimatedWidth(title, size: type.axisTitle, weight: .bold)]
            + entries.map { 24 + FigureText.estimatedWidth($0.text, size: type.label) }
            + heatmap.scale.ticks().values.map {
                Self.barWidth + 8 + FigureText.estimatedWidth(heatmap.scale.ticks().label($0), size: type.label)
            }
        return (texts.max() ?? 0) + 8
    }

    var bottom: Double { entriesTop + Double(entries.count) * 22 }

    func group() -> FigureElement {
        var elements: [FigureElement] = [
            .text(FigureText(title, at: origin, size: type.axisTitle, weight: .bold, className: "legend-title"))
        ]
        let scale = heatmap.scale
        let stepHeight = barHeight / Double(Self.steps)
        for step in 0..<Self.steps {
            let position = (Double(step) + 0.5) / Double(Self.steps)
            let y = barTop + barHeight - Double(step + 1) * stepHeight
            elements.append(
                .shape(
                    FigureShape(
                        .rect(
                            FigureRect(x: origin.x, y: y, width: Self.barWidth, height: stepHeight + 0.3),
                            cornerRadius: 0),
                        paint: .filled(scale.map.colour(at: position)), className: "legend-bar")))
        }
        elements.append(
            .shape(
                FigureShape(
                    .rect(
                        FigureRect(x: origin.x, y: barTop, width: Self.barWidth, height: barHeight),
                        cornerRadius: 0),
                    paint: .stroked(Colour(grey: 0.3), width: 0.5))))
        let ticks = scale.ticks()
        for value in ticks.values {
            let y = barTop + barHeight * (1 - scale.position(of: value))
            let right = origin.x + Self.barWidth
            elements.append(
                .shape(
                    FigureShape(
                        .line(from: FigurePoint(x: right, y: y), to: FigurePoint(x: right + 4, y: y)),
                        paint: .stroked(.black, width: 1), className: "legend-tick")))
            elements.append(
                .text(
                    FigureText(
                        ticks.label(value), at: FigurePoint(x: right + 7, y: y + type.labelRaise), size: type.label,
                        className: "legend-tick-label")))
        }
        for (index, entry) in entries.enumerated() {
            let y = entriesTop + Double(index) * 22
            elements.append(swatch(entry.className, at: FigurePoint(x: origin.x, y: y)))
            elements.append(
                .text(FigureText(entry.text, at: FigurePoint(x: origin.x + 24, y: y + 11), size: type.label)))
        }
        return .group(FigureGroup(label: "Legend", className: "legend", elements: elements))
    }

    /// A 16-unit sample of what the entry stands for.
    private func swatch(_ className: String, at corner: FigurePoint) -> FigureElement {
        let box = FigureRect(x: corner.x, y: corner.y, width: 16, height: 14)
        let middle = FigurePoint(x: box.x, y: box.centre.y)
        let geometry: FigureGeometry
        let paint: Paint
        switch className {
        case "legend-empty":
            (geometry, paint) = (
                .rect(box, cornerRadius: 0), Paint(fill: .hatch, stroke: Colour(grey: 0.5), strokeWidth: 0.5)
            )
        case "legend-mark":
            (geometry, paint) = (.rect(box, cornerRadius: 0), .stroked(HeatmapPanelDrawing.markColour, width: 2.5))
        case "legend-arrow":
            (geometry, paint) = (
                .arrow(from: middle, to: FigurePoint(x: box.maxX, y: middle.y), headLength: 5),
                .stroked(.black, width: 1.2)
            )
        case "legend-outline":
            (geometry, paint) = (
                .line(from: middle, to: FigurePoint(x: box.maxX, y: middle.y)),
                .stroked(HeatmapPanelDrawing.outlineColour, width: 2, dash: [7, 4])
            )
        case "legend-frame-dashed":
            (geometry, paint) = (.rect(box, cornerRadius: 0), .stroked(Colour(grey: 0.15), width: 1.5, dash: [5, 3]))
        default:
            (geometry, paint) = (.rect(box, cornerRadius: 0), .stroked(Colour(grey: 0.15), width: 1.5))
        }
        return .shape(FigureShape(geometry, paint: paint, className: className))
    }
}
