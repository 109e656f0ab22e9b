import Foundation

/// What one ``FigureShape`` paints, in pixels: the outlines its fill covers and the
/// outlines its stroke covers, drawn as ``SVGWriter`` writes the shape (a segments path
/// with square caps, an arrow as a line and a head in the stroke colour).
struct ShapeOutline {
    var fill: [[FigurePoint]] = []
    var stroke: [[FigurePoint]] = []
    /// The arrow head, filled in the stroke colour.
    var head: [FigurePoint] = []

    /// The outlines of `shape` with figure units multiplied by `scale`.
    init(_ shape: FigureShape, scale: Double) {
        func device(_ point: FigurePoint) -> FigurePoint {
            FigurePoint(x: (point.x.isFinite ? point.x : 0) * scale, y: (point.y.isFinite ? point.y : 0) * scale)
        }
        let paint = shape.paint
        let strokeWidth = paint.stroke == nil ? 0 : paint.strokeWidth * scale
        let dash = paint.dash.map { $0 * scale }
        switch shape.geometry {
        case .rect(let rect, let radius):
            let r = FigureRect(
                x: rect.x * scale, y: rect.y * scale, width: max(rect.width, 0) * scale,
                height: max(rect.height, 0) * scale)
            guard r.isFinite, r.width > 0, r.height > 0 else { return }
            let outline = Self.roundedRect(r, radius: radius.isFinite ? max(radius, 0) * scale : 0)
            fill = [outline]
            stroke = StrokeOutline.outlines(outline, width: strokeWidth, closed: true, dash: dash)
        case .line(let from, let to):
            stroke = StrokeOutline.outlines([device(from), device(to)], width: strokeWidth, closed: false, dash: dash)
        case .polyline(let points):
            let path = points.map(device)
            fill = [path]
            stroke = StrokeOutline.outlines(path, width: strokeWidth, closed: false, dash: dash)
        case .polygon(let points):
            let path = points.map(device)
            fill = [path]
            stroke = StrokeOutline.outlines(path, width: strokeWidth, closed: true, dash: dash)
        case .segments(let segments):
            stroke = segments.flatMap { segment in
                StrokeOutline.outlines(
                    [device(segment.0), device(segment.1)], width: strokeWidth, closed: false, cap: .square,
                    dash: dash)
            }
        case .circle(let centre, let radius):
            guard radius.isFinite, radius > 0 else { return }
            let outline = StrokeOutline.disc(centre: device(centre), radius: radius * scale)
            fill = [outline]
            stroke = StrokeOutline.outlines(outline, width: strokeWidth, closed: true, dash: dash)
        case .arrow(let from, let to, let headLength):
            let (start, end) = (device(from), device(to))
            stroke = StrokeOutline.outlines([start, end], width: paint.strokeWidth * scale, closed: false)
            head = Self.arrowHead(from: start, to: end, headLength: headLength * scale)
        }
    }

    /// A rectangle with corners rounded by `radius` (at most half its shorter side), as
    /// SVG's `rx` draws them.
    static func roundedRect(_ rect: FigureRect, radius: Double) -> [FigurePoint] {
        let r = min(radius, rect.width / 2, rect.height / 2)
        guard r > 0 else {
            return [
                FigurePoint(x: rect.x, y: rect.y), FigurePoint(x: rect.maxX, y: rect.y),
                FigurePoint(x: rect.maxX, y: rect.maxY), FigurePoint(x: rect.x, y: rect.maxY),
            ]
        }
        let steps = Int(min(max(r.rounded(.up) * 2, 4), 90))
        let corners = [
            (FigurePoint(x: rect.maxX - r, y: rect.y + r), -Double.pi / 2),
            (FigurePoint(x: rect.maxX - r, y: rect.maxY - r), 0),
            (FigurePoint(x: rect.x + r, y: rect.maxY - r), Double.pi / 2),
            (FigurePoint(x: rect.x + r, y: rect.y + r), Double.pi),
        ]
        return corners.flatMap { centre, start in
            (0...steps).map { step in
                let angle = start + Double.pi / 2 * Double(step) / Double(steps)
                return FigurePoint(x: centre.x + r * cos(angle), y: centre.y + r * sin(angle))
            }
        }
    }

    /// The arrow's head: a triangle `headLength` long (at most 0.6 of the arrow) and 0.9
    /// of that wide, its tip at `to`, as ``SVGWriter`` draws it.
    static func arrowHead(from: FigurePoint, to: FigurePoint, headLength: Double) -> [FigurePoint] {
        let dx = to.x - from.x
        let dy = to.y - from.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0, length.isFinite, headLength.isFinite else { return [] }
        let head = min(headLength, length * 0.6)
        let ux = dx / length
        let uy = dy / length
        let base = FigurePoint(x: to.x - ux * head, y: to.y - uy * head)
        let half = head * 0.45
        return [
            to, FigurePoint(x: base.x - uy * half, y: base.y + ux * half),
            FigurePoint(x: base.x + uy * half, y: base.y - ux * half),
        ]
    }
}
