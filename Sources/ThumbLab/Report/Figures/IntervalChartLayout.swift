/// Draws an ``IntervalChart`` into its ``IntervalChartFrame``: axes and ticks, reference
/// lines and the fitted curve, the points with their interval bars, group labels and, for
/// several series on a numeric axis, a legend of their colours.
struct IntervalChartLayout {
    let chart: IntervalChart
    let frame: IntervalChartFrame

    init(chart: IntervalChart, type: FigureType) {
        self.chart = chart
        frame = IntervalChartFrame(chart: chart, type: type)
    }

    private var type: FigureType { frame.type }

    /// Okabe & Ito's palette for colour-blind readers (2008), one colour per series.
    static let seriesColours: [Colour] = [
        Colour(red255: 0, green255: 114, blue255: 178), Colour(red255: 213, green255: 94, blue255: 0),
        Colour(red255: 0, green255: 158, blue255: 115), Colour(red255: 204, green255: 121, blue255: 167),
        Colour(red255: 86, green255: 180, blue255: 233), Colour(red255: 230, green255: 159, blue255: 0),
        Colour(red255: 0, green255: 0, blue255: 0),
    ]

    private static func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> FigureGeometry {
        .line(from: FigurePoint(x: x1, y: y1), to: FigurePoint(x: x2, y: y2))
    }

    func figure() -> Figure {
        var elements: [FigureElement] = frame.titleLines.enumerated().map { index, line in
            .text(
                FigureText(
                    line, at: FigurePoint(x: type.width == nil ? 20 : 8, y: frame.titleBaseline(index)),
                    size: type.title, weight: .bold, className: "figure-title"))
        }
        if !chart.bands.isEmpty { elements.append(bands()) }
        elements.append(axes())
        if chart.axis == .numeric { elements += references() + curves() }
        elements.append(points())
        if !frame.groups.isEmpty { elements.append(groupLabels()) }
        if !frame.series.isEmpty { elements.append(seriesLegend()) }
        let summary =
            chart.description ?? "\(chart.yTitle) by \(chart.xTitle): "
            + chart.points.map { frame.spoken($0, withInterval: false) }.joined(separator: ", ")
            + "; bars show the \(chart.intervalLabel)."
        return Figure(
            width: frame.width, height: frame.height, title: chart.title, description: summary, elements: elements)
    }

    /// The bands, alternately shaded, each labelled at the plot's right edge.
    private func bands() -> FigureElement {
        let plot = frame.plot
        var drawn: [FigureElement] = []
        for (index, band) in chart.bands.enumerated() where band.low.isFinite && band.high.isFinite {
            let top = frame.y(max(band.low, band.high))
            let bottom = frame.y(min(band.low, band.high))
            guard bottom - top > 0 else { continue }
            drawn.append(
                .shape(
                    FigureShape(
                        .rect(FigureRect(x0: plot.x, y0: top, x1: plot.maxX, y1: bottom), cornerRadius: 0),
                        paint: .filled(Colour(grey: index.isMultiple(of: 2) ? 0.93 : 0.97)), className: "band")))
            if bottom - top >= type.note * 0.9 {
                drawn.append(
                    .text(
                        FigureText(
                            band.label, at: FigurePoint(x: plot.maxX - 4, y: (top + bottom) / 2 + type.note * 0.35),
                            anchor: .end, size: type.note, colour: Colour(grey: 0.35), className: "band-label")))
            }
        }
        return .group(FigureGroup(label: "Bands", className: "bands", elements: drawn))
    }

    private func axes() -> FigureElement {
        let plot = frame.plot
        var axes: [FigureElement] = []
        for value in frame.yTicks.values {
            let y = frame.y(value)
            axes += [
                .shape(
                    FigureShape(
                        Self.line(plot.x, y, plot.maxX, y), paint: .stroked(Colour(grey: 0.9)), className: "grid")),
                .shape(FigureShape(Self.line(plot.x - 5, y, plot.x, y), paint: .stroked(.black), className: "tick")),
                .text(
                    FigureText(
                        frame.yTicks.label(value), at: FigurePoint(x: plot.x - 8, y: y + type.labelRaise), anchor: .end,
                        size: type.label,
                        className: "tick-label")),
            ]
        }
        if chart.axis == .numeric {
            let count = type.width == nil ? 7 : max(3, min(7, Int(plot.width / (type.label * 4.5))))
            let ticks = NiceTicks(from: frame.xRange.low, to: frame.xRange.high, count: count)
            for value in ticks.values {
                let x = frame.x(value)
                axes += [
                    .shape(
                        FigureShape(
                            Self.line(x, plot.maxY, x, plot.maxY + 5), paint: .stroked(.black), className: "tick")),
                    .text(
                        FigureText(
                            ticks.label(value), at: FigurePoint(x: x, y: frame.tickLabelBaseline), anchor: .middle,
                            size: type.label,
                            className: "tick-label")),
                ]
            }
        }
        let corner = [
            FigurePoint(x: plot.x, y: plot.y), FigurePoint(x: plot.x, y: plot.maxY),
            FigurePoint(x: plot.maxX, y: plot.maxY),
        ]
        axes += [
            .shape(FigureShape(.polyline(corner), paint: .stroked(.black), className: "axis")),
            .text(
                FigureText(
                    chart.yTitle, at: FigurePoint(x: frame.yTitleX, y: plot.centre.y), anchor: .middle,
                    size: type.axisTitle, rotation: -90,
                    className: "axis-title")),
            .text(
                FigureText(
                    chart.xTitle, at: FigurePoint(x: plot.centre.x, y: frame.xTitleBaseline), anchor: .middle,
                    size: type.axisTitle,
                    className: "axis-title")),
        ]
        return .group(FigureGroup(label: "Axes", className: "axes", elements: axes))
    }

    private func references() -> [FigureElement] {
        let plot = frame.plot
        return chart.references.filter(\.x.isFinite).map { reference in
            let x = frame.x(reference.x)
            return .group(
                FigureGroup(
                    label: "Reference: \(reference.label)", className: "reference",
                    elements: [
                        .shape(
                            FigureShape(
                                Self.line(x, plot.y, x, plot.maxY), paint: .stroked(Colour(grey: 0.35), dash: [4, 3]),
                                className: "reference-line")),
                        .text(referenceLabel(reference)),
                    ]))
        }
    }

    /// A reference line's label, turned up along the line's left side from the plot's top.
    private func referenceLabel(_ reference: ReferenceLine) -> FigureText {
        FigureText(
            reference.label, at: FigurePoint(x: frame.x(reference.x) - 4, y: frame.plot.y + 4), anchor: .end,
            size: type.note, colour: Colour(grey: 0.25), rotation: -90, className: "reference-label")
    }

    private func curves() -> [FigureElement] {
        chart.curves.compactMap { curve -> FigureElement? in
            let points = curve.points.filter { $0.x.isFinite && $0.y.isFinite }.map {
                FigurePoint(x: frame.x($0.x), y: frame.y($0.y))
            }
            guard points.count > 1, let end = points.last else { return nil }
            let colour =
                curve.series.flatMap { frame.series.firstIndex(of: $0) }
                .map { Self.seriesColours[$0 % Self.seriesColours.count] } ?? Colour(grey: 0.3)
            var fit: [FigureElement] = [
                .shape(FigureShape(.polyline(points), paint: .stroked(colour, width: 1.5), className: "fit"))
            ]
            if chart.curves.count == 1 {
                // Over the curve's end, or under it where a reference line's label stands; left
                // out when neither is clear (the description names the curve).
                let taken = chart.references.filter(\.x.isFinite).map { referenceLabel($0).extent }
                let label = [end.y - 6, end.y + type.note + 4].lazy.map { y in
                    FigureText(
                        curve.label, at: FigurePoint(x: end.x - 2, y: y), anchor: .end, size: type.note,
                        colour: colour, className: "fit-label")
                }.first { label in !taken.contains { $0.overlaps(label.extent) } }
                if let label { fit.append(.text(label)) }
            }
            let name = curve.series.map { "\($0): \(curve.label)" } ?? curve.label
            return .group(FigureGroup(label: name, className: "fit-curve", elements: fit))
        }
    }

    /// Each point as a group: its interval bar with caps (cut at the axis), its estimate,
    /// and on a categorical axis its label.
    private func points() -> FigureElement {
        let marks: [FigureElement] = chart.points.indices.map { index in
            let point = chart.points[index]
            let x = frame.x(ofPoint: index)
            let colour =
                frame.seriesIndex(of: point).map { Self.seriesColours[$0 % Self.seriesColours.count] }
                ?? Colour(grey: 0.1)
            var parts: [FigureElement] = []
            if point.low.isFinite, point.high.isFinite {
                let top = frame.y(max(point.low, point.high))
                let bottom = frame.y(min(point.low, point.high))
                let paint = Paint.stroked(colour, width: 1.5)
                parts += [
                    .shape(FigureShape(Self.line(x, top, x, bottom), paint: paint, className: "interval")),
                    .shape(FigureShape(Self.line(x - 5, top, x + 5, top), paint: paint)),
                    .shape(FigureShape(Self.line(x - 5, bottom, x + 5, bottom), paint: paint)),
                ]
            }
            if point.estimate.isFinite {
                parts.append(
                    .shape(
                        FigureShape(
                            .circle(centre: FigurePoint(x: x, y: frame.y(point.estimate)), radius: 4),
                            paint: Paint(fill: .colour(colour), stroke: .white, strokeWidth: 1), className: "estimate",
                            data: ["value": "\(point.estimate)"])))
            }
            if chart.axis == .categorical {
                parts.append(
                    .text(
                        FigureText(
                            point.label, at: categoryLabelPosition(x), anchor: frame.rotatesLabels ? .end : .middle,
                            size: type.label, rotation: frame.labelRotation, className: "category-label")))
            }
            return .group(
                FigureGroup(label: frame.spoken(point, withInterval: true), className: "point", elements: parts))
        }
        return .group(FigureGroup(label: "Estimates with \(chart.intervalLabel)", className: "points", elements: marks))
    }

    /// Where a category label stands: under its slot, or, turned upright in print, hanging
    /// from just under the axis.
    private func categoryLabelPosition(_ x: Double) -> FigurePoint {
        guard frame.labelRotation == -90 else { return FigurePoint(x: x, y: frame.tickLabelBaseline) }
        return FigurePoint(x: x + type.label * 0.26, y: frame.plot.maxY + 6)
    }

    private func groupLabels() -> FigureElement {
        let top = frame.groupBaseline
        let labels: [FigureElement] = frame.groups.flatMap { group in
            group.lines.enumerated().map { index, line in
                .text(
                    FigureText(
                        line,
                        at: FigurePoint(
                            x: frame.plot.x + (group.from + group.to) / 2 * frame.slotWidth,
                            y: top + Double(index) * frame.lineStep),
                        anchor: .middle, size: type.label, weight: .bold, className: "group-label"))
            }
        }
        return .group(FigureGroup(className: "group-labels", elements: labels))
    }

    private func seriesLegend() -> FigureElement {
        let x = frame.plot.maxX + frame.legendGap
        let entries: [FigureElement] = frame.series.enumerated().flatMap { index, name -> [FigureElement] in
            let y = frame.plot.y + 8 + Double(index) * (type.label * 1.82).rounded()
            return [
                .shape(
                    FigureShape(
                        .circle(centre: FigurePoint(x: x + 6, y: y), radius: 4),
                        paint: .filled(Self.seriesColours[index % Self.seriesColours.count]))),
                .text(FigureText(name, at: FigurePoint(x: x + 16, y: y + type.labelRaise), size: type.label)),
            ]
        }
        return .group(FigureGroup(label: "Legend", className: "series-legend", elements: entries))
    }
}
