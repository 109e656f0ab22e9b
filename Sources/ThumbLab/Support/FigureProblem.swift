/// A figure that cannot be drawn or encoded from what it was given.
public enum FigureProblem: Equatable, Sendable, CustomStringConvertible {
    /// A shape of a heatmap panel.
    public enum PanelShape: Equatable, Sendable, CustomStringConvertible {
        /// A cell of the map.
        case cell
        /// A cell of the reach-zone outline.
        case outlineCell
        /// The frame of the layout element `name`.
        case layoutFrame(name: String)

        /// The shape in words.
        public var description: String {
            switch self {
            case .cell: "cell"
            case .outlineCell: "outline cell"
            case .layoutFrame(let name): "layout frame '\(name)'"
            }
        }
    }

    /// An interval chart without points.
    case noChartPoints
    /// An interval chart with a fitted curve or reference lines on a categorical axis.
    case curvesNeedNumericAxis
    /// The point `label` of an interval chart on a numeric axis has no finite x.
    case pointWithoutX(label: String)
    /// A heatmap without panels.
    case noHeatmapPanels
    /// A heatmap's arrow scale, `value`, is not a positive number.
    case invalidArrowScale(value: Double)
    /// The screen of the heatmap panel `panel` is not `width` x `height` positive px.
    case invalidPanelScreen(panel: String, width: Double, height: Double)
    /// The density of the heatmap panel `panel`, `pxPerMM`, is not a positive number.
    case invalidPanelDensity(panel: String, pxPerMM: Double)
    /// The `index`th (1-based) `shape` of the heatmap panel `panel` has a coordinate that is not a number.
    case nonFiniteShape(panel: String, shape: PanelShape, index: Int)
    /// An arrow of the heatmap panel `panel` has a coordinate that is not a number.
    case nonFiniteArrow(panel: String)
    /// The raster scale `value` is not between 0.1 and `maximum`.
    case invalidRasterScale(value: Double, maximum: Double)
    /// A `width` x `height` figure at `scale` makes no image of 1 to `maximumPixels` pixels.
    case rasterSize(width: Double, height: Double, scale: Double, maximumPixels: Int)
    /// An image of `width` x `height` pixels, which a PNG cannot hold.
    case emptyImage(width: Int, height: Int)
    /// zlib could not compress the image: its status was `status`.
    case compressionFailed(status: Int32)

    /// The problem in plain words.
    public var description: String {
        switch self {
        case .noChartPoints:
            return "an interval chart needs at least one point; give one per condition"
        case .curvesNeedNumericAxis:
            return
                "a fitted curve and reference lines need a numeric x axis; use axis .numeric and give each point its x"
        case .pointWithoutX(let label):
            return "point '\(label)' has no x value; on a numeric axis every point needs a finite x"
        case .noHeatmapPanels:
            return "a heatmap needs at least one panel; give one per device or condition"
        case .invalidArrowScale(let value):
            return "the arrow scale must be a positive number, found \(value)"
        case .invalidPanelScreen(let panel, let width, let height):
            return "heatmap panel '\(panel)': the screen size must be positive px, found \(width) x \(height); "
                + "give the device's width and height in px"
        case .invalidPanelDensity(let panel, let pxPerMM):
            return "heatmap panel '\(panel)': px per mm must be a positive number, found \(pxPerMM); "
                + "leave it out when the device is not known"
        case .nonFiniteShape(let panel, let shape, let index):
            return "heatmap panel '\(panel)': \(shape) \(index) has a coordinate that is not a number"
        case .nonFiniteArrow(let panel):
            return "heatmap panel '\(panel)': an arrow has a coordinate that is not a number"
        case .invalidRasterScale(let value, let maximum):
            return "The scale must be a number from 0.1 to \(Int(maximum)) (1 for screens, 2 for print); got \(value)"
        case .rasterSize(let width, let height, let scale, let maximumPixels):
            return "A \(width) x \(height) figure at scale \(scale) makes no image of 1 to \(maximumPixels) pixels"
        case .emptyImage(let width, let height):
            return "A PNG needs at least one pixel; the image is \(width) x \(height)"
        case .compressionFailed(let status):
            return "zlib could not compress the image (zlib status \(status)); the figure may be too large"
        }
    }
}
