/// Writes a ``Figure`` as a standalone SVG 1.1 document: an XML declaration, then
/// `<svg>` with its size, `viewBox`, `role="img"` and `aria-labelledby` naming its
/// `<title>` and `<desc>`, which come first. Text is XML-escaped, numbers are written in
/// the shortest form at 0.01-unit precision without any locale, and the same figure
/// always gives the same bytes.
public enum SVGWriter: MarkupEscaping {
    /// The font stack every text uses: what librsvg, browsers and Inkscape find on most systems.
    public static let fontFamily = "DejaVu Sans, Helvetica, Arial, sans-serif"

    /// The document, ending with a newline.
    public static func document(_ figure: Figure) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + svgElement(figure, id: "figure")
    }

    /// The `<svg>` element alone, to place inside an HTML page: its `<title>`, `<desc>`
    /// and hatch pattern carry ids that start with `id`, so that several figures can share
    /// one page.
    public static func inline(_ figure: Figure, id: String) -> String {
        svgElement(figure, id: id)
    }

    private static func svgElement(_ figure: Figure, id: String) -> String {
        let size = "width=\"\(number(figure.width))\" height=\"\(number(figure.height))\""
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" \(size)"
        out += " viewBox=\"0 0 \(number(figure.width)) \(number(figure.height))\""
        out += " role=\"img\" aria-labelledby=\"\(escape(id))-title \(escape(id))-desc\""
        out += " font-family=\"\(escape(fontFamily))\">\n"
        out += "<title id=\"\(escape(id))-title\">\(escape(figure.title))</title>\n"
        out += "<desc id=\"\(escape(id))-desc\">\(escape(figure.description))</desc>\n"
        let hatch = id == "figure" ? "hatch" : "\(id)-hatch"
        if usesHatch(figure.elements) {
            out += "<defs><pattern id=\"\(escape(hatch))\" patternUnits=\"userSpaceOnUse\" width=\"6\" height=\"6\">"
            out += "<rect width=\"6\" height=\"6\" fill=\"#e6e6e6\"/>"
            out += "<path d=\"M-1 1L1 -1M0 6L6 0M5 7L7 5\" stroke=\"#8c8c8c\" stroke-width=\"1\"/>"
            out += "</pattern></defs>\n"
        }
        out += "<rect class=\"background\" width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
        for element in figure.elements { write(element, into: &out, depth: 0, hatch: hatch) }
        return out + "</svg>\n"
    }

    private static func usesHatch(_ elements: [FigureElement]) -> Bool {
        elements.contains { element in
            switch element {
            case .shape(let shape): shape.paint.fill == .hatch
            case .text: false
            case .group(let group): usesHatch(group.elements)
            }
        }
    }

    private static func write(_ element: FigureElement, into out: inout String, depth: Int, hatch: String) {
        let indent = String(repeating: " ", count: depth)
        switch element {
        case .group(let group):
            var attributes = ""
            if let className = group.className { attributes += " class=\"\(escape(className))\"" }
            if let label = group.label { attributes += " role=\"group\" aria-label=\"\(escape(label))\"" }
            out += "\(indent)<g\(attributes)>\n"
            for child in group.elements { write(child, into: &out, depth: depth + 1, hatch: hatch) }
            out += "\(indent)</g>\n"
        case .text(let text):
            out += indent + textElement(text) + "\n"
        case .shape(let shape):
            out += indent + shapeElement(shape, hatch: hatch) + "\n"
        }
    }

    private static func textElement(_ text: FigureText) -> String {
        var attributes = "x=\"\(number(text.position.x))\" y=\"\(number(text.position.y))\""
        attributes += " font-size=\"\(number(text.size))\""
        if text.anchor != .start { attributes += " text-anchor=\"\(text.anchor.rawValue)\"" }
        if text.weight != .normal { attributes += " font-weight=\"\(text.weight.rawValue)\"" }
        if text.colour != .black { attributes += " fill=\"\(text.colour.hex)\"" }
        if text.rotation != 0, text.rotation.isFinite {
            attributes +=
                " transform=\"rotate(\(number(text.rotation)) \(number(text.position.x)) \(number(text.position.y)))\""
        }
        if let className = text.className { attributes = "class=\"\(escape(className))\" " + attributes }
        return "<text \(attributes)>\(escape(text.text))</text>"
    }

    private static func shapeElement(_ shape: FigureShape, hatch: String) -> String {
        var common = ""
        if let className = shape.className { common += " class=\"\(escape(className))\"" }
        for key in shape.data.keys.sorted() {
            common += " data-\(escape(key))=\"\(escape(shape.data[key] ?? ""))\""
        }
        let paint = paintAttributes(shape.paint, hatch: hatch)
        switch shape.geometry {
        case .rect(let rect, let radius):
            var geometry =
                "x=\"\(number(rect.x))\" y=\"\(number(rect.y))\" width=\"\(number(max(rect.width, 0)))\""
                + " height=\"\(number(max(rect.height, 0)))\""
            if radius > 0 { geometry += " rx=\"\(number(radius))\"" }
            return "<rect\(common) \(geometry)\(paint)/>"
        case .line(let from, let to):
            return "<line\(common) x1=\"\(number(from.x))\" y1=\"\(number(from.y))\" x2=\"\(number(to.x))\""
                + " y2=\"\(number(to.y))\"\(paint)/>"
        case .polyline(let points):
            return "<polyline\(common) points=\"\(pointList(points))\"\(paint)/>"
        case .polygon(let points):
            return "<polygon\(common) points=\"\(pointList(points))\"\(paint)/>"
        case .segments(let segments):
            let path = segments.map { "M\(pair($0.0))L\(pair($0.1))" }.joined()
            return "<path\(common) d=\"\(path)\"\(paint) stroke-linecap=\"square\"/>"
        case .circle(let centre, let radius):
            return "<circle\(common) cx=\"\(number(centre.x))\" cy=\"\(number(centre.y))\""
                + " r=\"\(number(max(radius, 0)))\"\(paint)/>"
        case .arrow(let from, let to, let headLength):
            return arrow(from: from, to: to, headLength: headLength, paint: shape.paint, common: common)
        }
    }

    /// A line and a filled triangular head (30 degrees each side), in one group that
    /// carries the class and data attributes.
    private static func arrow(
        from: FigurePoint, to: FigurePoint, headLength: Double, paint: Paint, common: String
    ) -> String {
        let colour = (paint.stroke ?? .black).hex
        let dx = to.x - from.x
        let dy = to.y - from.y
        let length = (dx * dx + dy * dy).squareRoot()
        var body = "<line x1=\"\(number(from.x))\" y1=\"\(number(from.y))\" x2=\"\(number(to.x))\""
        body += " y2=\"\(number(to.y))\" stroke=\"\(colour)\" stroke-width=\"\(number(paint.strokeWidth))\"/>"
        if length > 0, length.isFinite {
            let head = min(headLength, length * 0.6)
            let ux = dx / length
            let uy = dy / length
            let base = FigurePoint(x: to.x - ux * head, y: to.y - uy * head)
            let half = head * 0.45
            let left = FigurePoint(x: base.x - uy * half, y: base.y + ux * half)
            let right = FigurePoint(x: base.x + uy * half, y: base.y - ux * half)
            body += "<polygon points=\"\(pointList([to, left, right]))\" fill=\"\(colour)\"/>"
        }
        return "<g\(common)>\(body)</g>"
    }

    private static func paintAttributes(_ paint: Paint, hatch: String) -> String {
        var out: String
        switch paint.fill {
        case .none: out = " fill=\"none\""
        case .colour(let colour): out = " fill=\"\(colour.hex)\""
        case .hatch: out = " fill=\"url(#\(escape(hatch)))\""
        }
        if let stroke = paint.stroke {
            out += " stroke=\"\(stroke.hex)\" stroke-width=\"\(number(paint.strokeWidth))\""
            if !paint.dash.isEmpty { out += " stroke-dasharray=\"\(paint.dash.map(number).joined(separator: " "))\"" }
        }
        if paint.opacity < 1 { out += " opacity=\"\(number(max(paint.opacity, 0)))\"" }
        return out
    }

    private static func pair(_ point: FigurePoint) -> String { "\(number(point.x)) \(number(point.y))" }

    private static func pointList(_ points: [FigurePoint]) -> String {
        points.map { "\(number($0.x)),\(number($0.y))" }.joined(separator: " ")
    }

    /// A coordinate rounded to 0.01 and written in the shortest form (`12`, `12.5`,
    /// `-0.25`), never with a locale's separators or an exponent; non-finite values as `0`.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let hundredths = (value * 100).rounded()
        guard abs(hundredths) < 1e15 else { return value < 0 ? "-10000000000000" : "10000000000000" }
        let whole = Int(hundredths)
        if whole == 0 { return "0" }
        let sign = whole < 0 ? "-" : ""
        let magnitude = abs(whole)
        let integer = magnitude / 100
        let fraction = magnitude % 100
        if fraction == 0 { return "\(sign)\(integer)" }
        let digits = fraction < 10 ? "0\(fraction)" : (fraction % 10 == 0 ? "\(fraction / 10)" : "\(fraction)")
        return "\(sign)\(integer).\(digits)"
    }
}
