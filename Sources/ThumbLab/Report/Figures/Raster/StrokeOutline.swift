import Foundation

/// The outlines that a stroked path covers, as closed polygons to fill with the non-zero
/// rule: one rectangle per segment and a disc at each inner vertex of an open path (round
/// joins), every polygon turned the same way so that overlaps add up instead of cancelling.
enum StrokeOutline {
    /// How an open path's ends are drawn.
    enum Cap {
        /// The stroke stops at the end point (SVG's default).
        case butt
        /// The stroke goes on half its width past the end point.
        case square
    }

    /// The outlines of a stroke `width` wide along `points`; `closed` joins the last point
    /// to the first, with square corners where the sides meet at right angles. `dash`
    /// lengths (alternately drawn and skipped, repeated) split the path first.
    static func outlines(
        _ points: [FigurePoint], width: Double, closed: Bool, cap: Cap = .butt, dash: [Double] = []
    ) -> [[FigurePoint]] {
        guard width > 0, width.isFinite, points.count >= 2 else { return [] }
        let path = closed ? points + [points[0]] : points
        let pattern = dash.filter { $0.isFinite && $0 >= 0 }
        let pieces =
            pattern.isEmpty || pattern.reduce(0, +) <= 0 ? [path] : dashed(path, pattern: pattern)
        let half = width / 2
        var out: [[FigurePoint]] = []
        for piece in pieces {
            for index in 0..<(piece.count - 1) {
                let extend = closed && pieces.count == 1 ? half : (cap == .square ? half : 0)
                if let quad = segment(piece[index], piece[index + 1], half: half, extend: extend) {
                    out.append(quad)
                }
                if !closed, index > 0 { out.append(disc(centre: piece[index], radius: half)) }
            }
        }
        return out
    }

    /// A segment's rectangle, `half` to each side and `extend` past each end; `nil` for a
    /// segment of no length.
    static func segment(_ a: FigurePoint, _ b: FigurePoint, half: Double, extend: Double) -> [FigurePoint]? {
        let dx = b.x - a.x
        let dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0, length.isFinite else { return nil }
        let ux = dx / length
        let uy = dy / length
        let start = FigurePoint(x: a.x - ux * extend, y: a.y - uy * extend)
        let end = FigurePoint(x: b.x + ux * extend, y: b.y + uy * extend)
        let nx = -uy * half
        let ny = ux * half
        return oriented([
            FigurePoint(x: start.x + nx, y: start.y + ny), FigurePoint(x: end.x + nx, y: end.y + ny),
            FigurePoint(x: end.x - nx, y: end.y - ny), FigurePoint(x: start.x - nx, y: start.y - ny),
        ])
    }

    /// A circle as a polygon fine enough that no side strays a tenth of a pixel from it.
    static func disc(centre: FigurePoint, radius: Double) -> [FigurePoint] {
        guard radius > 0, radius.isFinite else { return [] }
        let exact = (Double.pi / acos(max(1 - 0.1 / radius, -1))).rounded(.up)
        let sides = exact.isFinite ? Int(min(max(exact, 8), 720)) : 720
        return (0..<sides).map { step in
            let angle = 2 * Double.pi * Double(step) / Double(sides)
            return FigurePoint(x: centre.x + radius * cos(angle), y: centre.y + radius * sin(angle))
        }
    }

    /// The polygon turned so that its signed area (y down) is positive.
    static func oriented(_ polygon: [FigurePoint]) -> [FigurePoint] {
        var area = 0.0
        for (index, a) in polygon.enumerated() {
            let b = polygon[(index + 1) % polygon.count]
            area += a.x * b.y - b.x * a.y
        }
        return area < 0 ? polygon.reversed() : polygon
    }

    /// The drawn pieces of a path under a dash pattern that starts at its first point.
    static func dashed(_ path: [FigurePoint], pattern: [Double]) -> [[FigurePoint]] {
        let lengths = pattern.count % 2 == 0 ? pattern : pattern + pattern
        var pieces: [[FigurePoint]] = []
        var current: [FigurePoint] = []
        var dashIndex = 0
        var remaining = lengths[0]
        var drawing = true
        for index in 0..<(path.count - 1) {
            var a = path[index]
            let b = path[index + 1]
            var left = hypot(b.x - a.x, b.y - a.y)
            guard left.isFinite else { continue }
            if drawing && current.isEmpty { current = [a] }
            while left > remaining {
                let t = remaining / left
                let cut = FigurePoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
                if drawing {
                    current.append(cut)
                    pieces.append(current)
                    current = []
                } else {
                    current = [cut]
                }
                left -= remaining
                a = cut
                drawing.toggle()
                dashIndex = (dashIndex + 1) % lengths.count
                remaining = lengths[dashIndex]
                if pieces.count > 100_000 { return pieces }
            }
            remaining -= left
            if drawing { current.append(b) }
        }
        if drawing, current.count >= 2 { pieces.append(current) }
        return pieces
    }
}
