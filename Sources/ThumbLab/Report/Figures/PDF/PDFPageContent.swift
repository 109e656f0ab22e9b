import Foundation

/// The page description of a ``Figure`` in PDF's content-stream operators (ISO 32000-1,
/// §8 and §9): shapes as paths, text as glyphs of the embedded DejaVu Sans
/// (``EmbeddedFont``), in the figure's painting order,
/// inside one marked-content sequence that the structure tree names a figure.
///
/// Coordinates stay in figure units, y down: the stream starts with a matrix that maps them
/// onto the page, 0.75 points per unit (one SVG unit is one CSS pixel, 1/96 inch).
struct PDFPageContent {
    /// Points per figure unit.
    static let pointsPerUnit = 0.75
    /// Bézier handle length, as a fraction of the radius, of a quarter circle.
    private static let circleHandle = 0.552_284_749_8

    /// The operators, one statement per line.
    private(set) var stream = ""
    /// The opacities that need a graphics state, each named `/GS` and its index.
    private(set) var opacities: [String] = []
    /// Whether a shape is filled with the hatch pattern `/Hatch`.
    private(set) var usesHatch = false
    /// The glyphs of regular text drawn (`/F1`), each with the character it draws.
    private(set) var regularGlyphs: [UInt16: String] = [:]
    /// The glyphs of bold text drawn (`/F2`).
    private(set) var boldGlyphs: [UInt16: String] = [:]

    init(_ figure: Figure) {
        let scale = SVGWriter.number(Self.pointsPerUnit)
        stream += "q \(scale) 0 0 -\(scale) 0 \(SVGWriter.number(figure.height * Self.pointsPerUnit)) cm 4 M\n"
        stream += "/Figure <</MCID 0>> BDC\n"
        stream += "1 1 1 rg 0 0 \(SVGWriter.number(figure.width)) \(SVGWriter.number(figure.height)) re f\n"
        for element in figure.elements { add(element) }
        stream += "EMC\nQ\n"
    }

    private mutating func add(_ element: FigureElement) {
        switch element {
        case .group(let group): for child in group.elements { add(child) }
        case .text(let text): add(text)
        case .shape(let shape): add(shape)
        }
    }

    private mutating func add(_ shape: FigureShape) {
        stream += "q"
        let paint = shape.paint
        if paint.opacity < 1 { stream += " \(graphicsState(opacity: paint.opacity)) gs" }
        switch shape.geometry {
        case .arrow(let from, let to, let headLength):
            let colour = paint.stroke ?? .black
            stream += " \(Self.colour(colour)) RG \(Self.colour(colour)) rg \(Self.number(paint.strokeWidth)) w"
            stream += " \(Self.point(from)) m \(Self.point(to)) l S"
            if let head = Self.arrowHead(from: from, to: to, length: headLength) {
                stream += " " + Self.path(head, closed: true) + " f"
            }
        default:
            stream += paintState(paint)
            if case .segments = shape.geometry { stream += " 2 J" }
            stream += " " + Self.path(shape.geometry) + " " + Self.paintOperator(paint)
        }
        stream += " Q\n"
    }

    private mutating func add(_ text: FigureText) {
        let bold = text.weight == .bold
        let font = bold ? EmbeddedFont.bold : EmbeddedFont.regular
        let (glyphs, exact) = font.glyphs(text.text)
        let width = font.width(glyphs, size: text.size)
        let shift = text.anchor == .start ? 0 : (text.anchor == .middle ? width / 2 : width)
        let angle = (text.rotation.isFinite ? text.rotation : 0) * Double.pi / 180
        let (cosine, sine) = (cos(angle), sin(angle))
        let origin = FigurePoint(x: text.position.x - shift * cosine, y: text.position.y - shift * sine)
        let size = text.size
        let matrix = [size * cosine, size * sine, size * sine, -size * cosine, origin.x, origin.y]
        for (glyph, scalar) in zip(glyphs, text.text.unicodeScalars) where glyph != 0 {
            if bold { boldGlyphs[glyph] = boldGlyphs[glyph] ?? String(scalar) } else {
                regularGlyphs[glyph] = regularGlyphs[glyph] ?? String(scalar)
            }
        }
        if !exact { stream += "/Span <</ActualText \(PDFStrings.text(text.text))>> BDC\n" }
        stream += "BT \(Self.colour(text.colour)) rg /\(bold ? "F2" : "F1") 1 Tf"
        stream += " \(matrix.map(Self.number).joined(separator: " ")) Tm \(PDFStrings.glyphs(glyphs)) Tj ET\n"
        if !exact { stream += "EMC\n" }
    }

    private mutating func graphicsState(opacity: Double) -> String {
        let value = Self.fraction(max(opacity, 0))
        if let index = opacities.firstIndex(of: value) { return "/GS\(index)" }
        opacities.append(value)
        return "/GS\(opacities.count - 1)"
    }

    private mutating func paintState(_ paint: Paint) -> String {
        var state = ""
        switch paint.fill {
        case .none: break
        case .colour(let colour): state += " \(Self.colour(colour)) rg"
        case .hatch:
            usesHatch = true
            state += " /Pattern cs /Hatch scn"
        }
        if let stroke = paint.stroke {
            state += " \(Self.colour(stroke)) RG \(Self.number(paint.strokeWidth)) w"
            if !paint.dash.isEmpty { state += " [\(paint.dash.map(Self.number).joined(separator: " "))] 0 d" }
        }
        return state
    }

    /// `B` (fill, then stroke), `f`, `S` or `n` (nothing painted), as SVG paints a shape.
    private static func paintOperator(_ paint: Paint) -> String {
        switch (paint.fill != .none, paint.stroke != nil) {
        case (true, true): "B"
        case (true, false): "f"
        case (false, true): "S"
        case (false, false): "n"
        }
    }

    private static func path(_ geometry: FigureGeometry) -> String {
        switch geometry {
        case .rect(let rect, let radius):
            return roundedRectangle(rect, radius: radius)
        case .line(let from, let to):
            return "\(point(from)) m \(point(to)) l"
        case .polyline(let points):
            return path(points, closed: false)
        case .polygon(let points):
            return path(points, closed: true)
        case .segments(let segments):
            return segments.map { "\(point($0.0)) m \(point($0.1)) l" }.joined(separator: " ")
        case .circle(let centre, let radius):
            return circle(centre: centre, radius: max(radius, 0))
        case .arrow(let from, let to, _):
            return "\(point(from)) m \(point(to)) l"
        }
    }

    private static func path(_ points: [FigurePoint], closed: Bool) -> String {
        guard let first = points.first else { return "" }
        var out = "\(point(first)) m"
        for next in points.dropFirst() { out += " \(point(next)) l" }
        return closed ? out + " h" : out
    }

    private static func roundedRectangle(_ rect: FigureRect, radius: Double) -> String {
        let width = max(rect.width, 0)
        let height = max(rect.height, 0)
        let r = min(max(radius, 0), width / 2, height / 2)
        guard r > 0 else { return "\(number(rect.x)) \(number(rect.y)) \(number(width)) \(number(height)) re" }
        let k = r * circleHandle
        let (left, top, right, bottom) = (rect.x, rect.y, rect.x + width, rect.y + height)
        func p(_ x: Double, _ y: Double) -> String { point(FigurePoint(x: x, y: y)) }
        return "\(p(left + r, top)) m \(p(right - r, top)) l"
            + " \(p(right - r + k, top)) \(p(right, top + r - k)) \(p(right, top + r)) c \(p(right, bottom - r)) l"
            + " \(p(right, bottom - r + k)) \(p(right - r + k, bottom)) \(p(right - r, bottom)) c \(p(left + r, bottom)) l"
            + " \(p(left + r - k, bottom)) \(p(left, bottom - r + k)) \(p(left, bottom - r)) c \(p(left, top + r)) l"
            + " \(p(left, top + r - k)) \(p(left + r - k, top)) \(p(left + r, top)) c h"
    }

    private static func circle(centre c: FigurePoint, radius r: Double) -> String {
        let k = r * circleHandle
        func p(_ dx: Double, _ dy: Double) -> String { point(FigurePoint(x: c.x + dx, y: c.y + dy)) }
        return "\(p(r, 0)) m \(p(r, k)) \(p(k, r)) \(p(0, r)) c \(p(-k, r)) \(p(-r, k)) \(p(-r, 0)) c"
            + " \(p(-r, -k)) \(p(-k, -r)) \(p(0, -r)) c \(p(k, -r)) \(p(r, -k)) \(p(r, 0)) c h"
    }

    /// The filled head of an arrow as ``SVGWriter`` draws it: 0.6 of the length at most,
    /// 0.45 of the head's length to each side.
    private static func arrowHead(from: FigurePoint, to: FigurePoint, length headLength: Double) -> [FigurePoint]? {
        let dx = to.x - from.x
        let dy = to.y - from.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0, length.isFinite else { return nil }
        let head = min(headLength, length * 0.6)
        let (ux, uy) = (dx / length, dy / length)
        let base = FigurePoint(x: to.x - ux * head, y: to.y - uy * head)
        let half = head * 0.45
        return [
            to, FigurePoint(x: base.x - uy * half, y: base.y + ux * half),
            FigurePoint(x: base.x + uy * half, y: base.y - ux * half),
        ]
    }

    private static func point(_ point: FigurePoint) -> String { "\(number(point.x)) \(number(point.y))" }

    /// A coordinate as ``SVGWriter`` writes it (0.01 units, no exponent, no locale).
    static func number(_ value: Double) -> String { SVGWriter.number(value) }

    /// A colour's three components, each to 1/1000.
    static func colour(_ colour: Colour) -> String {
        let (red, green, blue) = colour.bytes
        return [red, green, blue].map { fraction(Double($0) / 255) }.joined(separator: " ")
    }

    /// A number from 0 to 1 to three decimals, in the shortest form (`0`, `1`, `0.5`, `0.902`).
    static func fraction(_ value: Double) -> String {
        let thousandths = Int((min(max(value.isFinite ? value : 0, 0), 1) * 1000).rounded())
        if thousandths == 1000 { return "1" }
        if thousandths == 0 { return "0" }
        var digits = String(thousandths)
        digits = String(repeating: "0", count: 3 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "0." + digits
    }
}
