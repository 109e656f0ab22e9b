/// How a path's inside is decided where its outlines overlap or cross.
enum FillRule: Sendable {
    /// Inside where the outlines wind around the point a non-zero number of times (SVG's default).
    case nonZero
    /// Inside where a ray from the point crosses the outlines an odd number of times.
    case evenOdd
}

/// How much of each pixel a filled path covers, 0 to 1, over the path's bounding box
/// clipped to the image. Anti-aliased by scanning four sub-rows per pixel row and taking
/// the exact horizontal extent of each span, so that an axis-aligned edge on a pixel
/// boundary stays sharp and one across a pixel covers it in proportion.
struct CoverageMask {
    /// The box the mask covers, in pixels.
    let minX: Int
    let minY: Int
    let width: Int
    let height: Int
    private var values: [Float]

    static let subRows = 4

    /// The coverage of pixel (`x`, `y`) of the image; 0 outside the box.
    func coverage(x: Int, y: Int) -> Double {
        let column = x - minX
        let row = y - minY
        guard column >= 0, row >= 0, column < width, row < height else { return 0 }
        return Double(min(values[row * width + column], 1))
    }

    /// The coverage of closed outlines (each implicitly closed) in pixel coordinates,
    /// clipped to an image of `imageWidth` x `imageHeight`; non-finite points count as 0.
    init(filling outlines: [[FigurePoint]], rule: FillRule, imageWidth: Int, imageHeight: Int) {
        var edges: [(x0: Double, y0: Double, x1: Double, y1: Double, winding: Int)] = []
        var bounds = (minX: Double.infinity, minY: Double.infinity, maxX: -Double.infinity, maxY: -Double.infinity)
        for outline in outlines where outline.count >= 3 {
            let points = outline.map { FigurePoint(x: $0.x.isFinite ? $0.x : 0, y: $0.y.isFinite ? $0.y : 0) }
            for (index, a) in points.enumerated() {
                let b = points[(index + 1) % points.count]
                bounds = (min(bounds.minX, a.x), min(bounds.minY, a.y), max(bounds.maxX, a.x), max(bounds.maxY, a.y))
                guard a.y != b.y else { continue }
                edges.append(
                    a.y < b.y ? (a.x, a.y, b.x, b.y, 1) : (b.x, b.y, a.x, a.y, -1))
            }
        }
        if edges.isEmpty { bounds = (0, 0, 0, 0) }
        func clamp(_ value: Double, _ limit: Int) -> Double { min(max(value, -1), Double(limit) + 1) }
        let left = max(0, Int(clamp(bounds.minX, imageWidth).rounded(.down)))
        let top = max(0, Int(clamp(bounds.minY, imageHeight).rounded(.down)))
        let right = min(imageWidth, Int(clamp(bounds.maxX, imageWidth).rounded(.up)))
        let bottom = min(imageHeight, Int(clamp(bounds.maxY, imageHeight).rounded(.up)))
        minX = left
        minY = top
        width = max(right - left, 0)
        height = max(bottom - top, 0)
        values = [Float](repeating: 0, count: width * height)
        guard width > 0, height > 0 else { return }
        let weight = 1 / Double(Self.subRows)
        var crossings: [(x: Double, winding: Int)] = []
        for row in 0..<height {
            let pixelTop = Double(top + row)
            let rowEdges = edges.filter { $0.y0 < pixelTop + 1 && $0.y1 > pixelTop }
            guard !rowEdges.isEmpty else { continue }
            for sub in 0..<Self.subRows {
                let y = pixelTop + (Double(sub) + 0.5) * weight
                crossings.removeAll(keepingCapacity: true)
                for edge in rowEdges where edge.y0 <= y && y < edge.y1 {
                    let t = (y - edge.y0) / (edge.y1 - edge.y0)
                    crossings.append((edge.x0 + (edge.x1 - edge.x0) * t, edge.winding))
                }
                crossings.sort { $0.x < $1.x }
                var winding = 0
                for (index, crossing) in crossings.enumerated() {
                    winding += crossing.winding
                    let inside = rule == .nonZero ? winding != 0 : winding % 2 != 0
                    guard inside, index + 1 < crossings.count else { continue }
                    addSpan(from: crossing.x, to: crossings[index + 1].x, row: row, weight: weight)
                }
            }
        }
    }

    /// Adds `weight` times the part of each pixel of `row` that lies between `start` and `end`.
    private mutating func addSpan(from start: Double, to end: Double, row: Int, weight: Double) {
        let a = max(start - Double(minX), 0)
        let b = min(end - Double(minX), Double(width))
        guard b > a else { return }
        let first = Int(a.rounded(.down))
        let last = min(Int(b.rounded(.up)) - 1, width - 1)
        guard first <= last else { return }
        for column in first...last {
            let overlap = min(b, Double(column + 1)) - max(a, Double(column))
            if overlap > 0 { values[row * width + column] += Float(overlap * weight) }
        }
    }
}
