import Foundation
import Testing

@testable import ThumbLab

/// The SVG document: header and accessibility attributes, `<title>` and `<desc>` first,
/// escaping, compact locale-free numbers and byte-for-byte determinism.
@Suite struct SVGWriterTests {
    let figure = Figure(
        width: 200.5, height: 100, title: "Time <ms> & \"errors\"", description: "A 'quoted' & <tagged> text",
        elements: [
            .shape(
                FigureShape(
                    .rect(FigureRect(x: 10, y: 10, width: 50.25, height: 20), cornerRadius: 4), paint: .filled(.white))),
            .group(
                FigureGroup(
                    label: "Panel <A> & \"B\"", className: "panel",
                    elements: [
                        .text(
                            FigureText(
                                "p < .05 & d > 0.5 \"big\"", at: FigurePoint(x: 1.005, y: -0.001), className: "note"))
                    ])),
            .shape(
                FigureShape(
                    .polygon([FigurePoint(x: 0, y: 0), FigurePoint(x: 1.5, y: 2), FigurePoint(x: -3.25, y: 1e-9)]),
                    paint: Paint(fill: .hatch, stroke: .black, strokeWidth: 0.5, dash: [2, 1]), className: "hatched")),
        ])

    @Test func theRootDeclaresSizeViewBoxAndItsAccessibleName() throws {
        let document = SVGWriter.document(figure)
        #expect(
            document.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\""))
        let root = try parseXML(document)
        #expect(root.name == "svg")
        #expect(root.attributes["version"] == "1.1")
        #expect(root.attributes["width"] == "200.5")
        #expect(root.attributes["height"] == "100")
        #expect(root.attributes["viewBox"] == "0 0 200.5 100")
        #expect(root.attributes["role"] == "img")
        #expect(root.attributes["aria-labelledby"] == "figure-title figure-desc")
    }

    @Test func titleAndDescriptionComeFirstAndReadBackUnescaped() throws {
        let root = try parseXML(SVGWriter.document(figure))
        #expect(root.children.count >= 2)
        #expect(root.children[0].name == "title")
        #expect(root.children[0].attributes["id"] == "figure-title")
        #expect(root.children[0].text == "Time <ms> & \"errors\"")
        #expect(root.children[1].name == "desc")
        #expect(root.children[1].attributes["id"] == "figure-desc")
        #expect(root.children[1].text == "A 'quoted' & <tagged> text")
    }

    @Test func textAndAttributesAreEscaped() throws {
        let document = SVGWriter.document(figure)
        #expect(document.contains("<title id=\"figure-title\">Time &lt;ms&gt; &amp; &quot;errors&quot;</title>"))
        #expect(document.contains("aria-label=\"Panel &lt;A&gt; &amp; &quot;B&quot;\""))
        let root = try parseXML(document)
        #expect(root.elements(class: "note").first?.text == "p < .05 & d > 0.5 \"big\"")
        #expect(root.elements(class: "panel").first?.attributes["aria-label"] == "Panel <A> & \"B\"")
        #expect(SVGWriter.escape("a\u{1}b\tc") == "a b\tc")
    }

    @Test func hatchingDefinesItsPatternOnce() throws {
        let root = try parseXML(SVGWriter.document(figure))
        #expect(root.elements(named: "pattern").map { $0.attributes["id"] } == ["hatch"])
        let hatched = try #require(root.elements(class: "hatched").first)
        #expect(hatched.attributes["fill"] == "url(#hatch)")
        #expect(hatched.attributes["stroke-dasharray"] == "2 1")
        #expect(hatched.attributes["points"] == "0,0 1.5,2 -3.25,0")
    }

    @Test(arguments: [
        (0.0, "0"), (12.0, "12"), (12.5, "12.5"), (-0.25, "-0.25"), (1.006, "1.01"), (-0.001, "0"),
        (0.05, "0.05"), (100.1, "100.1"), (1e-9, "0"), (123456.789, "123456.79"), (.nan, "0"), (-7.999, "-8"),
    ])
    func numbersAreCompactAndLocaleFree(_ value: Double, _ expected: String) {
        #expect(SVGWriter.number(value) == expected)
    }

    @Test func theSameFigureGivesTheSameBytes() throws {
        let heatmap = try sampleHeatmap().figure()
        #expect(SVGWriter.document(heatmap) == SVGWriter.document(try sampleHeatmap().figure()))
        #expect(SVGWriter.document(figure) == SVGWriter.document(figure))
    }

    @Test func coloursAreHexAndContrastingTextFollowsLuminance() {
        #expect(Colour(red255: 255, green255: 128, blue255: 0).hex == "#ff8000")
        #expect(Colour(red: 2, green: -1, blue: .nan).hex == "#ff0000")
        #expect(ColourMap.viridis.colour(at: 0).contrastingText == .white)
        #expect(ColourMap.viridis.colour(at: 1).contrastingText == .black)
        #expect(abs(Colour.white.relativeLuminance - 1) < 1e-12)
    }
}
