import Foundation

/// Writes a ``Figure`` as a one-page vector PDF (ISO 32000-1, PDF 1.7), from the same model
/// as ``SVGWriter`` and ``PNGWriter``: shapes and colours as in the SVG, text as text in
/// DejaVu Sans and DejaVu Sans Bold, embedded as subsets of the glyphs drawn with a map to
/// their characters, so that it prints as measured and can be searched and selected, the
/// figure's title and description in the document information and as the alternate text of
/// the one figure of its structure tree. The page is the figure's size at 0.75 points per
/// unit, so that a figure prints as large as its SVG. The content stream is compressed with
/// zlib; the document carries no date or random identifier, so the same figure always gives
/// the same bytes.
public enum PDFWriter {
    /// The PDF document of `figure`.
    /// - Throws: ``ThumbLabError/figure(_:)`` when zlib cannot compress the page.
    public static func data(_ figure: Figure) throws(ThumbLabError) -> Data {
        let content = PDFPageContent(figure)
        let stream = try Zlib.compress(Array(content.stream.utf8))
        let width = SVGWriter.number(figure.width * PDFPageContent.pointsPerUnit)
        let height = SVGWriter.number(figure.height * PDFPageContent.pointsPerUnit)

        var resources = "/Font << /F1 5 0 R /F2 6 0 R >>"
        if !content.opacities.isEmpty {
            let states = content.opacities.enumerated().map {
                "/GS\($0.offset) << /ca \($0.element) /CA \($0.element) >>"
            }
            resources += " /ExtGState << \(states.joined(separator: " ")) >>"
        }
        if content.usesHatch { resources += " /Pattern << /Hatch 10 0 R >>" }
        let firstPart = content.usesHatch ? 11 : 10
        let regular = try PDFFontObjects(.regular, glyphs: content.regularGlyphs, first: firstPart)
        let bold = try PDFFontObjects(.bold, glyphs: content.boldGlyphs, first: firstPart + regular.parts.count)

        var objects: [[UInt8]] = [
            Array(
                ("<< /Type /Catalog /Pages 2 0 R /StructTreeRoot 8 0 R /MarkInfo << /Marked true >> /Lang (en)"
                    + " /ViewerPreferences << /DisplayDocTitle true >> >>").utf8),
            Array("<< /Type /Pages /Kids [3 0 R] /Count 1 >>".utf8),
            Array(
                ("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(width) \(height)] /Resources << \(resources) >>"
                    + " /Contents 4 0 R /StructParents 0 /Tabs /S >>").utf8),
            streamObject(stream, dictionary: "/Filter /FlateDecode"),
            regular.font,
            bold.font,
            Array(
                ("<< /Title \(PDFStrings.text(figure.title)) /Subject \(PDFStrings.text(figure.description))"
                    + " /Creator (ThumbLab) /Producer (ThumbLab) >>").utf8),
            Array("<< /Type /StructTreeRoot /K 9 0 R /ParentTree << /Nums [0 [9 0 R]] >> >>".utf8),
            Array(
                ("<< /Type /StructElem /S /Figure /P 8 0 R /Pg 3 0 R /K 0 /T \(PDFStrings.text(figure.title))"
                    + " /Alt \(PDFStrings.text(figure.description)) >>").utf8),
        ]
        if content.usesHatch { objects.append(try hatchPattern(pageHeight: height)) }
        objects += regular.parts + bold.parts
        return document(objects, info: 7)
    }

    /// The hatch of missing cells as ``SVGWriter`` defines it: a 6-unit tile of light grey
    /// with a darker diagonal, in figure units (the pattern's matrix flips it as the page).
    private static func hatchPattern(pageHeight: String) throws(ThumbLabError) -> [UInt8] {
        let tile = "0.902 0.902 0.902 rg 0 0 6 6 re f 0.549 0.549 0.549 RG 1 w -1 1 m 1 -1 l 0 6 m 6 0 l 5 7 m 7 5 l S"
        let scale = SVGWriter.number(PDFPageContent.pointsPerUnit)
        return streamObject(
            try Zlib.compress(Array(tile.utf8)),
            dictionary: "/Type /Pattern /PatternType 1 /PaintType 1 /TilingType 1 /BBox [0 0 6 6] /XStep 6 /YStep 6"
                + " /Matrix [\(scale) 0 0 -\(scale) 0 \(pageHeight)] /Resources << >> /Filter /FlateDecode")
    }

    /// A stream object: `dictionary` with the stream's length, then `bytes`.
    static func streamObject(_ bytes: [UInt8], dictionary: String) -> [UInt8] {
        Array("<< \(dictionary) /Length \(bytes.count) >>\nstream\n".utf8) + bytes + Array("\nendstream".utf8)
    }

    /// The file: header, numbered objects, cross-reference table and trailer.
    private static func document(_ objects: [[UInt8]], info: Int) -> Data {
        var out: [UInt8] = Array("%PDF-1.7\n%".utf8) + [0xE2, 0xE3, 0xCF, 0xD3, 0x0A]
        var offsets: [Int] = []
        for (index, body) in objects.enumerated() {
            offsets.append(out.count)
            out += Array("\(index + 1) 0 obj\n".utf8) + body + Array("\nendobj\n".utf8)
        }
        let table = out.count
        var xref = "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets {
            let digits = String(offset)
            xref += String(repeating: "0", count: 10 - digits.count) + digits + " 00000 n \n"
        }
        xref += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R /Info \(info) 0 R >>\nstartxref\n\(table)\n%%EOF\n"
        out += Array(xref.utf8)
        return Data(out)
    }
}
