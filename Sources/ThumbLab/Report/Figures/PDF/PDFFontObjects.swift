/// The PDF objects of an embedded font subset (ISO 32000-1, §9.7 and §9.10): a Type 0 font
/// with the `Identity-H` encoding (text is shown as two-byte glyph ids), its CIDFontType2
/// descendant with the widths of the glyphs drawn, the font descriptor, the subset as a
/// compressed FontFile2, and a ToUnicode map so that text can be searched and copied.
struct PDFFontObjects {
    /// The Type 0 font dictionary, which the page's resources name.
    let font: [UInt8]
    /// The descendant font, the descriptor, the font file and the ToUnicode map, in that
    /// order, numbered from the `first` the initialiser was given.
    let parts: [[UInt8]]

    /// The objects of `embedded` drawing `glyphs` (each with the character it draws), the
    /// parts numbered from `first`.
    /// - Throws: ``ThumbLabError/figure(_:)`` when zlib cannot compress a stream.
    init(_ embedded: EmbeddedFont, glyphs: [UInt16: String], first: Int) throws(ThumbLabError) {
        let drawn = glyphs.keys.sorted()
        let name = "/\(Self.subsetTag(drawn))+\(embedded.name)"
        let font = embedded.font
        let widths = ([0] + drawn).map { "\($0) [\(SVGWriter.number(embedded.pdfWidth(of: $0)))]" }
        let box = font.boundingBox.map { String(embedded.pdfUnits($0)) }.joined(separator: " ")
        let file = font.subset(keeping: Set(drawn))
        let (descendant, descriptor, fontFile, toUnicode) = (first, first + 1, first + 2, first + 3)
        self.font = Array(
            ("<< /Type /Font /Subtype /Type0 /BaseFont \(name) /Encoding /Identity-H"
                + " /DescendantFonts [\(descendant) 0 R] /ToUnicode \(toUnicode) 0 R >>").utf8)
        parts = [
            Array(
                ("<< /Type /Font /Subtype /CIDFontType2 /BaseFont \(name)"
                    + " /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >>"
                    + " /FontDescriptor \(descriptor) 0 R /W [\(widths.joined(separator: " "))] /CIDToGIDMap /Identity >>")
                    .utf8),
            Array(
                ("<< /Type /FontDescriptor /FontName \(name) /Flags 32 /FontBBox [\(box)] /ItalicAngle 0"
                    + " /Ascent \(embedded.pdfUnits(font.ascent)) /Descent \(embedded.pdfUnits(font.descent))"
                    + " /CapHeight \(embedded.pdfUnits(font.capHeight)) /StemV \(embedded.stemWidth)"
                    + " /FontFile2 \(fontFile) 0 R >>").utf8),
            PDFWriter.streamObject(
                try Zlib.compress(file), dictionary: "/Length1 \(file.count) /Filter /FlateDecode"),
            PDFWriter.streamObject(
                try Zlib.compress(Array(Self.toUnicode(glyphs).utf8)), dictionary: "/Filter /FlateDecode"),
        ]
    }

    /// Six capitals that name the subset, from its glyphs, so that the same glyphs always
    /// give the same name (ISO 32000-1, §9.6.4).
    static func subsetTag(_ glyphs: [UInt16]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for glyph in glyphs {
            for byte in [UInt8(glyph >> 8), UInt8(glyph & 0xFF)] {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            }
        }
        return String(
            (0..<6).map { Character(Unicode.Scalar(UInt8(ascii: "A") + UInt8((hash >> (10 * UInt64($0))) % 26))) })
    }

    /// The CMap that maps each glyph drawn to its character (§9.10.3), in blocks of at most
    /// 100 entries.
    static func toUnicode(_ glyphs: [UInt16: String]) -> String {
        var out = """
            /CIDInit /ProcSet findresource begin
            12 dict begin
            begincmap
            /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
            /CMapName /Adobe-Identity-UCS def
            /CMapType 2 def
            1 begincodespacerange
            <0000> <FFFF>
            endcodespacerange

            """
        let entries = glyphs.keys.sorted().map { glyph in
            "<\(PDFStrings.hex(glyph))> <\(glyphs[glyph]!.utf16.map(PDFStrings.hex).joined())>"
        }
        var start = 0
        while start < entries.count {
            let block = entries[start..<min(start + 100, entries.count)]
            out += "\(block.count) beginbfchar\n" + block.joined(separator: "\n") + "\nendbfchar\n"
            start += 100
        }
        return out + "endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n"
    }
}
