/// Draws an ``InteractionChart``: the title, a legend of the lines, then the panels in
/// rows, each with its name, grid, axes, level labels and, per line, the estimates joined
/// and their interval bars; one y axis title for all, and the x axis title under them.
struct InteractionChartLayout {
    let chart: InteractionChart
    let type: FigureType
    /// Panels, x levels and lines in the order they first appear.
    let panels: [String?]
    let levels: [String]
    let series: [String]
    let yRange: (low: Double, high: Double)
    let ticks: NiceTicks
    let margin: Double
    let titleLines: [String]
    /// The legend's entries (indices into `series`) line by line.
    let legendLines: [[Int]]
    let legendTop: Double
    let left: Double
    /// The y axis title, in lines that each fit one row's plot height.
    let yTitleLines: [String]
    let panelWidth: Double
    let gap: Double
    let columns: Int
    let panelTitleLines: [[String]]
    let plotHeight: Double
    let rotatesLabels: Bool
    let labelDrop: Double
    let top: Double
    let rowHeight: Double
    let width: Double

    init(chart: InteractionChart, type: FigureType) {
        self.chart = chart
        self.type = type
        panels = Self.ordered(chart.points.map(\.panel))
        levels = Self.ordered(chart.points.map(\.x))
        series = Self.ordered(chart.points.map(\.series))
        yRange = chart.yRange
        let ticks = NiceTicks(from: yRange.low, to: yRange.high, count: 6)
        self.ticks = ticks
        let printWidth = type.width
        let margin = printWidth == nil ? 20.0 : 8
        let gap = printWidth == nil ? 24.0 : 10
        self.margin = margin
        self.gap = gap

        let tickWidth = ticks.values.map { FigureText.estimatedWidth(ticks.label($0), size: type.label) }.max() ?? 0
        // The y title in as many lines as one row's plot is tall, side by side.
        let plotHeight = printWidth.map { min(180, $0 * 0.4).rounded() } ?? 240
        let yTitleLines = FigureType.lines(chart.yTitle, size: type.axisTitle, width: plotHeight)
        self.yTitleLines = yTitleLines
        let left = (4 + Double(yTitleLines.count) * type.axisTitle * 1.1 + 4 + tickWidth + 8).rounded(.up)
        self.left = left
        self.plotHeight = plotHeight
        let longest = levels.map { FigureText.estimatedWidth($0, size: type.label) }.max() ?? 0
        let dodgeRoom = Double(series.count) * 7 + 8
        let headingWidth =
            panels.compactMap { $0 }.map { FigureText.estimatedWidth($0, size: type.heading, weight: .bold) }.max() ?? 0
        let slotCount = Double(max(levels.count, 1))
        let panelWidth: Double
        let columns: Int
        if let printWidth {
            // As many panels to a row as leave every level's label room under its slot.
            let room = printWidth - left - margin
            let fits = panels.indices.reversed().map { $0 + 1 }.first { count in
                let width = (room - Double(count - 1) * gap) / Double(count)
                return width / slotCount >= max(longest + 6, dodgeRoom)
            }
            columns = fits ?? 1
            panelWidth = (room - Double(columns - 1) * gap) / Double(columns)
        } else {
            columns = max(panels.count, 1)
            // Panels share the title's width, up to 360 units each, so that the plot is not
            // a corner of a wide figure.
            let titleWidth = FigureText.estimatedWidth(chart.title, size: type.title, weight: .bold)
            let shared = (titleWidth + margin - left - Double(columns - 1) * gap) / Double(columns)
            panelWidth = max(160, slotCount * max(56, longest + 14, dodgeRoom + 8), headingWidth + 8, min(shared, 360))
        }
        self.panelWidth = panelWidth
        self.columns = columns
        let slot = panelWidth / slotCount
        rotatesLabels = longest + 6 > slot
        labelDrop = rotatesLabels ? longest - 1 - type.label : 0
        panelTitleLines = panels.map { name in
            name.map { FigureType.lines($0, size: type.heading, weight: .bold, width: panelWidth) } ?? []
        }

        let contentWidth = left + Double(columns) * panelWidth + Double(columns - 1) * gap + margin
        let titleWidth = FigureText.estimatedWidth(chart.title, size: type.title, weight: .bold)
        width = printWidth ?? max(contentWidth, titleWidth + 2 * margin).rounded(.up)
        titleLines =
            printWidth == nil
            ? [chart.title] : FigureType.lines(chart.title, size: type.title, weight: .bold, width: width - 2 * margin)
        let titleBottom = margin + Double(titleLines.count) * type.title * 1.25
        legendLines = Self.legendLines(
            series, heading: chart.seriesTitle + ":", type: type, width: width - 2 * margin)
        legendTop = titleBottom + 4
        top = legendTop + Double(legendLines.count) * type.label * 1.6 + 8
        let headingLines = Double(panelTitleLines.map(\.count).max() ?? 0)
        rowHeight = headingLines * type.heading * 1.25 + 6 + plotHeight + 7 + type.label + labelDrop + 14
    }

    /// The distinct values in the order they first appear.
    static func ordered<Value: Equatable>(_ values: [Value]) -> [Value] {
        values.reduce(into: []) { seen, value in if !seen.contains(value) { seen.append(value) } }
    }

    /// The legend's entries broken into lines that fit `width`: the heading, then each
    /// line's dot and name.
    static func legendLines(_ series: [String], heading: String, type: FigureType, width: Double) -> [[Int]] {
        var lines: [[Int]] = [[]]
        var used = FigureText.estimatedWidth(heading, size: type.label, weight: .bold) + 8
        for (index, name) in series.enumerated() {
            let entry = entryWidth(name, type: type)
            if !lines[lines.count - 1].isEmpty || lines.count > 1, used + entry > width {
                lines.append([])
                used = 0
            }
            lines[lines.count - 1].append(index)
            used += entry
        }
        return lines
    }

    private static func entryWidth(_ name: String, type: FigureType) -> Double {
        12 + FigureText.estimatedWidth(name, size: type.label) + 12
    }

    var rows: Int { (max(panels.count, 1) + columns - 1) / columns }

    /// The plot rectangle of panel `index`.
    func plot(_ index: Int) -> FigureRect {
        let (row, column) = (index / columns, index % columns)
        let headingLines = Double(panelTitleLines.map(\.count).max() ?? 0)
        return FigureRect(
            x: left + Double(column) * (panelWidth + gap),
            y: top + Double(row) * rowHeight + headingLines * type.heading * 1.25 + 6, width: panelWidth,
            height: plotHeight)
    }

    func figure() -> Figure {
        var elements: [FigureElement] = titleLines.enumerated().map { index, line in
            .text(
                FigureText(
                    line, at: FigurePoint(x: margin, y: margin + type.title + Double(index) * type.title * 1.25),
                    size: type.title, weight: .bold, className: "figure-title"))
        }
        elements.append(legend())
        elements += panels.indices.map(panel)
        let bottom = top + Double(rows) * rowHeight - 14
        let firstPlot = plot(0)
        let lastPlot = plot(panels.count - 1)
        let axisTitles: [FigureElement] =
            yTitleLines.enumerated().map { index, line in
                .text(
                    FigureText(
                        line,
                        at: FigurePoint(
                            x: 4 + type.axisTitle * (0.8 + 1.1 * Double(index)), y: (firstPlot.y + lastPlot.maxY) / 2),
                        anchor: .middle, size: type.axisTitle, rotation: -90, className: "axis-title"))
            } + [
                .text(
                    FigureText(
                        chart.xTitle,
                        at: FigurePoint(
                            x: left + (Double(columns) * panelWidth + Double(columns - 1) * gap) / 2,
                            y: bottom + 6 + type.axisTitle * 0.76),
                        anchor: .middle, size: type.axisTitle, className: "axis-title"))
            ]
        elements.append(.group(FigureGroup(label: "Axis titles", className: "axes", elements: axisTitles)))
        let height = (bottom + 6 + type.axisTitle + margin / 2).rounded(.up)
        let spoken = chart.points.map { point in
            "\(name(point)): \(NiceTicks.format(point.estimate, decimals: ticks.valueDecimals))"
        }
        let summary =
            chart.description ?? "\(chart.yTitle) by \(chart.xTitle) and \(chart.seriesTitle): "
            + spoken.joined(separator: ", ") + "; bars show the \(chart.intervalLabel)."
        return Figure(width: width, height: height, title: chart.title, description: summary, elements: elements)
    }

    private func colour(_ index: Int) -> Colour {
        IntervalChartLayout.seriesColours[index % IntervalChartLayout.seriesColours.count]
    }

    private func legend() -> FigureElement {
        var entries: [FigureElement] = []
        for (lineIndex, line) in legendLines.enumerated() {
            let baseline = legendTop + type.label + Double(lineIndex) * type.label * 1.6
            var x = margin
            if lineIndex == 0 {
                let heading = chart.seriesTitle + ":"
                entries.append(
                    .text(FigureText(heading, at: FigurePoint(x: x, y: baseline), size: type.label, weight: .bold)))
                x += FigureText.estimatedWidth(heading, size: type.label, weight: .bold) + 8
            }
            for index in line {
                let centre = FigurePoint(x: x + 4, y: baseline - type.labelRaise)
                entries += [
                    .shape(
                        FigureShape(
                            .line(from: FigurePoint(x: x - 2, y: centre.y), to: FigurePoint(x: x + 10, y: centre.y)),
                            paint: .stroked(colour(index), width: 1.5))),
                    .shape(FigureShape(.circle(centre: centre, radius: 3.5), paint: .filled(colour(index)))),
                    .text(FigureText(series[index], at: FigurePoint(x: x + 12, y: baseline), size: type.label)),
                ]
                x += Self.entryWidth(series[index], type: type)
            }
        }
        return .group(FigureGroup(label: "Legend", className: "series-legend", elements: entries))
    }

    private func y(_ value: Double, in plot: FigureRect) -> Double {
        let clamped = min(max(value, yRange.low), yRange.high)
        return plot.maxY - (clamped - yRange.low) / (yRange.high - yRange.low) * plot.height
    }

    private func name(_ point: InteractionPoint) -> String {
        ([point.panel].compactMap { $0 } + [point.series, point.x]).joined(separator: ", ")
    }

    private func panel(_ index: Int) -> FigureElement {
        let plot = plot(index)
        let slot = plot.width / Double(max(levels.count, 1))
        var elements: [FigureElement] = panelTitleLines[index].enumerated().map { line, text in
            .text(
                FigureText(
                    text,
                    at: FigurePoint(
                        x: plot.centre.x,
                        y: plot.y - 6 - Double(panelTitleLines[index].count - 1 - line) * type.heading * 1.25
                            - type.heading * 0.24),
                    anchor: .middle, size: type.heading, weight: .bold, className: "panel-label"))
        }
        let firstInRow = index % columns == 0
        for value in ticks.values {
            let y = y(value, in: plot)
            elements.append(
                .shape(
                    FigureShape(
                        .line(from: FigurePoint(x: plot.x, y: y), to: FigurePoint(x: plot.maxX, y: y)),
                        paint: .stroked(Colour(grey: 0.9)), className: "grid")))
            guard firstInRow else { continue }
            elements += [
                .shape(
                    FigureShape(
                        .line(from: FigurePoint(x: plot.x - 5, y: y), to: FigurePoint(x: plot.x, y: y)),
                        paint: .stroked(.black), className: "tick")),
                .text(
                    FigureText(
                        ticks.label(value), at: FigurePoint(x: plot.x - 8, y: y + type.labelRaise), anchor: .end,
                        size: type.label, className: "tick-label")),
            ]
        }
        let corner = [
            FigurePoint(x: plot.x, y: plot.y), FigurePoint(x: plot.x, y: plot.maxY),
            FigurePoint(x: plot.maxX, y: plot.maxY),
        ]
        elements.append(.shape(FigureShape(.polyline(corner), paint: .stroked(.black), className: "axis")))
        for (level, label) in levels.enumerated() {
            let x = plot.x + (Double(level) + 0.5) * slot
            let position =
                rotatesLabels
                ? FigurePoint(x: x + type.label * 0.26, y: plot.maxY + 6)
                : FigurePoint(x: x, y: plot.maxY + 7 + type.label)
            elements.append(
                .text(
                    FigureText(
                        label, at: position, anchor: rotatesLabels ? .end : .middle, size: type.label,
                        rotation: rotatesLabels ? -90 : 0, className: "category-label")))
        }
        let spacing = series.count > 1 ? min(slot * 0.5 / Double(series.count - 1), 9) : 0
        for (seriesIndex, name) in series.enumerated() {
            let dodge = (Double(seriesIndex) - Double(series.count - 1) / 2) * spacing
            let points = chart.points.filter { $0.panel == panels[index] && $0.series == name }
                .compactMap { point -> (InteractionPoint, Double)? in
                    levels.firstIndex(of: point.x).map { (point, plot.x + (Double($0) + 0.5) * slot + dodge) }
                }
                .sorted { $0.1 < $1.1 }
            elements.append(line(points, colour: colour(seriesIndex), in: plot, series: name))
        }
        let label = panels[index] ?? "Estimates"
        return .group(FigureGroup(label: label, className: "panel", elements: elements))
    }

    /// One line: the estimates joined in x order, then each interval bar with its caps and
    /// its dot, each a group screen readers announce.
    private func line(
        _ points: [(InteractionPoint, Double)], colour: Colour, in plot: FigureRect, series: String
    ) -> FigureElement {
        let joined = points.filter { $0.0.estimate.isFinite }.map {
            FigurePoint(x: $0.1, y: y($0.0.estimate, in: plot))
        }
        var elements: [FigureElement] = []
        if joined.count > 1 {
            elements.append(
                .shape(FigureShape(.polyline(joined), paint: .stroked(colour, width: 1.5), className: "series-line")))
        }
        let cap = type.width == nil ? 4.0 : 3.0
        for (point, x) in points {
            var parts: [FigureElement] = []
            if point.low.isFinite, point.high.isFinite {
                let top = y(max(point.low, point.high), in: plot)
                let bottom = y(min(point.low, point.high), in: plot)
                let paint = Paint.stroked(colour, width: 1.2)
                parts += [
                    .shape(
                        FigureShape(
                            .line(from: FigurePoint(x: x, y: top), to: FigurePoint(x: x, y: bottom)), paint: paint,
                            className: "interval")),
                    .shape(
                        FigureShape(
                            .line(from: FigurePoint(x: x - cap, y: top), to: FigurePoint(x: x + cap, y: top)),
                            paint: paint)),
                    .shape(
                        FigureShape(
                            .line(from: FigurePoint(x: x - cap, y: bottom), to: FigurePoint(x: x + cap, y: bottom)),
                            paint: paint)),
                ]
            }
            if point.estimate.isFinite {
                parts.append(
                    .shape(
                        FigureShape(
                            .circle(centre: FigurePoint(x: x, y: y(point.estimate, in: plot)), radius: cap - 0.5),
                            paint: Paint(fill: .colour(colour), stroke: .white, strokeWidth: 0.8),
                            className: "estimate", data: ["value": "\(point.estimate)"])))
            }
            let interval =
                point.low.isFinite && point.high.isFinite
                ? " [\(ticks.label(point.low)), \(ticks.label(point.high))]" : ""
            let spoken = "\(name(point)): \(NiceTicks.format(point.estimate, decimals: ticks.valueDecimals))\(interval)"
            elements.append(.group(FigureGroup(label: spoken, className: "point", elements: parts)))
        }
        return .group(FigureGroup(label: "Line \(series)", className: "series", elements: elements))
    }
}
