/// Where an ``IntervalChart`` puts things: the canvas and plot area, the data ranges and
/// ticks, the categorical slots and groups, and the series of a numeric chart.
struct IntervalChartFrame {
    let chart: IntervalChart
    let plot: FigureRect
    let width: Double
    let height: Double
    let yRange: (low: Double, high: Double)
    let xRange: (low: Double, high: Double)
    let yTicks: NiceTicks
    /// Each point's centre in slot units (categorical axes).
    let slotPositions: [Double]
    /// The groups of a categorical axis, each spanning slots, their names split at `, `
    /// into lines.
    let groups: [(lines: [String], from: Double, to: Double)]
    let slotWidth: Double
    /// Category labels turned 35 degrees when they are wider than their slots.
    let rotatesLabels: Bool
    /// How far rotated category labels reach below the axis.
    let labelDrop: Double
    /// The series of a numeric chart, in order of first appearance.
    let series: [String]

    init(chart: IntervalChart) {
        self.chart = chart
        let categorical = chart.axis == .categorical
        var positions: [Double] = []
        var groups: [(lines: [String], from: Double, to: Double)] = []
        var x = 0.5
        for (index, point) in chart.points.enumerated() {
            let sameGroup = index > 0 && chart.points[index - 1].group == point.group
            if index > 0, !sameGroup { x += 0.6 }
            if let name = point.group, categorical {
                if sameGroup, !groups.isEmpty {
                    groups[groups.count - 1].to = x
                } else {
                    groups.append((name.components(separatedBy: ", "), x, x))
                }
            }
            positions.append(x)
            x += 1
        }
        slotPositions = positions
        self.groups = groups
        var seen: [String] = []
        if !categorical {
            for name in chart.points.compactMap(\.group) where !seen.contains(name) { seen.append(name) }
        }
        series = seen

        let longestLabel = chart.points.map { FigureText.estimatedWidth($0.label, size: 11) }.max() ?? 0
        let groupNeeds = groups.map { group in
            ((group.lines.map { FigureText.estimatedWidth($0, size: 11, weight: .bold) }.max() ?? 0) + 12)
                / (group.to - group.from + 1)
        }
        let neededSlot = categorical ? min(max(56, min(longestLabel + 12, 110), groupNeeds.max() ?? 0), 180) : 0
        let slotCount = x - 0.5
        let titleWidth = FigureText.estimatedWidth(chart.title, size: 15, weight: .bold)
        let plotWidth = max(categorical ? max(300, slotCount * neededSlot) : 440, titleWidth - 80)
        // Slots share the plot's width, so that a wide title does not leave the right side empty.
        slotWidth = categorical ? plotWidth / slotCount : 0
        rotatesLabels = categorical && longestLabel + 6 > slotWidth
        labelDrop = rotatesLabels ? min(longestLabel * 0.57, 80) : 0
        let legendWidth = seen.isEmpty ? 0 : 50 + (seen.map { FigureText.estimatedWidth($0, size: 11) }.max() ?? 0)
        let groupLines = Double(groups.map(\.lines.count).max() ?? 0)
        plot = FigureRect(x: 78, y: 52, width: plotWidth, height: 280)
        width = max(plot.maxX + 24 + legendWidth, titleWidth + 40).rounded(.up)
        height = (plot.maxY + 60 + labelDrop + groupLines * 14).rounded(.up)
        yRange = chart.yRange
        xRange = chart.xRange
        yTicks = NiceTicks(from: yRange.low, to: yRange.high, count: 6)
    }

    /// The figure y of a value, clamped to the plot.
    func y(_ value: Double) -> Double {
        let clamped = min(max(value, yRange.low), yRange.high)
        return plot.maxY - (clamped - yRange.low) / (yRange.high - yRange.low) * plot.height
    }

    /// The figure x of a value on a numeric axis.
    func x(_ value: Double) -> Double {
        plot.x + (value - xRange.low) / (xRange.high - xRange.low) * plot.width
    }

    /// The figure x of point `index`: its slot, or its value moved aside by its series so
    /// that series at the same x do not hide each other.
    func x(ofPoint index: Int) -> Double {
        let point = chart.points[index]
        guard chart.axis == .numeric else { return plot.x + slotPositions[index] * slotWidth }
        let dodge = seriesIndex(of: point).map { (Double($0) - Double(series.count - 1) / 2) * 7 } ?? 0
        return x(point.x ?? .nan) + dodge
    }

    func seriesIndex(of point: IntervalPoint) -> Int? {
        point.group.flatMap { series.firstIndex(of: $0) }
    }

    /// `Direct standing: 1109 [1030, 1195]`, for screen readers and the description.
    func spoken(_ point: IntervalPoint, withInterval: Bool) -> String {
        let name = [point.group, point.label].compactMap { $0 }.joined(separator: " ")
        let interval =
            withInterval && point.low.isFinite && point.high.isFinite
            ? " [\(yTicks.label(point.low)), \(yTicks.label(point.high))]" : ""
        return "\(name): \(NiceTicks.format(point.estimate, decimals: yTicks.valueDecimals))\(interval)"
    }
}
