import Foundation
import Testing

@testable import ThumbLab

/// The PDF document: its objects where the cross-reference table says, the title and
/// description as metadata and alternate text, text as glyphs of the embedded DejaVu Sans
/// anchored as in the SVG, and the same bytes for the same figure.
@Suite struct PDFWriterTests {
    let figure = Figure(
        width: 200, height: 100, title: "Time (ms) by technique", description: "Direct was fastest; η²G = .47.",
        elements: [
            .shape(
                FigureShape(
                    .rect(FigureRect(x: 10, y: 10, width: 50, height: 20), cornerRadius: 0), paint: .filled(.white))),
            .text(FigureText("ab", at: FigurePoint(x: 100, y: 50), anchor: .middle, size: 10)),
            .text(FigureText("η²G (p) \\", at: FigurePoint(x: 20, y: 90), anchor: .end, size: 12, weight: .bold)),
            .shape(
                FigureShape(
                    .polygon([FigurePoint(x: 0, y: 0), FigurePoint(x: 10, y: 0), FigurePoint(x: 5, y: 8)]),
                    paint: Paint(fill: .hatch, stroke: .black, strokeWidth: 0.5, dash: [2, 1], opacity: 0.5))),
        ])

    static func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    @Test func everyObjectIsWhereTheCrossReferenceTableSaysItIs() throws {
        let data = try PDFWriter.data(figure)
        let bytes = [UInt8](data)
        let document = Self.text(data)
        #expect(document.hasPrefix("%PDF-1.7\n"))
        #expect(document.hasSuffix("%%EOF\n"))
        let tail = try #require(document.range(of: "startxref\n", options: .backwards))
        let start = try #require(Int(document[tail.upperBound...].prefix { $0.isNumber }))
        #expect(String(decoding: bytes[start..<start + 4], as: UTF8.self) == "xref")
        let table = String(decoding: bytes[start...], as: UTF8.self).split(separator: "\n")
        let count = try #require(Int(table[1].split(separator: " ")[1]))
        #expect(document.contains("/Size \(count)"))
        for object in 1..<count {
            let offset = try #require(Int(table[2 + object].prefix(10)))
            let header = "\(object) 0 obj\n"
            #expect(String(decoding: bytes[offset..<offset + header.utf8.count], as: UTF8.self) == header)
        }
    }

    @Test func theTitleAndDescriptionAreMetadataAndAlternateText() throws {
        let document = Self.text(try PDFWriter.data(figure))
        let title = PDFStrings.text(figure.title)
        let description = PDFStrings.text(figure.description)
        #expect(title.hasPrefix("<FEFF0054006900") && description.contains("03B700B2"))
        #expect(document.contains("/Title \(title) /Subject \(description)"))
        #expect(document.contains("/S /Figure") && document.contains("/Alt \(description)"))
        #expect(document.contains("/MarkInfo << /Marked true >>") && document.contains("/DisplayDocTitle true"))
        #expect(!document.contains("CreationDate") && !document.contains("/ID"))
    }

    @Test func textIsGlyphsOfTheEmbeddedFontAnchoredByTheirAdvances() {
        let content = PDFPageContent(figure)
        // "ab" is 1255 + 1300 units of 2048 to the em; at 10 units, centred on x = 100.
        let ab = EmbeddedFont.regular.glyphs("ab").glyphs
        let x = SVGWriter.number(100 - 2555.0 / 2048 * 10 / 2)
        #expect(content.stream.contains("BT 0 0 0 rg /F1 1 Tf 10 0 0 -10 \(x) 50 Tm \(PDFStrings.glyphs(ab)) Tj ET"))
        // Bold, ending at x = 20; DejaVu draws every character, so no ActualText is needed.
        let (bold, exact) = EmbeddedFont.bold.glyphs("η²G (p) \\")
        #expect(exact && !content.stream.contains("ActualText"))
        let width = EmbeddedFont.bold.width(bold, size: 12)
        #expect(
            content.stream.contains(
                "/F2 1 Tf 12 0 0 -12 \(SVGWriter.number(20 - width)) 90 Tm \(PDFStrings.glyphs(bold)) Tj ET\n"))
        #expect(content.regularGlyphs == [ab[0]: "a", ab[1]: "b"])
        #expect(Set(content.boldGlyphs.values) == Set("η²G (p) \\".map(String.init)))
    }

    @Test func aCharacterTheFontLacksIsItsBoxWithItsTrueTextAsActualText() {
        let text = Figure(
            width: 100, height: 40, title: "t", description: "d",
            elements: [.text(FigureText("漢 a", at: FigurePoint(x: 10, y: 20), size: 10))])
        let stream = PDFPageContent(text).stream
        #expect(stream.contains("/Span <</ActualText \(PDFStrings.text("漢 a"))>> BDC\n"))
        #expect(stream.contains(PDFStrings.glyphs(EmbeddedFont.regular.glyphs("漢 a").glyphs) + " Tj ET\nEMC"))
        #expect(EmbeddedFont.regular.glyphs("漢").glyphs == [0])
    }

    @Test func bothFontsAreEmbeddedAsSubsetsWithAMapToTheirCharacters() throws {
        let document = Self.text(try PDFWriter.data(figure))
        #expect(!document.contains("Helvetica") && !document.contains("/Type1"))
        #expect(document.components(separatedBy: "/Subtype /Type0").count == 3)
        #expect(document.components(separatedBy: "/FontFile2").count == 3)
        #expect(document.components(separatedBy: "/CIDToGIDMap /Identity").count == 3)
        let names = document.components(separatedBy: "/BaseFont /").dropFirst().map { $0.prefix { $0 != " " } }
        #expect(names.count == 4 && names.allSatisfy { $0.count > 7 && $0.dropFirst(6).hasPrefix("+DejaVuSans") })
        let map = PDFFontObjects.toUnicode([0x42: "a", 0x9A: "é"])
        #expect(map.contains("2 beginbfchar\n<0042> <0061>\n<009A> <00E9>\nendbfchar"))
    }
    @Test func rotatedTextTurnsAboutItsAnchor() {
        let rotated = Figure(
            width: 100, height: 100, title: "t", description: "d",
            elements: [.text(FigureText("abc", at: FigurePoint(x: 30, y: 60), size: 10, rotation: -90))])
        let abc = PDFStrings.glyphs(EmbeddedFont.regular.glyphs("abc").glyphs)
        #expect(PDFPageContent(rotated).stream.contains("BT 0 0 0 rg /F1 1 Tf 0 -10 -10 0 30 60 Tm \(abc) Tj ET"))
    }

    @Test func hatchOpacityAndDashesBecomePatternGraphicsStateAndDashArray() throws {
        let content = PDFPageContent(figure)
        #expect(content.usesHatch && content.opacities == ["0.5"])
        #expect(
            content.stream.contains(
                "q /GS0 gs /Pattern cs /Hatch scn 0 0 0 RG 0.5 w [2 1] 0 d 0 0 m 10 0 l 5 8 l h B Q"))
        let document = Self.text(try PDFWriter.data(figure))
        #expect(document.contains("/ExtGState << /GS0 << /ca 0.5 /CA 0.5 >> >>"))
        #expect(document.contains("/Pattern << /Hatch 10 0 R >>") && document.contains("/PatternType 1"))
    }

    @Test func thePageIsTheFigureAtThreeQuartersOfAPointPerUnit() throws {
        let document = Self.text(try PDFWriter.data(figure))
        #expect(document.contains("/MediaBox [0 0 150 75]"))
        #expect(PDFPageContent(figure).stream.hasPrefix("q 0.75 0 0 -0.75 0 75 cm 4 M\n/Figure <</MCID 0>> BDC\n"))
    }

    @Test func theSameFigureGivesTheSameBytes() throws {
        #expect(try PDFWriter.data(figure) == PDFWriter.data(figure))
        #expect(try PDFWriter.data(GeometrySampler.figure()) == PDFWriter.data(GeometrySampler.figure()))
    }
}
