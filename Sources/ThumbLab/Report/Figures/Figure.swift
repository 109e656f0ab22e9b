import Foundation

/// A drawing in a coordinate space of `width` x `height` units (SVG user units, 1 unit =
/// 1 CSS px), y pointing down: shapes and text in painting order, with a title and a
/// description for readers who cannot see it. ``SVGWriter`` turns it into a document.
public struct Figure: Sendable, Equatable {
    /// Width of the drawing, in figure units.
    public var width: Double
    /// Height of the drawing, in figure units.
    public var height: Double
    /// What the figure shows, in one line; the SVG `<title>`.
    public var title: String
    /// What a sighted reader would take from it, in a sentence or two; the SVG `<desc>`.
    public var description: String
    /// Painted in order: later elements cover earlier ones.
    public var elements: [FigureElement]

    /// Creates a figure of `width` x `height` units; `elements` are painted in order.
    public init(width: Double, height: Double, title: String, description: String, elements: [FigureElement] = []) {
        self.width = width
        self.height = height
        self.title = title
        self.description = description
        self.elements = elements
    }
}

/// A point in figure units, y down.
public struct FigurePoint: Sendable, Equatable {
    /// Horizontal coordinate, in figure units from the left edge.
    public var x: Double
    /// Vertical coordinate, in figure units from the top edge.
    public var y: Double

    /// Creates the point (`x`, `y`).
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// An axis-aligned rectangle in figure (or screen) units, y down.
public struct FigureRect: Sendable, Equatable {
    /// Left edge, in figure units.
    public var x: Double
    /// Top edge, in figure units (y points down).
    public var y: Double
    /// Width, in figure units.
    public var width: Double
    /// Height, in figure units.
    public var height: Double

    /// Creates the rectangle with its top-left corner at (`x`, `y`).
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The rectangle between two corners, as heatmap cells are given (`x0,y0,x1,y1`).
    public init(x0: Double, y0: Double, x1: Double, y1: Double) {
        self.init(x: min(x0, x1), y: min(y0, y1), width: abs(x1 - x0), height: abs(y1 - y0))
    }

    /// Right edge: `x + width`.
    public var maxX: Double { x + width }
    /// Bottom edge: `y + height`.
    public var maxY: Double { y + height }
    /// The point in the middle of the rectangle.
    public var centre: FigurePoint { FigurePoint(x: x + width / 2, y: y + height / 2) }
    /// Whether the two rectangles share more than an edge.
    public func overlaps(_ other: FigureRect) -> Bool {
        min(maxX, other.maxX) > max(x, other.x) && min(maxY, other.maxY) > max(y, other.y)
    }

    /// Whether every coordinate is a finite number.
    public var isFinite: Bool { [x, y, width, height].allSatisfy(\.isFinite) }
}

/// One thing a figure paints.
public indirect enum FigureElement: Sendable, Equatable {
    /// A shape: a rectangle, line, path, arrow or circle with its paint.
    case shape(FigureShape)
    /// A line of text.
    case text(FigureText)
    /// Elements that belong together (a panel, a legend), with a label that screen readers
    /// announce.
    case group(FigureGroup)
}

/// A group of elements: an SVG `<g>`, with `aria-label` when `label` is given.
public struct FigureGroup: Sendable, Equatable {
    /// What screen readers announce for the group (`aria-label`); nil for none.
    public var label: String?
    /// A class name tests and style sheets can select, such as `legend`.
    public var className: String?
    /// The group's members, painted in order.
    public var elements: [FigureElement]

    /// Creates a group of `elements`, labelled for screen readers when `label` is given.
    public init(label: String? = nil, className: String? = nil, elements: [FigureElement]) {
        self.label = label
        self.className = className
        self.elements = elements
    }
}

/// A geometric shape, how it is painted, and how it can be found again in the document.
public struct FigureShape: Sendable, Equatable {
    /// What is drawn.
    public var geometry: FigureGeometry
    /// How it is filled and stroked.
    public var paint: Paint
    /// A class name, such as `cell` or `offset-arrow`.
    public var className: String?
    /// `data-*` attributes (names without the prefix), written in name order.
    public var data: [String: String]

    /// Creates a shape from its geometry and paint, with an optional class name and `data-*` attributes.
    public init(_ geometry: FigureGeometry, paint: Paint, className: String? = nil, data: [String: String] = [:]) {
        self.geometry = geometry
        self.paint = paint
        self.className = className
        self.data = data
    }
}

/// The geometries a figure draws.
public enum FigureGeometry: Sendable, Equatable {
    /// A rectangle, its corners rounded by `cornerRadius` (0 for square corners).
    case rect(FigureRect, cornerRadius: Double)
    /// A straight line from `from` to `to`.
    case line(from: FigurePoint, to: FigurePoint)
    /// An open path through the points.
    case polyline([FigurePoint])
    /// A closed path through the points.
    case polygon([FigurePoint])
    /// Separate straight segments in one path, such as an outline made of cell edges.
    case segments([(FigurePoint, FigurePoint)])
    /// A line from `from` to `to` ending in a filled head `headLength` long (in the stroke
    /// colour).
    case arrow(from: FigurePoint, to: FigurePoint, headLength: Double)
    /// A circle around `centre` with a radius of `radius` figure units.
    case circle(centre: FigurePoint, radius: Double)

    public static func == (a: FigureGeometry, b: FigureGeometry) -> Bool {
        switch (a, b) {
        case (.rect(let r1, let c1), .rect(let r2, let c2)): r1 == r2 && c1 == c2
        case (.line(let a1, let b1), .line(let a2, let b2)): a1 == a2 && b1 == b2
        case (.polyline(let p1), .polyline(let p2)), (.polygon(let p1), .polygon(let p2)): p1 == p2
        case (.segments(let s1), .segments(let s2)):
            s1.map(\.0) == s2.map(\.0) && s1.map(\.1) == s2.map(\.1)
        case (.arrow(let f1, let t1, let h1), .arrow(let f2, let t2, let h2)): f1 == f2 && t1 == t2 && h1 == h2
        case (.circle(let c1, let r1), .circle(let c2, let r2)): c1 == c2 && r1 == r2
        default: false
        }
    }
}

/// Text at a point: `anchor` says whether the point is the text's start, middle or end,
/// and the point is on the baseline.
public struct FigureText: Sendable, Equatable {
    /// Which point of the text its position is, as SVG's `text-anchor`.
    public enum Anchor: String, Sendable {
        /// The position is where the text starts.
        case start
        /// The position is the text's horizontal centre.
        case middle
        /// The position is where the text ends.
        case end
    }

    /// The font weight.
    public enum Weight: String, Sendable {
        /// Regular text.
        case normal
        /// Bold text, for titles.
        case bold
    }

    /// The text shown.
    public var text: String
    /// Where the text is anchored, on its baseline.
    public var position: FigurePoint
    /// Whether `position` is the text's start, middle or end.
    public var anchor: Anchor
    /// Font size in figure units.
    public var size: Double
    /// Regular or bold.
    public var weight: Weight
    /// The text's fill colour.
    public var colour: Colour
    /// Degrees clockwise about `position` (-90 for a y-axis title).
    public var rotation: Double
    /// A class name tests and style sheets can select.
    public var className: String?

    /// Creates text at `position`; a 12-unit, regular, black, unrotated label by default.
    public init(
        _ text: String, at position: FigurePoint, anchor: Anchor = .start, size: Double = 12,
        weight: Weight = .normal, colour: Colour = .black, rotation: Double = 0, className: String? = nil
    ) {
        self.text = text
        self.position = position
        self.anchor = anchor
        self.size = size
        self.weight = weight
        self.colour = colour
        self.rotation = rotation
        self.className = className
    }

    /// The width the text takes in DejaVu Sans (the first font of the figures' font stack),
    /// at `size`, regular or bold, for layout before the text is drawn.
    public static func estimatedWidth(_ text: String, size: Double, weight: Weight = .normal) -> Double {
        DejaVuSansMetrics.width(text, size: size, bold: weight == .bold)
    }

    /// The box the text takes in DejaVu Sans, from its ascenders to its descenders, turned
    /// with it: what must lie inside the canvas and clear of every other text.
    public var extent: FigureRect {
        let width = Self.estimatedWidth(text, size: size, weight: weight)
        let start = anchor == .start ? 0 : (anchor == .middle ? -width / 2 : -width)
        let corners = [
            (start, -DejaVuSansMetrics.ascent * size), (start + width, -DejaVuSansMetrics.ascent * size),
            (start, DejaVuSansMetrics.descent * size), (start + width, DejaVuSansMetrics.descent * size),
        ]
        let angle = (rotation.isFinite ? rotation : 0) * Double.pi / 180
        let (cosine, sine) = (cos(angle), sin(angle))
        let points = corners.map { x, y in
            FigurePoint(x: position.x + x * cosine - y * sine, y: position.y + x * sine + y * cosine)
        }
        return FigureRect(
            x0: points.map(\.x).min()!, y0: points.map(\.y).min()!, x1: points.map(\.x).max()!,
            y1: points.map(\.y).max()!)
    }
}
