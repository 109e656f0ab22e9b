/// Lays out an ``IntervalChart``: plot area, axes and ticks, then the points with their
/// interval bars, the curve, the reference lines and, for several series on a numeric
/// axis, a legend of their colours.
struct IntervalChartLayout {
    var chart: IntervalChart

    /// Okabe & Ito's palette for colour-blind readers (2008), one colour per series.
    static let seriesColours: [Colour] = [
        Colour(red255: 0, green255: 114, blue255: 178), Colour(red255: 213, green255: 94, blue255: 0),
        Colour(red255: 0, green255: 158, blue255: 115), Colour(red255: 204, green255: 121, blue255: 167),
        Colour(red255: 86, green255: 180, blue255: 233), Colour(red255: 230, green255: 159, blue255: 0),
        Colour(red255: 0, green255: 0, blue255: 0),
    ]

    /// The series of a numeric chart, in order of first appearance.
    private var series: [String] {
        guard chart.axis == .numeric else { return [] }
        var seen: [String] = []
        for group in chart.points.compactMap(\.group) where !seen.contains(group) { seen.append(group) }
        return seen
    }

    /// Categorical slots: each point's x in slot units, and the groups' spans.
    private var slots: (positions: [Double], groups: [(name: String, from: Double, to: Double)], count: Double) {
        var positions: [Double] = []
        var groups: [(String, Double, Double)] = []
        var x = 0.5
        var previous: String??
        for point in chart.points {
            if let last = previous, last != point.group { x += 0.6 }
            if let name = point.group {
                if let lastGroup = groups.last, lastGroup.0 == name, previous == point.group {
                    groups[groups.count - 1].2 = x
                } else {
                    groups.append((name, x, x))
                }
            }
            positions.append(x)
            previous = .some(point.group)
            x += 1
        }
        return (positions, groups, x - 0.5)
    }

    func figure() -> Figure {
        let categorical = chart.axis == .categorical
        let slotInfo = slots
        let hasGroups = categorical && !slotInfo.groups.isEmpty
        let longestLabel = chart.points.map { FigureText.estimatedWidth($0.label, size: 11) }.max() ?? 0
        let groupLines = slotInfo.groups.map { $0.name.components(separatedBy: ", ") }
        let groupSlotWidths = zip(slotInfo.groups, groupLines).map { group, lines in
            ((lines.map { FigureText.estimatedWidth($0, size: 11) }.max() ?? 0) + 12) / (group.to - group.from + 1)
        }
        let slotWidth = categorical ? min(max(56, min(longestLabel + 12, 110), groupSlotWidths.max() ?? 0), 180) : 0
        let rotated = categorical && longestLabel + 6 > slotWidth
        let rotatedExtent = rotated ? min(longestLabel * 0.57, 80) : 0
        let titleWidth = FigureText.estimatedWidth(chart.title, size: 15)
        let plotWidth = max(categorical ? max(300, slotInfo.count * slotWidth) : 440, titleWidth - 80)
        let legendWidth =
            series.isEmpty ? 0 : 30 + (series.map { FigureText.estimatedWidth($0, size: 11) }.max() ?? 0) + 20
        let lineCount = hasGroups ? Double(groupLines.map(\.count).max() ?? 0) : 0
        let bottom = 44 + rotatedExtent + lineCount * 14
        let plot = FigureRect(x: 78, y: 52, width: plotWidth, height: 280)
        let width = max(plot.maxX + 24 + legendWidth, titleWidth + 40)
        let height = plot.maxY + bottom + 16
        let (yLow, yHigh) = chart.yRange
        func yPosition(_ value: Double) -> Double { plot.maxY - (value - yLow) / (yHigh - yLow) * plot.height }
        let (xLow, xHigh) = chart.xRange
        func xPosition(_ value: Double) -> Double { plot.x + (value - xLow) / (xHigh - xLow) * plot.width }

        var elements: [FigureElement] = [
            .text(
                FigureText(
                    chart.title, at: FigurePoint(x: 20, y: 28), size: 15, weight: .bold, className: "figure-title"))
        ]
        var axes: [FigureElement] = []
        let yTicks = NiceTicks(from: yLow, to: yHigh, count: 6)
        for value in yTicks.values {
            let y = yPosition(value)
            axes.append(
                .shape(
                    FigureShape(
                        .line(from: FigurePoint(x: plot.x, y: y), to: FigurePoint(x: plot.maxX, y: y)),
                        paint: .stroked(Colour(grey: 0.9)), className: "grid")))
            axes.append(
                .shape(
                    FigureShape(
                        .line(from: FigurePoint(x: plot.x - 5, y: y), to: FigurePoint(x: plot.x, y: y)),
                        paint: .stroked(.black), className: "tick")))
            axes.append(
                .text(
                    FigureText(
                        yTicks.label(value), at: FigurePoint(x: plot.x - 8, y: y + 4), anchor: .end, size: 11,
                        className: "tick-label")))
        }
        if !categorical {
            let xTicks = NiceTicks(from: xLow, to: xHigh, count: 7)
            for value in xTicks.values {
                let x = xPosition(value)
                axes.append(
                    .shape(
                        FigureShape(
                            .line(from: FigurePoint(x: x, y: plot.maxY), to: FigurePoint(x: x, y: plot.maxY + 5)),
                            paint: .stroked(.black), className: "tick")))
                axes.append(
                    .text(
                        FigureText(
                            xTicks.label(value), at: FigurePoint(x: x, y: plot.maxY + 18), anchor: .middle, size: 11,
                            className: "tick-label")))
            }
        }
        axes.append(
            .shape(
                FigureShape(
                    .polyline([
                        FigurePoint(x: plot.x, y: plot.y), FigurePoint(x: plot.x, y: plot.maxY),
                        FigurePoint(x: plot.maxX, y: plot.maxY),
                    ]), paint: .stroked(.black), className: "axis")))
        axes.append(
            .text(
                FigureText(
                    chart.yTitle, at: FigurePoint(x: 22, y: plot.centre.y), anchor: .middle, size: 12, rotation: -90,
                    className: "axis-title")))
        axes.append(
            .text(
                FigureText(
                    chart.xTitle, at: FigurePoint(x: plot.centre.x, y: height - 14), anchor: .middle, size: 12,
                    className: "axis-title")))
        elements.append(.group(FigureGroup(label: "Axes", className: "axes", elements: axes)))

        if !categorical {
            for reference in chart.references where reference.x.isFinite {
                let x = xPosition(reference.x)
                elements.append(
                    .group(
                        FigureGroup(
                            label: "Reference: \(reference.label)", className: "reference",
                            elements: [
                                .shape(
                                    FigureShape(
                                        .line(from: FigurePoint(x: x, y: plot.y), to: FigurePoint(x: x, y: plot.maxY)),
                                        paint: .stroked(Colour(grey: 0.35), width: 1, dash: [4, 3]),
                                        className: "reference-line")),
                                .text(
                                    FigureText(
                                        reference.label, at: FigurePoint(x: x - 4, y: plot.y + 4), anchor: .end,
                                        size: 10, colour: Colour(grey: 0.25), rotation: -90,
                                        className: "reference-label")),
                            ])))
            }
            let curve = chart.curve.filter { $0.x.isFinite && $0.y.isFinite }.map {
                FigurePoint(x: xPosition($0.x), y: yPosition($0.y))
            }
            if curve.count > 1 {
                var fit: [FigureElement] = [
                    .shape(
                        FigureShape(.polyline(curve), paint: .stroked(Colour(grey: 0.3), width: 1.5), className: "fit"))
                ]
                if let label = chart.curveLabel, let end = curve.last {
                    fit.append(
                        .text(
                            FigureText(
                                label, at: FigurePoint(x: end.x - 2, y: end.y - 6), anchor: .end, size: 10,
                                colour: Colour(grey: 0.3), className: "fit-label")))
                }
                elements.append(
                    .group(
                        FigureGroup(label: chart.curveLabel ?? "Fitted curve", className: "fit-curve", elements: fit)))
            }
        }

        var marks: [FigureElement] = []
        let seriesList = series
        for (index, point) in chart.points.enumerated() {
            let seriesIndex = point.group.flatMap { seriesList.firstIndex(of: $0) }
            let dodge = seriesIndex.map { (Double($0) - Double(seriesList.count - 1) / 2) * 7 } ?? 0
            let x = categorical ? plot.x + slotInfo.positions[index] * slotWidth : xPosition(point.x ?? .nan) + dodge
            let colour = seriesIndex.map { Self.seriesColours[$0 % Self.seriesColours.count] } ?? Colour(grey: 0.1)
            var parts: [FigureElement] = []
            if point.low.isFinite, point.high.isFinite {
                let top = yPosition(min(max(point.low, point.high), yHigh))
                let bottom = yPosition(max(min(point.low, point.high), yLow))
                let paint = Paint.stroked(colour, width: 1.5)
                parts.append(
                    .shape(
                        FigureShape(
                            .line(from: FigurePoint(x: x, y: top), to: FigurePoint(x: x, y: bottom)), paint: paint,
                            className: "interval")))
                parts.append(
                    .shape(
                        FigureShape(
                            .line(from: FigurePoint(x: x - 5, y: top), to: FigurePoint(x: x + 5, y: top)), paint: paint)
                    ))
                parts.append(
                    .shape(
                        FigureShape(
                            .line(from: FigurePoint(x: x - 5, y: bottom), to: FigurePoint(x: x + 5, y: bottom)),
                            paint: paint)))
            }
            if point.estimate.isFinite {
                parts.append(
                    .shape(
                        FigureShape(
                            .circle(centre: FigurePoint(x: x, y: yPosition(point.estimate)), radius: 4),
                            paint: Paint(fill: .colour(colour), stroke: .white, strokeWidth: 1), className: "estimate",
                            data: ["value": "\(point.estimate)"])))
            }
            if categorical {
                let y = plot.maxY + 18
                parts.append(
                    .text(
                        FigureText(
                            point.label, at: FigurePoint(x: x, y: y), anchor: rotated ? .end : .middle, size: 11,
                            rotation: rotated ? -35 : 0, className: "category-label")))
            }
            let interval =
                point.low.isFinite && point.high.isFinite
                ? " [\(yTicks.label(point.low)), \(yTicks.label(point.high))]" : ""
            let name = [point.group, point.label].compactMap { $0 }.joined(separator: " ")
            marks.append(
                .group(
                    FigureGroup(
                        label:
                            "\(name): \(NiceTicks.format(point.estimate, decimals: yTicks.valueDecimals))\(interval)",
                        className: "point", elements: parts)))
        }
        elements.append(
            .group(FigureGroup(label: "Estimates with \(chart.intervalLabel)", className: "points", elements: marks)))

        if hasGroups {
            let top = plot.maxY + 36 + rotatedExtent
            let labels: [FigureElement] = zip(slotInfo.groups, groupLines).flatMap { group, lines in
                lines.enumerated().map { index, line in
                    .text(
                        FigureText(
                            line,
                            at: FigurePoint(
                                x: plot.x + (group.from + group.to) / 2 * slotWidth, y: top + Double(index) * 14),
                            anchor: .middle, size: 11, weight: .bold, className: "group-label"))
                }
            }
            elements.append(.group(FigureGroup(className: "group-labels", elements: labels)))
        }
        if !seriesList.isEmpty {
            let x = plot.maxX + 24
            var entries: [FigureElement] = []
            for (index, name) in seriesList.enumerated() {
                let y = plot.y + 8 + Double(index) * 20
                entries.append(
                    .shape(
                        FigureShape(
                            .circle(centre: FigurePoint(x: x + 6, y: y), radius: 4),
                            paint: .filled(Self.seriesColours[index % Self.seriesColours.count]))))
                entries.append(.text(FigureText(name, at: FigurePoint(x: x + 16, y: y + 4), size: 11)))
            }
            elements.append(.group(FigureGroup(label: "Legend", className: "series-legend", elements: entries)))
        }
        let summary =
            chart.description ?? "\(chart.yTitle) by \(chart.xTitle): "
            + chart.points.map { point in
                let name = [point.group, point.label].compactMap { $0 }.joined(separator: " ")
                return "\(name) \(NiceTicks.format(point.estimate, decimals: yTicks.valueDecimals))"
            }.joined(separator: ", ") + "; bars show the \(chart.intervalLabel)."
        return Figure(
            width: width.rounded(.up), height: height.rounded(.up), title: chart.title, description: summary,
            elements: elements)
    }
}
