import Foundation

/// The pixels of a ``FigureText`` set in ``BitmapFont``, as rectangles in image pixels
/// (one per horizontal run of set font pixels), placed by its anchor and turned by its
/// rotation about its position.
///
/// A font pixel is a tenth of the font size tall and a twelfth wide: capitals stand 0.7 em
/// and each character advances 0.5 em, a little narrower than the sans-serif the SVG
/// names, so that text never outgrows the room a layout gives it. Sizes within a fifth of
/// whole image pixels are rounded to them, and horizontal and vertical text starts on a
/// whole pixel, so that small text stays sharp. Bold widens every stroke and character by
/// half a column.
enum TextOutline {
    /// The outlines of `text` at `scale` image pixels per figure unit.
    static func outlines(_ text: FigureText, scale: Double) -> [[FigurePoint]] {
        let size = text.size * scale
        guard size.isFinite, size > 0, !text.text.isEmpty else { return [] }
        let rowHeight = snapped(size / 10)
        let columnWidth = snapped(size / 12, up: false)
        let bold = text.weight == .bold
        // Bold strokes are half a column wider, and so is each character.
        let smear = bold ? columnWidth / 2 : 0
        let advance = columnWidth * Double(BitmapFont.glyphWidth + 1) + smear
        let characters = Array(text.text)
        let width = advance * Double(characters.count) - columnWidth
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
                let top = Double(row - BitmapFont.bodyRows) * rowHeight
                let lit = bits
                var column = 0
                while column < lit.count {
                    guard lit[column] else {
                        column += 1
                        continue
                    }
                    let runStart = column
                    while column < lit.count, lit[column] { column += 1 }
                    let x0 = left + Double(runStart) * columnWidth
                    let x1 = left + Double(column) * columnWidth + smear
                    let bottom = top + rowHeight
                    out.append([place(x0, top), place(x1, top), place(x1, bottom), place(x0, bottom)])
                }
            }
        }
        return out
    }

    /// A font pixel's side in image pixels: a whole number when one is within a fifth of
    /// it, so that text stays sharp, else the exact size. Widths (`up: false`) only round
    /// down, so that text never grows wider than its exact size.
    static func snapped(_ exact: Double, up: Bool = true) -> Double {
        let whole = up ? max(exact.rounded(), 1) : exact.rounded(.down)
        return whole >= 1 && abs(whole - exact) <= exact / 5 ? whole : exact
    }
}
