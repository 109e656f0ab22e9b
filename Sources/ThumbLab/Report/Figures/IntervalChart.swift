/// Estimates with their 95% confidence intervals over a categorical x axis (condition
/// labels, optionally grouped) or a numeric one (target size in mm), with fitted curves
/// (one per series, in the series' colour) and labelled vertical reference lines (numeric axes only), nice ticks,
/// axis titles with units, and y from 0 when the measure is a proportion or a count.
///
/// ```swift
/// let chart = IntervalChart(
///     title: "Error rate by target size (n = 16)", xTitle: "Target size (mm)", yTitle: "Error rate",
///     axis: .numeric, points: points, yFromZero: true, yLimit: 1,
///     references: [ReferenceLine(x: 9.2, label: "9.2 mm (Parhi et al.)")])
/// let svg = SVGWriter.document(try chart.figure())
/// ```
public struct IntervalChart: Sendable, Equatable {
    /// Whether points sit at their labels, in order, or at their x values.
    public enum Axis: Sendable, Equatable {
        /// Points at their labels, in order, grouped by ``IntervalPoint/group``.
        case categorical
        /// Points at their ``IntervalPoint/x`` values, with ticks.
        case numeric
    }

    /// What the chart shows, in one line; the SVG `<title>`.
    public var title: String
    /// The SVG description; a sentence listing the estimates is used when `nil`.
    public var description: String?
    /// Axis titles, with units: `Target size (mm)`, `Time (ms), geometric mean`.
    public var xTitle: String
    /// The y axis title, with its unit.
    public var yTitle: String
    /// Whether the x axis is categorical or numeric.
    public var axis: Axis
    /// The estimates, in order.
    public var points: [IntervalPoint]
    /// Start the y axis at 0 (proportions, counts, times); interval ends below 0 (a
    /// normal-theory interval of a small proportion) are cut at the axis.
    public var yFromZero: Bool
    /// The largest value the measure can take (1 for a proportion); the axis stops there.
    public var yLimit: Double?
    /// Fitted curves in data coordinates, drawn as lines (numeric axes only).
    public var curves: [FittedCurve]
    /// Labelled vertical lines (numeric axes only).
    public var references: [ReferenceLine]
    /// Labelled horizontal bands behind the points, such as the SUS grades.
    public var bands: [ValueBand]
    /// What the bars show, for the description and the legend: `95% CI`.
    public var intervalLabel: String

    /// Creates a chart; see the properties for what each argument means.
    public init(
        title: String, description: String? = nil, xTitle: String, yTitle: String, axis: Axis,
        points: [IntervalPoint], yFromZero: Bool = false, yLimit: Double? = nil, curves: [FittedCurve] = [],
        references: [ReferenceLine] = [], bands: [ValueBand] = [],
        intervalLabel: String = "95% CI"
    ) {
        self.title = title
        self.description = description
        self.xTitle = xTitle
        self.yTitle = yTitle
        self.axis = axis
        self.points = points
        self.yFromZero = yFromZero
        self.yLimit = yLimit
        self.curves = curves
        self.references = references
        self.bands = bands
        self.intervalLabel = intervalLabel
    }

    /// The chart as a figure: for the screen, as wide as it needs, or, given a `size`, for
    /// print at that width (``FigureSize/canvasWidth``) with no text under 7 points.
    /// - Throws: ``ThumbLabError/figure(_:)`` when there are no points, a point on a numeric
    ///   axis has no finite x, or a curve or reference line is given for a categorical axis.
    public func figure(size: FigureSize? = nil) throws -> Figure {
        guard !points.isEmpty else {
            throw ThumbLabError.figure(.noChartPoints)
        }
        if axis == .categorical, !curves.isEmpty || !references.isEmpty {
            throw ThumbLabError.figure(.curvesNeedNumericAxis)
        }
        if axis == .numeric, let point = points.first(where: { !($0.x?.isFinite ?? false) }) {
            throw ThumbLabError.figure(.pointWithoutX(label: point.label))
        }
        return IntervalChartLayout(chart: self, type: .forSize(size)).figure()
    }

    /// The y range: every finite estimate, interval end and curve point, from 0 when asked,
    /// widened to nice numbers and stopped at `yLimit`.
    var yRange: (low: Double, high: Double) {
        var values = points.flatMap { [$0.estimate, $0.low, $0.high] } + curves.flatMap(\.points).map(\.y)
        if yFromZero { values.append(0) }
        values = values.filter(\.isFinite)
        guard let low = values.min(), let high = values.max() else { return (0, 1) }
        var bounds = NiceTicks.niceBounds(low, high)
        if let yLimit, yLimit.isFinite, bounds.high > yLimit, points.allSatisfy({ !($0.estimate > yLimit) }) {
            bounds.high = yLimit
        }
        if yFromZero, points.allSatisfy({ !($0.estimate < 0) }) { bounds.low = 0 }
        return bounds
    }

    /// The x range of a numeric axis: points, curves and reference lines, widened to nice numbers.
    var xRange: (low: Double, high: Double) {
        let values = (points.compactMap(\.x) + curves.flatMap(\.points).map(\.x) + references.map(\.x)).filter(
            \.isFinite)
        guard let low = values.min(), let high = values.max() else { return (0, 1) }
        return NiceTicks.niceBounds(low, high)
    }
}

/// One estimate with its interval: a condition's mean, a cell's rate.
public struct IntervalPoint: Sendable, Equatable {
    /// The condition's name, under the point on a categorical axis.
    public var label: String
    /// Categorical: points of one group stand together under the group's name. Numeric:
    /// the series (technique) the point belongs to, told apart by colour.
    public var group: String?
    /// The position on a numeric axis.
    public var x: Double?
    /// The estimate, drawn as a dot.
    public var estimate: Double
    /// The interval's ends; NaN for none.
    public var low: Double
    /// The interval's upper end; NaN for none.
    public var high: Double

    /// Creates a point; pass NaN for `low` and `high` when there is no interval.
    public init(label: String, group: String? = nil, x: Double? = nil, estimate: Double, low: Double, high: Double) {
        self.label = label
        self.group = group
        self.x = x
        self.estimate = estimate
        self.low = low
        self.high = high
    }
}

/// A labelled range of y values drawn as a band behind the points: a SUS grade.
public struct ValueBand: Sendable, Equatable {
    /// The band's lower end, in y units.
    public var low: Double
    /// The band's upper end, in y units.
    public var high: Double
    /// The band's name, such as a SUS grade.
    public var label: String

    /// Creates a band from `low` to `high`.
    public init(low: Double, high: Double, label: String) {
        self.low = low
        self.high = high
        self.label = label
    }
}

/// A fitted line in data coordinates: drawn in the colour of its series (the points'
/// ``IntervalPoint/group``) or grey when it has none, and labelled at its end when it is
/// the chart's only curve.
public struct FittedCurve: Sendable, Equatable {
    /// The curve's points in data coordinates, in x order.
    public var points: [FigurePoint]
    /// What the line is, e.g. `MT = 230 + 180.2 × IDe, R² = .981`.
    public var label: String
    /// The series the curve belongs to; nil for a curve of all points.
    public var series: String?

    /// Creates a curve through `points`.
    public init(points: [FigurePoint], label: String, series: String? = nil) {
        self.points = points
        self.label = label
        self.series = series
    }
}

/// A labelled vertical line at `x` on a numeric axis, such as a recommended target size.
public struct ReferenceLine: Sendable, Equatable {
    /// Where the line stands, in x units.
    public var x: Double
    /// What the line marks, such as `9.2 mm (Parhi et al.)`.
    public var label: String

    /// Creates a reference line at `x`.
    public init(x: Double, label: String) {
        self.x = x
        self.label = label
    }
}
