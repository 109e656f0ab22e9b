/// The horizontal metrics of DejaVu Sans, the first font of the figures' font stack
/// (``SVGWriter/fontFamily``), which browsers and librsvg use wherever it is installed: the
/// advance width of each character, so that layouts leave room for the text as it is drawn
/// rather than for an average glyph.
enum DejaVuSansMetrics {
    /// Font units per em.
    static let unitsPerEm = 2048.0
    /// Above the baseline, in em: the ascenders of b, d and l, above the capitals.
    static let ascent = 0.76
    /// Below the baseline, in em: the descenders of g, p and y.
    static let descent = 0.24
    /// The width of a character the tables lack, in em: DejaVu's widest common glyphs.
    static let fallbackWidth = 0.7

    /// The advance width of `text` at `size`, in the units of `size`.
    static func width(_ text: String, size: Double, bold: Bool) -> Double {
        let runs = bold ? boldWidths : regularWidths
        var units = 0.0
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let width =
                runs.first { value >= $0.first && value < $0.first + UInt32($0.widths.count) }
                .map { Double($0.widths[Int(value - $0.first)]) } ?? 0
            units += width > 0 ? width : fallbackWidth * unitsPerEm
        }
        return units / unitsPerEm * size
    }
}
