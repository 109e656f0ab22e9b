import Foundation

/// The pixels of a ``FigureText`` set in ``BitmapFont``, as rectangles in image pixels
/// (one per horizontal run of set font pixels), placed by its anchor and turned by its
/// rotation about its position.
///
/// A font pixel is a tenth of the font size (so capitals stand 0.7 em tall and each
/// character advances 0.6 em, close to the sans-serif the SVG names), rounded to whole
/// image pixels so that text stays sharp; horizontal and vertical text also starts on a
/// whole pixel. Bold widens every stroke by one font pixel and advances 0.7 em.
enum TextOutline {
    /// The outlines of `text` at `scale` image pixels per figure unit.
    static func outlines(_ text: FigureText, scale: Double) -> [[FigurePoint]] {
        let size = text.size * scale
        guard size.isFinite, size > 0, !text.text.isEmpty else { return [] }
        let unit = max((size / 10).rounded(), 1)
        let bold = text.weight == .bold
        let advance = unit * Double(BitmapFont.glyphWidth + (bold ? 2 : 1))
        let characters = Array(text.text)
        let width = advance * Double(characters.count) - unit
        let origin = FigurePoint(
            x: (text.position.x.isFinite ? text.position.x : 0) * scale,
            y: (text.position.y.isFinite ? text.position.y : 0) * scale)
        var start: Double
        switch text.anchor {
        case .start: start = 0
        case .middle: start = -width / 2
        case .end: start = -width
        }
        let rotation = text.rotation.isFinite ? text.rotation : 0
        let rightAngle = rotation.truncatingRemainder(dividingBy: 90) == 0
        let pivot = rightAngle ? FigurePoint(x: origin.x.rounded(), y: origin.y.rounded()) : origin
        if rightAngle { start = start.rounded() }
        let radians = rotation * Double.pi / 180
        // Right angles turn exactly, so that pixels stay on the pixel grid.
        let cosine = rightAngle ? cos(radians).rounded() : cos(radians)
        let sine = rightAngle ? sin(radians).rounded() : sin(radians)
        func place(_ dx: Double, _ dy: Double) -> FigurePoint {
            FigurePoint(x: pivot.x + dx * cosine - dy * sine, y: pivot.y + dx * sine + dy * cosine)
        }
        var out: [[FigurePoint]] = []
        for (index, character) in characters.enumerated() {
            let left = start + Double(index) * advance
            for (row, bits) in BitmapFont.glyph(character).enumerated() {
                let top = Double(row - BitmapFont.bodyRows) * unit
                let lit = bold ? emboldened(bits) : bits
                var column = 0
                while column < lit.count {
                    guard lit[column] else {
                        column += 1
                        continue
                    }
                    let runStart = column
                    while column < lit.count, lit[column] { column += 1 }
                    let x0 = left + Double(runStart) * unit
                    let x1 = left + Double(column) * unit
                    out.append([place(x0, top), place(x1, top), place(x1, top + unit), place(x0, top + unit)])
                }
            }
        }
        return out
    }

    /// A glyph row with every set pixel also setting the one to its right.
    static func emboldened(_ bits: [Bool]) -> [Bool] {
        (0...bits.count).map { column in
            (column < bits.count && bits[column]) || (column > 0 && bits[column - 1])
        }
    }
}
