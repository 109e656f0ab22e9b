/// One cell of a heatmap: a rectangle of the screen in px, its value, and what is drawn on it.
public struct PanelCell: Sendable, Equatable {
    /// The cell on the screen, px, y down.
    public var frame: FigureRect
    /// The cell's value; `nil` (or NaN) when it had too few trials to show one.
    public var value: Double?
    /// Printed on the cell when it fits (`12%`, `n=40`).
    public var label: String?
    /// Drawn with a bold border, as for "differs significantly".
    public var isMarked: Bool

    /// Creates a cell from its frame on the screen (px) and its value.
    public init(frame: FigureRect, value: Double?, label: String? = nil, isMarked: Bool = false) {
        self.frame = frame
        self.value = value
        self.label = label
        self.isMarked = isMarked
    }

    /// The value when there is one to colour.
    var shownValue: Double? { value.flatMap { $0.isNaN ? nil : $0 } }
}

/// An offset drawn as an arrow from `origin` by (`dx`, `dy`), px on the screen, as Henze
/// et al. drew mean touch offsets per cell; the figure scales its length.
public struct PanelArrow: Sendable, Equatable {
    /// Where the arrow starts, in px on the screen (usually the cell's centre).
    public var origin: FigurePoint
    /// Horizontal offset, in px (positive to the right).
    public var dx: Double
    /// Vertical offset, in px (positive downwards).
    public var dy: Double

    /// Creates an arrow from `origin` by (`dx`, `dy`) px.
    public init(origin: FigurePoint, dx: Double, dy: Double) {
        self.origin = origin
        self.dx = dx
        self.dy = dy
    }
}

/// A named rectangle of the screen's layout (a keyboard, a toolbar, a callout), drawn
/// with a solid stroke when `isSolid` and dashed otherwise (the legend says what each means).
public struct LayoutFrame: Sendable, Equatable {
    /// The frame's name, such as `keyboard`.
    public var name: String
    /// px on the screen.
    public var frame: FigureRect
    /// Whether the frame is drawn solid (`true`) or dashed.
    public var isSolid: Bool

    /// Creates a frame from its name and its rectangle in px.
    public init(name: String, frame: FigureRect, isSolid: Bool = true) {
        self.name = name
        self.frame = frame
        self.isSolid = isSolid
    }
}

/// One screen of a heatmap figure: a device (or a factor level) and its cells.
public struct HeatmapPanel: Sendable, Equatable {
    /// Shown above the panel: a factor level or a device name.
    public var label: String
    /// The screen size in px.
    public var screenWidth: Double
    /// The screen height in px.
    public var screenHeight: Double
    /// Pixels per millimetre, when the device is known: the panel is then drawn to scale
    /// with the other panels and gets a scale bar in mm.
    public var pxPerMM: Double?
    /// The cells, coloured by value.
    public var cells: [PanelCell]
    /// Offset arrows drawn over the cells.
    public var arrows: [PanelArrow]
    /// Cells (px rectangles) whose union is drawn as one outline, such as a reach zone.
    public var outline: [FigureRect]
    /// Named layout rectangles drawn over the cells.
    public var frames: [LayoutFrame]

    /// Creates a panel of a `screenWidth` x `screenHeight` px screen.
    public init(
        label: String, screenWidth: Double, screenHeight: Double, pxPerMM: Double? = nil, cells: [PanelCell],
        arrows: [PanelArrow] = [], outline: [FigureRect] = [], frames: [LayoutFrame] = []
    ) {
        self.label = label
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        self.pxPerMM = pxPerMM
        self.cells = cells
        self.arrows = arrows
        self.outline = outline
        self.frames = frames
    }

    /// Throws a ``ThumbLabError/figure(_:)`` error naming the panel and what is wrong with it.
    func validate() throws {
        guard screenWidth.isFinite, screenHeight.isFinite, screenWidth > 0, screenHeight > 0 else {
            throw ThumbLabError.figure(.invalidPanelScreen(panel: label, width: screenWidth, height: screenHeight))
        }
        if let pxPerMM, !(pxPerMM.isFinite && pxPerMM > 0) {
            throw ThumbLabError.figure(.invalidPanelDensity(panel: label, pxPerMM: pxPerMM))
        }
        let rects =
            cells.map { (FigureProblem.PanelShape.cell, $0.frame) } + outline.map { (.outlineCell, $0) }
            + frames.map { (.layoutFrame(name: $0.name), $0.frame) }
        for (index, (kind, rect)) in rects.enumerated() where !rect.isFinite {
            throw ThumbLabError.figure(.nonFiniteShape(panel: label, shape: kind, index: index + 1))
        }
        for arrow in arrows where ![arrow.origin.x, arrow.origin.y, arrow.dx, arrow.dy].allSatisfy(\.isFinite) {
            throw ThumbLabError.figure(.nonFiniteArrow(panel: label))
        }
    }
}
