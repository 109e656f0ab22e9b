import Foundation

/// A font that figure PDFs embed: DejaVu Sans or DejaVu Sans Bold, the fonts the figures'
/// text is measured with (``DejaVuSansMetrics``), shipped inside the library so that a PDF
/// looks the same whatever fonts the machine has. Its licence is `Fonts/DejaVuFontsLicence.txt`.
struct EmbeddedFont: Sendable {
    /// The font's PostScript name, as a PDF names it after its subset tag.
    let name: String
    /// The font file.
    let font: TrueTypeFont
    /// The stem width a font descriptor states, in thousandths of an em.
    let stemWidth: Int

    /// DejaVu Sans.
    static let regular = EmbeddedFont(name: "DejaVuSans", file: regularFile, stemWidth: 80)
    /// DejaVu Sans Bold.
    static let bold = EmbeddedFont(name: "DejaVuSans-Bold", file: boldFile, stemWidth: 140)

    private init(name: String, file: String, stemWidth: Int) {
        self.name = name
        self.stemWidth = stemWidth
        // The files are part of the library, checked by its tests: they always decode.
        let bytes = Data(base64Encoded: file, options: .ignoreUnknownCharacters).map(Array.init) ?? []
        do {
            font = try TrueTypeFont(bytes)
        } catch {
            preconditionFailure("the embedded font \(name) is malformed in its \(error.table) table")
        }
    }

    /// `text` as the font's glyphs: each character's glyph, `.notdef` (0) where the font has
    /// none, and whether every character had one.
    func glyphs(_ text: String) -> (glyphs: [UInt16], exact: Bool) {
        var exact = true
        let glyphs = text.unicodeScalars.map { scalar -> UInt16 in
            if let glyph = font.glyph(for: scalar) { return glyph }
            exact = false
            return 0
        }
        return (glyphs, exact)
    }

    /// The advance of `glyphs` set at `size`, in the units of `size`.
    func width(_ glyphs: [UInt16], size: Double) -> Double {
        Double(glyphs.reduce(0) { $0 + font.advance(of: $1) }) / Double(font.unitsPerEm) * size
    }

    /// A glyph's advance in thousandths of an em, as a PDF's `W` array gives it.
    func pdfWidth(of glyph: UInt16) -> Double {
        Double(font.advance(of: glyph)) * 1000 / Double(font.unitsPerEm)
    }

    /// A length in font units as thousandths of an em.
    func pdfUnits(_ value: Int) -> Int {
        Int((Double(value) * 1000 / Double(font.unitsPerEm)).rounded())
    }
}
