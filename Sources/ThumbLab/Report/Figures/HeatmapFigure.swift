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

    /// The figure: title, panels side by side, legend on the right. Given a `size`, it is
    /// drawn for print at that width (``FigureSize/canvasWidth``) with no text under 7
    /// points: the panels shrink to fit beside the legend, or above it, in as few rows as
    /// keep them large.
    /// - Throws: ``ThumbLabError/figure(_:)`` when there is no panel, a screen size or px
    ///   per mm is not a positive number, a coordinate is not a number, or the arrow
    ///   scale is not positive.
    public func figure(size: FigureSize? = nil) throws -> Figure {
        guard !panels.isEmpty else {
            throw ThumbLabError.figure(.noHeatmapPanels)
        }
        guard arrowScale.isFinite, arrowScale > 0 else {
            throw ThumbLabError.figure(.invalidArrowScale(value: arrowScale))
        }
        for panel in panels { try panel.validate() }
        let type = FigureType.forSize(size)
        guard let printWidth = type.width else { return screenFigure(type) }
        return printedFigure(type, width: printWidth)
    }

    /// The figure as the screen shows it: panels 420 units tall, legend on the right.
    private func screenFigure(_ type: FigureType) -> Figure {
        let placements = Self.placements(panels, screenHeight: Self.screenHeight, top: Self.top, type: type)
        var elements: [FigureElement] = [
            .text(
                FigureText(
                    title, at: FigurePoint(x: Self.margin, y: 28), size: type.title, weight: .bold,
                    className: "figure-title"))
        ]
        elements += panelGroups(placements, type: type)
        let right = placements.map(\.deviceFrame.maxX).max() ?? Self.margin
        let legend = HeatmapLegend(
            heatmap: self, origin: FigurePoint(x: right + Self.panelGap, y: Self.top + 20), type: type)
        elements.append(legend.group())
        let width = max(
            legend.origin.x + legend.width,
            FigureText.estimatedWidth(title, size: type.title, weight: .bold) + 2 * Self.margin)
        let height = max(panelsBottom(placements), legend.bottom) + Self.margin
        return Figure(
            width: width.rounded(.up), height: height.rounded(.up), title: title, description: summary,
            elements: elements)
    }

    /// The figure for print at `width` units: the title in lines, then the panels as tall as
    /// fits, the legend beside them when that leaves the panels at least 150 units tall,
    /// else under them.
    private func printedFigure(_ type: FigureType, width: Double) -> Figure {
        let margin = 8.0
        let lines = FigureType.lines(title, size: type.title, weight: .bold, width: width - 2 * margin)
        var elements: [FigureElement] = lines.enumerated().map { index, line in
            .text(
                FigureText(
                    line, at: FigurePoint(x: margin, y: margin + type.title + Double(index) * type.title * 1.25),
                    size: type.title, weight: .bold, className: "figure-title"))
        }
        let top = margin + Double(lines.count) * type.title * 1.25 + 6
        let legendWidth = HeatmapLegend(heatmap: self, origin: FigurePoint(x: 0, y: 0), type: type).width
        let besideRoom = width - 2 * margin - Self.panelGap / 2 - legendWidth
        let beside = Self.tallestFit(panels, room: besideRoom, columns: panels.count, type: type)
        let legendBeside = beside >= 150
        let room = legendBeside ? besideRoom : width - 2 * margin
        // The fewest rows that keep panels at least 150 units (112 pt) tall, no panel taller
        // than 300 units (225 pt) and all rows no taller than 520 (390 pt), half a page.
        func height(_ columns: Int) -> Double {
            let rows = Double((panels.count + columns - 1) / columns)
            return min(Self.tallestFit(panels, room: room, columns: columns, type: type), 300, 520 / rows)
        }
        let columns =
            (1...panels.count).reversed().first { height($0) >= 150 }
            ?? (1...panels.count).max { height($0) < height($1) } ?? 1
        let height = height(columns)
        let placements = Self.placements(
            panels, screenHeight: height, top: top, type: type, left: margin, columns: columns)
        elements += panelGroups(placements, type: type)
        let right = placements.map(\.deviceFrame.maxX).max() ?? margin
        let bottom = panelsBottom(placements)
        var legend = HeatmapLegend(
            heatmap: self,
            origin: legendBeside
                ? FigurePoint(x: right + Self.panelGap / 2, y: top + 18 + type.axisTitle)
                : FigurePoint(x: margin, y: bottom + 6 + type.axisTitle),
            type: type)
        legend.barHeight = legendBeside ? min(220, max(height * 0.6, 100)) : 100
        elements.append(legend.group())
        return Figure(
            width: width, height: (max(bottom, legend.bottom) + margin).rounded(.up), title: title,
            description: summary, elements: elements)
    }

    private func panelGroups(_ placements: [PanelPlacement], type: FigureType) -> [FigureElement] {
        zip(panels, placements).map { panel, placement in
            HeatmapPanelDrawing(panel: panel, placement: placement, heatmap: self, type: type).group()
        }
    }

    /// The lowest point the panels reach: their devices, and the scale bars under them.
    private func panelsBottom(_ placements: [PanelPlacement]) -> Double {
        zip(panels, placements).map { panel, placement in
            placement.deviceFrame.maxY + (panel.pxPerMM == nil ? 12 : 44)
        }.max() ?? 0
    }

    private var summary: String {
        let names = panels.map(\.label).joined(separator: ", ")
        let ticks = scale.ticks()
        return description
            ?? "\(measure) per screen cell in \(panels.count) panel\(panels.count == 1 ? "" : "s") (\(names)), coloured on the \(scale.map.name) scale from \(NiceTicks.format(scale.low, decimals: ticks.decimals)) to \(NiceTicks.format(scale.high, decimals: ticks.decimals))\(unit.isEmpty ? "" : " " + unit)."
    }

    /// The tallest screen height at which `columns` panels a row fit `room` units across.
    static func tallestFit(_ panels: [HeatmapPanel], room: Double, columns: Int, type: FigureType) -> Double {
        func rowWidth(_ height: Double) -> Double {
            let placed = placements(panels, screenHeight: height, top: 0, type: type, left: 0, columns: columns)
            return zip(panels, placed).map { panel, placement in
                let label = FigureText.estimatedWidth(panel.label, size: type.heading, weight: .bold)
                return max(placement.deviceFrame.maxX, placement.deviceFrame.centre.x + label / 2)
            }.max() ?? 0
        }
        var (low, high) = (0.0, screenHeight)
        if rowWidth(high) <= room { return high }
        for _ in 0..<30 {
            let middle = (low + high) / 2
            if rowWidth(middle) <= room { low = middle } else { high = middle }
        }
        return low
    }

    /// Where each panel's device and screen go, and how many figure units a screen px takes:
    /// all panels to one mm scale when each knows its px per mm, else to one px scale; the
    /// tallest screen is `screenHeight` units, and panels wrap after `columns` to a row.
    static func placements(
        _ panels: [HeatmapPanel], screenHeight: Double, top: Double, type: FigureType, left: Double = margin,
        columns: Int? = nil
    ) -> [PanelPlacement] {
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
        let perRow = max(columns ?? panels.count, 1)
        let gap = type.width == nil ? panelGap : panelGap / 2
        let rowHeight =
            (panels.indices.map { panels[$0].screenHeight * unitsPerPx[$0] + 2 * bezels[$0] }.max() ?? 0)
            + (panels.contains { $0.pxPerMM != nil } ? 44 : 12) + 18
        var x = left
        var result: [PanelPlacement] = []
        for (index, panel) in panels.enumerated() {
            if index > 0, index.isMultiple(of: perRow) { x = left }
            let y = top + 18 + Double(index / perRow) * rowHeight
            let bezel = bezels[index]
            let width = panel.screenWidth * unitsPerPx[index]
            let height = panel.screenHeight * unitsPerPx[index]
            let device = FigureRect(x: x, y: y, width: width + 2 * bezel, height: height + 2 * bezel)
            let labelWidth = FigureText.estimatedWidth(panel.label, size: type.heading, weight: .bold)
            let slot = max(device.width, labelWidth)
            let shifted = FigureRect(
                x: x + (slot - device.width) / 2, y: device.y, width: device.width, height: device.height)
            result.append(
                PanelPlacement(
                    deviceFrame: shifted,
                    screen: FigureRect(x: shifted.x + bezel, y: shifted.y + bezel, width: width, height: height),
                    unitsPerPx: unitsPerPx[index], cornerRadius: bezel * 1.6))
            x += slot + gap
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
