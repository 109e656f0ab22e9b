/// A heatmap of screen cells in one or more panels (devices, techniques, conditions)
/// that share one colour scale: each panel drawn as a device with rounded corners, to
/// the same mm scale when every panel's px per mm is known, cells coloured by value,
/// hatched where there were too few trials, with optional value labels, bold marks,
/// offset arrows, an outline around a set of cells and labelled layout frames; a legend
/// with the colour bar, the measure and its unit, and an entry for each kind of mark drawn.
///
/// ```swift
/// let panel = HeatmapPanel(label: "Direct", screenWidth: 320, screenHeight: 480, pxPerMM: 6.42, cells: cells)
/// let heatmap = HeatmapFigure(
///     title: "Error rate per screen cell (n = 3,456 trials)", measure: "Error rate", unit: "%",
///     scale: .sequential(cells.compactMap(\.value), fromZero: true), panels: [panel])
/// let svg = SVGWriter.document(try heatmap.figure())
/// ```
public struct HeatmapFigure: Sendable, Equatable {
    /// What is shown and on how many trials or participants, as the caller words it.
    public var title: String
    /// The SVG description; a sentence naming the panels is used when `nil`.
    public var description: String?
    /// The measure the colours show, such as `Error rate`.
    public var measure: String
    /// The measure's unit (`%`, `ms`), or empty for none.
    public var unit: String
    /// The colour scale every panel shares, and the legend's colour bar.
    public var scale: ColourScale
    /// The panels, drawn side by side from the left.
    public var panels: [HeatmapPanel]
    /// The legend's words for a cell without a value.
    public var emptyLabel: String
    /// The legend's words for a marked cell, such as `differs significantly (p < .05)`.
    public var markLabel: String
    /// What the arrows show (`mean touch offset`).
    public var arrowLabel: String
    /// Arrows are drawn `arrowScale` times as long as the offsets they show.
    public var arrowScale: Double
    /// What the outline encloses (`reach zone`).
    public var outlineLabel: String
    /// What solid layout frames mean.
    public var solidFrameLabel: String
    /// What dashed layout frames mean.
    public var dashedFrameLabel: String

    /// Creates a heatmap of `panels` coloured by `scale`; the labels name the legend's
    /// entries and have defaults in plain words.
    public init(
        title: String, description: String? = nil, measure: String, unit: String, scale: ColourScale,
        panels: [HeatmapPanel], emptyLabel: String = "too few trials", markLabel: String = "marked cell",
        arrowLabel: String = "mean touch offset", arrowScale: Double = 1, outlineLabel: String = "outlined cells",
        solidFrameLabel: String = "layout element", dashedFrameLabel: String = "layout element (dashed)"
    ) {
        self.title = title
        self.description = description
        self.measure = measure
        self.unit = unit
        self.scale = scale
        self.panels = panels
        self.emptyLabel = emptyLabel
        self.markLabel = markLabel
        self.arrowLabel = arrowLabel
        self.arrowScale = arrowScale
        self.outlineLabel = outlineLabel
        self.solidFrameLabel = solidFrameLabel
        self.dashedFrameLabel = dashedFrameLabel
    }

    /// The height, in figure units, of the tallest panel's screen.
    static let screenHeight = 420.0
    static let margin = 20.0
    static let panelGap = 36.0
    static let top = 56.0

    /// The figure: title, panels side by side, legend on the right.
    /// - Throws: ``ThumbLabError/figure(_:)`` when there is no panel, a screen size or px
    ///   per mm is not a positive number, a coordinate is not a number, or the arrow
    ///   scale is not positive.
    public func figure() throws -> Figure {
        guard !panels.isEmpty else {
            throw ThumbLabError.figure(.noHeatmapPanels)
        }
        guard arrowScale.isFinite, arrowScale > 0 else {
            throw ThumbLabError.figure(.invalidArrowScale(value: arrowScale))
        }
        for panel in panels { try panel.validate() }
        let placements = Self.placements(panels)
        var elements: [FigureElement] = [
            .text(
                FigureText(
                    title, at: FigurePoint(x: Self.margin, y: 28), size: 15, weight: .bold, className: "figure-title"))
        ]
        var right = Self.margin
        var bottom = 0.0
        for (panel, placement) in zip(panels, placements) {
            let drawing = HeatmapPanelDrawing(panel: panel, placement: placement, heatmap: self)
            elements.append(drawing.group())
            right = max(right, placement.deviceFrame.maxX)
            bottom = max(bottom, placement.deviceFrame.maxY + (panel.pxPerMM == nil ? 12 : 44))
        }
        let legend = HeatmapLegend(heatmap: self, origin: FigurePoint(x: right + Self.panelGap, y: Self.top + 20))
        elements.append(legend.group())
        let width = max(legend.origin.x + legend.width, FigureText.estimatedWidth(title, size: 15, weight: .bold) + 2 * Self.margin)
        let height = max(bottom, legend.bottom) + Self.margin
        let names = panels.map(\.label).joined(separator: ", ")
        let summary =
            description
            ?? "\(measure) per screen cell in \(panels.count) panel\(panels.count == 1 ? "" : "s") (\(names)), coloured on the \(scale.map.name) scale from \(NiceTicks.format(scale.low, decimals: scale.ticks().decimals)) to \(NiceTicks.format(scale.high, decimals: scale.ticks().decimals))\(unit.isEmpty ? "" : " " + unit)."
        return Figure(
            width: width.rounded(.up), height: height.rounded(.up), title: title, description: summary,
            elements: elements)
    }

    /// Where each panel's device and screen go, and how many figure units a screen px takes:
    /// all panels to one mm scale when each knows its px per mm, else to one px scale.
    static func placements(_ panels: [HeatmapPanel]) -> [PanelPlacement] {
        let allKnown = panels.allSatisfy { $0.pxPerMM != nil }
        let unitsPerPx: [Double]
        let bezels: [Double]
        if allKnown {
            let tallest = panels.map { $0.screenHeight / ($0.pxPerMM ?? 1) }.max() ?? 1
            let unitsPerMM = screenHeight / tallest
            unitsPerPx = panels.map { unitsPerMM / ($0.pxPerMM ?? 1) }
            bezels = panels.map { _ in 4 * unitsPerMM }
        } else {
            let scale = screenHeight / (panels.map(\.screenHeight).max() ?? 1)
            unitsPerPx = panels.map { _ in scale }
            bezels = panels.map { $0.screenWidth * scale * 0.06 }
        }
        var x = margin
        var result: [PanelPlacement] = []
        for (index, panel) in panels.enumerated() {
            let bezel = bezels[index]
            let width = panel.screenWidth * unitsPerPx[index]
            let height = panel.screenHeight * unitsPerPx[index]
            let device = FigureRect(x: x, y: top + 18, width: width + 2 * bezel, height: height + 2 * bezel)
            let labelWidth = FigureText.estimatedWidth(panel.label, size: 13, weight: .bold)
            let slot = max(device.width, labelWidth)
            let shifted = FigureRect(
                x: x + (slot - device.width) / 2, y: device.y, width: device.width, height: device.height)
            result.append(
                PanelPlacement(
                    deviceFrame: shifted,
                    screen: FigureRect(x: shifted.x + bezel, y: shifted.y + bezel, width: width, height: height),
                    unitsPerPx: unitsPerPx[index], cornerRadius: bezel * 1.6))
            x += slot + panelGap
        }
        return result
    }
}

/// Where one panel is drawn: the device's rounded rectangle, the screen inside it, and
/// the figure units per screen px.
struct PanelPlacement: Sendable, Equatable {
    var deviceFrame: FigureRect
    var screen: FigureRect
    var unitsPerPx: Double
    var cornerRadius: Double

    /// A screen point in figure units.
    func point(_ p: FigurePoint) -> FigurePoint {
        FigurePoint(x: screen.x + p.x * unitsPerPx, y: screen.y + p.y * unitsPerPx)
    }

    /// A screen rectangle in figure units.
    func rect(_ r: FigureRect) -> FigureRect {
        FigureRect(
            x: screen.x + r.x * unitsPerPx, y: screen.y + r.y * unitsPerPx, width: r.width * unitsPerPx,
            height: r.height * unitsPerPx)
    }
}
