import Foundation
import Testing

@testable import ThumbLab

/// The PDF document: its objects where the cross-reference table says, the title and
/// description as metadata and alternate text, text as Helvetica text anchored as in the
/// SVG, and the same bytes for the same figure.
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

    @Test func textIsHelveticaAnchoredByItsMeasuredWidth() {
        let stream = PDFPageContent(figure).stream
        // "ab" is 556 + 556 thousandths of an em; at 10 units, centred on x = 100.
        #expect(stream.contains("BT 0 0 0 rg /F1 1 Tf 10 0 0 -10 94.44 50 Tm (ab) Tj ET"))
        // Bold, ending at x = 20: "?" for η, octal for ², escaped parentheses and backslash,
        // and the true text as ActualText.
        let encoded = HelveticaMetrics.encode("η²G (p) \\").bytes
        let width = HelveticaMetrics.width(encoded, size: 12, bold: true)
        #expect(stream.contains("/Span <</ActualText \(PDFStrings.text("η²G (p) \\"))>> BDC\n"))
        #expect(
            stream.contains(
                "/F2 1 Tf 12 0 0 -12 \(SVGWriter.number(20 - width)) 90 Tm (?\\262G \\(p\\) \\\\) Tj ET\nEMC"))
    }

    @Test func rotatedTextTurnsAboutItsAnchor() {
        let rotated = Figure(
            width: 100, height: 100, title: "t", description: "d",
            elements: [.text(FigureText("abc", at: FigurePoint(x: 30, y: 60), size: 10, rotation: -90))])
        #expect(PDFPageContent(rotated).stream.contains("BT 0 0 0 rg /F1 1 Tf 0 -10 -10 0 30 60 Tm (abc) Tj ET"))
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

    @Test func encodingKeepsLatinOneAndWindowsMarksAndFlagsTheRest() {
        #expect(
            HelveticaMetrics.encode("Größe – 5 µm").bytes == [
                0x47, 0x72, 0xF6, 0xDF, 0x65, 0x20, 0x96, 0x20, 0x35, 0x20, 0xB5, 0x6D,
            ])
        #expect(HelveticaMetrics.encode("Größe – 5 µm").exact)
        #expect(HelveticaMetrics.encode("−1").bytes == [0x2D, 0x31])
        #expect(!HelveticaMetrics.encode("−1").exact && !HelveticaMetrics.encode("χ²").exact)
        #expect(HelveticaMetrics.width([0x57], size: 1000, bold: false) == 944)
        #expect(HelveticaMetrics.width([0x57], size: 1000, bold: true) == 944)
        #expect(HelveticaMetrics.width([0x69], size: 1000, bold: true) == 278)
    }
}
