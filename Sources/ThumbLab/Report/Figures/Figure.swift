/// A drawing in a coordinate space of `width` x `height` units (SVG user units, 1 unit =
/// 1 CSS px), y pointing down: shapes and text in painting order, with a title and a
/// description for readers who cannot see it. ``SVGWriter`` turns it into a document.
public struct Figure: Sendable, Equatable {
    public var width: Double
    public var height: Double
    /// What the figure shows, in one line; the SVG `<title>`.
    public var title: String
    /// What a sighted reader would take from it, in a sentence or two; the SVG `<desc>`.
    public var description: String
    /// Painted in order: later elements cover earlier ones.
    public var elements: [FigureElement]

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
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// An axis-aligned rectangle in figure (or screen) units, y down.
public struct FigureRect: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

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

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var centre: FigurePoint { FigurePoint(x: x + width / 2, y: y + height / 2) }
    /// Whether every coordinate is a finite number.
    public var isFinite: Bool { [x, y, width, height].allSatisfy(\.isFinite) }
}

/// One thing a figure paints.
public indirect enum FigureElement: Sendable, Equatable {
    case shape(FigureShape)
    case text(FigureText)
    /// Elements that belong together (a panel, a legend), with a label that screen readers
    /// announce.
    case group(FigureGroup)
}

/// A group of elements: an SVG `<g>`, with `aria-label` when `label` is given.
public struct FigureGroup: Sendable, Equatable {
    public var label: String?
    /// A class name tests and style sheets can select, such as `legend`.
    public var className: String?
    public var elements: [FigureElement]

    public init(label: String? = nil, className: String? = nil, elements: [FigureElement]) {
        self.label = label
        self.className = className
        self.elements = elements
    }
}

/// A geometric shape, how it is painted, and how it can be found again in the document.
public struct FigureShape: Sendable, Equatable {
    public var geometry: FigureGeometry
    public var paint: Paint
    /// A class name, such as `cell` or `offset-arrow`.
    public var className: String?
    /// `data-*` attributes (names without the prefix), written in name order.
    public var data: [String: String]

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
    public enum Anchor: String, Sendable { case start, middle, end }
    public enum Weight: String, Sendable { case normal, bold }

    public var text: String
    public var position: FigurePoint
    public var anchor: Anchor
    /// Font size in figure units.
    public var size: Double
    public var weight: Weight
    public var colour: Colour
    /// Degrees clockwise about `position` (-90 for a y-axis title).
    public var rotation: Double
    public var className: String?

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

    /// The width the text takes, estimated from an average glyph of 0.58 em (sans-serif
    /// digits and lower case), for layout before any font is known.
    public static func estimatedWidth(_ text: String, size: Double) -> Double {
        Double(text.count) * size * 0.58
    }
}
