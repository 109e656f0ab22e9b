/// Draws one heatmap panel: the device and screen, the cells (coloured, or hatched when
/// empty), the value labels that fit, the marks, the layout frames, the outline, the
/// arrows, the panel's label and, with a known px per mm, a scale bar.
struct HeatmapPanelDrawing {
    var panel: HeatmapPanel
    var placement: PanelPlacement
    var heatmap: HeatmapFigure
    var type: FigureType

    static let markColour = Colour.black
    static let outlineColour = Colour(red255: 20, green255: 20, blue255: 20)

    func group() -> FigureElement {
        var elements: [FigureElement] = [
            .text(
                FigureText(
                    panel.label, at: FigurePoint(x: placement.deviceFrame.centre.x, y: placement.deviceFrame.y - 8),
                    anchor: .middle, size: type.heading, weight: .bold, className: "panel-label")),
            .shape(
                FigureShape(
                    .rect(placement.deviceFrame, cornerRadius: placement.cornerRadius),
                    paint: Paint(fill: .colour(Colour(grey: 0.27)), stroke: Colour(grey: 0.1), strokeWidth: 1),
                    className: "device")),
            .shape(
                FigureShape(
                    .rect(placement.screen, cornerRadius: 0), paint: .filled(Colour(grey: 0.97)), className: "screen")),
        ]
        elements += cells()
        elements += labels()
        elements += marks()
        elements += frames()
        let outline = CellOutline.segments(of: panel.outline).map { (placement.point($0.0), placement.point($0.1)) }
        if !outline.isEmpty {
            elements.append(
                .shape(FigureShape(.segments(outline), paint: .stroked(.white, width: 4.5), className: "outline-halo")))
            elements.append(
                .shape(
                    FigureShape(
                        .segments(outline), paint: .stroked(Self.outlineColour, width: 2, dash: [7, 4]),
                        className: "outline")))
        }
        elements += arrows()
        if let bar = scaleBar() { elements.append(bar) }
        return .group(FigureGroup(label: "Panel \(panel.label)", className: "panel", elements: elements))
    }

    private func cells() -> [FigureElement] {
        panel.cells.map { cell in
            let rect = placement.rect(cell.frame)
            if let value = cell.shownValue {
                // Fine grids (a density) are drawn as a continuous surface, without cell borders.
                let border = min(rect.width, rect.height) >= 8 ? 0.5 : 0
                return .shape(
                    FigureShape(
                        .rect(rect, cornerRadius: 0),
                        paint: Paint(
                            fill: .colour(heatmap.scale.colour(for: value)), stroke: border > 0 ? .white : nil,
                            strokeWidth: border),
                        className: "cell", data: ["value": "\(value)"]))
            }
            return .shape(
                FigureShape(
                    .rect(rect, cornerRadius: 0), paint: Paint(fill: .hatch, stroke: .white, strokeWidth: 0.5),
                    className: "cell-empty"))
        }
    }

    /// A cell's label, centred, when a font of at least 6 units (in print, the label size)
    /// fits its height and the text fits its width; black or white, whichever contrasts more with the cell.
    private func labels() -> [FigureElement] {
        let texts: [FigureElement] = panel.cells.compactMap { cell in
            guard let label = cell.label, !label.isEmpty else { return nil }
            let rect = placement.rect(cell.frame)
            let size = type.width == nil ? min(11, rect.height * 0.45) : type.label
            guard size >= 6, size <= rect.height * 0.45 + 1e-9,
                FigureText.estimatedWidth(label, size: size) <= rect.width - 3
            else { return nil }
            let background = cell.shownValue.map { heatmap.scale.colour(for: $0) } ?? Colour(grey: 0.9)
            return .text(
                FigureText(
                    label, at: FigurePoint(x: rect.centre.x, y: rect.centre.y + size * 0.35), anchor: .middle,
                    size: size, colour: background.contrastingText, className: "cell-label"))
        }
        return texts.isEmpty ? [] : [.group(FigureGroup(className: "cell-labels", elements: texts))]
    }

    private func marks() -> [FigureElement] {
        panel.cells.filter(\.isMarked).map { cell in
            let rect = placement.rect(cell.frame)
            let inset = FigureRect(
                x: rect.x + 1.25, y: rect.y + 1.25, width: max(rect.width - 2.5, 0), height: max(rect.height - 2.5, 0))
            return .shape(
                FigureShape(
                    .rect(inset, cornerRadius: 0), paint: .stroked(Self.markColour, width: 2.5), className: "cell-mark")
            )
        }
    }

    private func frames() -> [FigureElement] {
        panel.frames.flatMap { frame -> [FigureElement] in
            let rect = placement.rect(frame.frame)
            return [
                .shape(
                    FigureShape(
                        .rect(rect, cornerRadius: 0),
                        paint: .stroked(Colour(grey: 0.15), width: 1.5, dash: frame.isSolid ? [] : [5, 3]),
                        className: "layout-frame",
                        data: ["name": frame.name, "solid": frame.isSolid ? "true" : "false"])),
                .text(
                    FigureText(
                        frame.name, at: FigurePoint(x: rect.x + 3, y: rect.y + 2 + type.frameLabel),
                        size: type.frameLabel,
                        colour: Colour(grey: 0.15),
                        className: "layout-frame-label")),
            ]
        }
    }

    private func arrows() -> [FigureElement] {
        let drawn: [FigureElement] = panel.arrows.map { arrow in
            let from = placement.point(arrow.origin)
            let to = placement.point(
                FigurePoint(
                    x: arrow.origin.x + arrow.dx * heatmap.arrowScale, y: arrow.origin.y + arrow.dy * heatmap.arrowScale
                ))
            return .shape(
                FigureShape(
                    .arrow(from: from, to: to, headLength: 5), paint: .stroked(.black, width: 1.2),
                    className: "offset-arrow"))
        }
        return drawn.isEmpty
            ? [] : [.group(FigureGroup(label: "Arrows: \(heatmap.arrowLabel)", className: "arrows", elements: drawn))]
    }

    /// A bar of a nice length in mm, about a third of the screen's width, under the device.
    private func scaleBar() -> FigureElement? {
        guard let pxPerMM = panel.pxPerMM else { return nil }
        let millimetres = NiceTicks.nice(panel.screenWidth / pxPerMM / 3, rounding: true)
        let length = millimetres * pxPerMM * placement.unitsPerPx
        let y = placement.deviceFrame.maxY + 16
        let x = placement.deviceFrame.x
        let paint = Paint.stroked(.black, width: 1.5)
        let label = NiceTicks.format(millimetres, decimals: millimetres < 1 ? 1 : 0) + " mm"
        return .group(
            FigureGroup(
                label: "Scale bar: \(label)", className: "scale-bar",
                elements: [
                    .shape(
                        FigureShape(
                            .line(from: FigurePoint(x: x, y: y), to: FigurePoint(x: x + length, y: y)), paint: paint)),
                    .shape(
                        FigureShape(
                            .line(from: FigurePoint(x: x, y: y - 4), to: FigurePoint(x: x, y: y + 4)), paint: paint)),
                    .shape(
                        FigureShape(
                            .line(from: FigurePoint(x: x + length, y: y - 4), to: FigurePoint(x: x + length, y: y + 4)),
                            paint: paint)),
                    .text(
                        FigureText(
                            label, at: FigurePoint(x: x + length / 2, y: y + 5 + type.label), anchor: .middle,
                            size: type.label)),
                ]))
    }
}
