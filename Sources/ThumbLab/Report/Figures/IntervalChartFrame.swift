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
    /// Category labels are turned when they are wider than their slots: 35 degrees on a
    /// screen, upright (90 degrees) in print, where slots are narrow.
    let rotatesLabels: Bool
    /// The turn of the category labels, in degrees clockwise.
    let labelRotation: Double
    /// How far rotated category labels reach below the axis.
    let labelDrop: Double
    /// The distance between lines of the group labels.
    let lineStep: Double
    /// The text sizes, and the width a printed chart fits.
    let type: FigureType
    /// The title, broken into lines to fit a printed chart's width.
    let titleLines: [String]
    /// The distance between the title's lines.
    let titleLineHeight: Double
    /// The baseline of the turned y-axis title.
    let yTitleX: Double
    /// The space between the plot and the legend of the series.
    let legendGap: Double
    /// The series of a numeric chart, in order of first appearance.
    let series: [String]

    init(chart: IntervalChart, type: FigureType) {
        self.chart = chart
        self.type = type
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
        var seen: [String] = []
        if !categorical {
            for name in chart.points.compactMap(\.group) where !seen.contains(name) { seen.append(name) }
        }
        series = seen
        yRange = chart.yRange
        xRange = chart.xRange
        let ticks = NiceTicks(from: yRange.low, to: yRange.high, count: 6)
        yTicks = ticks

        let longestLabel = chart.points.map { FigureText.estimatedWidth($0.label, size: type.label) }.max() ?? 0
        let slotCount = x - 0.5
        let seriesWidth = seen.map { FigureText.estimatedWidth($0, size: type.label) }.max() ?? 0
        if let printWidth = type.width {
            // Print: the plot takes what the canvas leaves beside the axis and the legend.
            titleLines = FigureType.lines(chart.title, size: type.title, weight: .bold, width: printWidth - 16)
            titleLineHeight = type.title * 1.25
            let tickWidth = ticks.values.map { FigureText.estimatedWidth(ticks.label($0), size: type.label) }.max() ?? 0
            yTitleX = 4 + type.axisTitle * 0.8
            legendGap = 10
            let legendWidth = seen.isEmpty ? 0 : legendGap + 16 + seriesWidth + 4
            let left = (yTitleX + type.axisTitle * 0.3 + 4 + tickWidth + 8).rounded(.up)
            let top = 8 + Double(titleLines.count) * titleLineHeight + 10
            let plotWidth = printWidth - left - 8 - legendWidth
            plot = FigureRect(x: left, y: top, width: plotWidth, height: min(200, printWidth * 0.45).rounded())
            let slot = categorical ? plotWidth / slotCount : 0
            slotWidth = slot
            rotatesLabels = categorical && longestLabel + 6 > slot
            labelRotation = rotatesLabels ? -90 : 0
            labelDrop = rotatesLabels ? longestLabel - 1 - type.label : 0
            lineStep = type.label * 1.25
            self.groups = groups.map { group in
                let span = (group.to - group.from + 1) * slot - 4
                let lines = group.lines.flatMap {
                    FigureType.lines($0, size: type.label, weight: .bold, width: max(span, 1))
                }
                return (lines, group.from, group.to)
            }
            width = printWidth
        } else {
            titleLines = [chart.title]
            titleLineHeight = 0
            yTitleX = 22
            legendGap = 24
            let groupNeeds = groups.map { group in
                ((group.lines.map { FigureText.estimatedWidth($0, size: type.label, weight: .bold) }.max() ?? 0) + 12)
                    / (group.to - group.from + 1)
            }
            let neededSlot = categorical ? min(max(56, min(longestLabel + 12, 110), groupNeeds.max() ?? 0), 180) : 0
            let titleWidth = FigureText.estimatedWidth(chart.title, size: type.title, weight: .bold)
            let plotWidth = max(categorical ? max(300, slotCount * neededSlot) : 440, titleWidth - 80)
            // Slots share the plot's width, so that a wide title does not leave the right side empty.
            slotWidth = categorical ? plotWidth / slotCount : 0
            rotatesLabels = categorical && longestLabel + 6 > slotWidth
            labelRotation = rotatesLabels ? -35 : 0
            labelDrop = rotatesLabels ? min(longestLabel * 0.57, 80) : 0
            lineStep = 14
            self.groups = groups
            let legendWidth = seen.isEmpty ? 0 : 50 + seriesWidth
            plot = FigureRect(x: 78, y: 52, width: plotWidth, height: 280)
            width = max(plot.maxX + legendGap + legendWidth, titleWidth + 40).rounded(.up)
        }
        let groupLines = Double(self.groups.map(\.lines.count).max() ?? 0)
        if type.width == nil {
            height = (plot.maxY + 60 + labelDrop + groupLines * 14).rounded(.up)
            xTitleBaseline = height - 14
        } else {
            // The last baseline under the axis: of the tick labels, or of the group labels' last line.
            let lastBaseline = plot.maxY + 7 + type.label + labelDrop + groupLines * lineStep
            xTitleBaseline = lastBaseline + type.label * 0.24 + 6 + type.axisTitle * 0.76
            height = (xTitleBaseline + type.axisTitle * 0.24 + 4).rounded(.up)
        }
    }

    /// The baseline of the x axis title.
    let xTitleBaseline: Double

    /// The baseline of the category labels and of the numeric ticks' labels.
    var tickLabelBaseline: Double { plot.maxY + 7 + type.label }

    /// The baseline of the first line of the group labels.
    var groupBaseline: Double {
        type.width == nil ? plot.maxY + 36 + labelDrop : tickLabelBaseline + labelDrop + lineStep
    }

    /// The baseline of title line `index`.
    func titleBaseline(_ index: Int) -> Double {
        type.width == nil ? 28 : 8 + type.title + Double(index) * titleLineHeight
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
