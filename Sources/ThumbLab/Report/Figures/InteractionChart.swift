/// Estimates with their 95% confidence intervals over the levels of two or more factors,
/// drawn as an interaction plot: the levels of one factor along x, one line per level of
/// another (told apart by colour), and one panel per level, or combination of levels, of
/// the rest, all panels on one y scale. It is how a paper shows a factorial comparison
/// that a strip of every cell would draw too small to read.
///
/// ```swift
/// let chart = InteractionChart(
///     title: "Time by technique x target size", xTitle: "Target size (mm)",
///     yTitle: "Time (ms), geometric means", seriesTitle: "Technique", points: points, yFromZero: true)
/// let pdf = try PDFWriter.data(try chart.figure(size: .column))
/// ```
public struct InteractionChart: Sendable, Equatable {
    /// What the chart shows, in one line; the SVG `<title>`.
    public var title: String
    /// The SVG description; a sentence listing the estimates is used when `nil`.
    public var description: String?
    /// The title of the x axis: the factor whose levels stand along it.
    public var xTitle: String
    /// The y axis title, with its unit.
    public var yTitle: String
    /// The factor whose levels the lines are, named over the legend.
    public var seriesTitle: String
    /// The estimates; levels, lines and panels are drawn in the order they first appear.
    public var points: [InteractionPoint]
    /// Start the y axis at 0 (proportions, counts, times).
    public var yFromZero: Bool
    /// The largest value the measure can take (1 for a proportion); the axis stops there.
    public var yLimit: Double?
    /// What the bars show, for the description: `95% CI`.
    public var intervalLabel: String

    /// Creates a chart; see the properties for what each argument means.
    public init(
        title: String, description: String? = nil, xTitle: String, yTitle: String, seriesTitle: String,
        points: [InteractionPoint], yFromZero: Bool = false, yLimit: Double? = nil, intervalLabel: String = "95% CI"
    ) {
        self.title = title
        self.description = description
        self.xTitle = xTitle
        self.yTitle = yTitle
        self.seriesTitle = seriesTitle
        self.points = points
        self.yFromZero = yFromZero
        self.yLimit = yLimit
        self.intervalLabel = intervalLabel
    }

    /// The chart as a figure: for the screen, its panels in one row, or, given a `size`, for
    /// print at that width (``FigureSize/canvasWidth``), its panels in as many rows as
    /// their labels need, with no text under 7 points.
    /// - Throws: ``ThumbLabError/figure(_:)`` when there are no points.
    public func figure(size: FigureSize? = nil) throws -> Figure {
        guard !points.isEmpty else { throw ThumbLabError.figure(.noChartPoints) }
        return InteractionChartLayout(chart: self, type: .forSize(size)).figure()
    }

    /// The y range of every estimate and interval end, as an ``IntervalChart`` of the same
    /// points sets it.
    var yRange: (low: Double, high: Double) {
        IntervalChart(
            title: title, xTitle: xTitle, yTitle: yTitle, axis: .categorical,
            points: points.map { IntervalPoint(label: $0.x, estimate: $0.estimate, low: $0.low, high: $0.high) },
            yFromZero: yFromZero, yLimit: yLimit
        ).yRange
    }
}

/// One estimate of an ``InteractionChart``: the panel, the x level and the line it belongs
/// to, with its interval.
public struct InteractionPoint: Sendable, Equatable {
    /// The panel's name (`Mobility = walking`); nil when the chart has one panel.
    public var panel: String?
    /// The level on the x axis.
    public var x: String
    /// The line (series) the point belongs to.
    public var series: String
    /// The estimate, drawn as a dot.
    public var estimate: Double
    /// The interval's lower end; NaN for none.
    public var low: Double
    /// The interval's upper end; NaN for none.
    public var high: Double

    /// Creates a point; pass NaN for `low` and `high` when there is no interval.
    public init(panel: String? = nil, x: String, series: String, estimate: Double, low: Double, high: Double) {
        self.panel = panel
        self.x = x
        self.series = series
        self.estimate = estimate
        self.low = low
        self.high = high
    }
}
