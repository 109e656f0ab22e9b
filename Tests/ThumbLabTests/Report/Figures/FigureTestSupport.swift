import Foundation
import Testing

@testable import ThumbLab

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// One element of a parsed SVG document: its name, attributes, text and children.
final class XMLNode {
    let name: String
    let attributes: [String: String]
    var text = ""
    var children: [XMLNode] = []

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    /// This node and every node below it, in document order.
    var all: [XMLNode] { [self] + children.flatMap(\.all) }

    /// The nodes below this one (and itself) whose class is `className`.
    func elements(class className: String) -> [XMLNode] {
        all.filter { $0.attributes["class"] == className }
    }

    /// The nodes below this one (and itself) named `name`.
    func elements(named name: String) -> [XMLNode] {
        all.filter { $0.name == name }
    }

    /// The text of this node and every node below it, without the whitespace between elements.
    var allText: String {
        ([text.trimmingCharacters(in: .whitespacesAndNewlines)] + children.map(\.allText)).joined()
    }
}

/// Parses an XML document with Foundation's `XMLParser` into a tree of ``XMLNode``s;
/// throws when the document is not well-formed.
func parseXML(_ document: String) throws -> XMLNode {
    final class Builder: NSObject, XMLParserDelegate {
        var stack: [XMLNode] = []
        var root: XMLNode?

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            let node = XMLNode(name: name, attributes: attributes)
            stack.last?.children.append(node)
            if root == nil { root = node }
            stack.append(node)
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            stack.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.text += string
        }
    }
    let parser = XMLParser(data: Data(document.utf8))
    let builder = Builder()
    parser.delegate = builder
    let parsed = parser.parse()
    let error = parser.parserError.map { "\($0)" } ?? "no error reported"
    try #require(parsed, "the SVG is not well-formed XML: \(error)")
    return try #require(builder.root, "the SVG has no root element")
}

/// The path of a figures fixture file.
func figuresFixture(_ name: String) -> URL {
    repositoryRoot.appendingPathComponent("Tests/ThumbLabTests/Fixtures/figures/\(name)")
}

/// A 4 x 6 grid of 80 px cells on a 320 x 480 px phone at 163 ppi, values rising from the
/// top left, the bottom-right cell empty.
func sampleCells() -> [PanelCell] {
    var cells: [PanelCell] = []
    for row in 0..<6 {
        for column in 0..<4 {
            let empty = row == 5 && column == 3
            let value = Double(row * 4 + column) / 23
            cells.append(
                PanelCell(
                    frame: FigureRect(
                        x0: Double(column) * 80, y0: Double(row) * 80, x1: Double(column + 1) * 80,
                        y1: Double(row + 1) * 80),
                    value: empty ? nil : value, label: empty ? nil : NiceTicks.format(value * 100, decimals: 0) + "%",
                    isMarked: row == 2 && column == 1))
        }
    }
    return cells
}

/// Two panels (a 3.5-inch and a larger phone) with arrows, an outline of three cells and
/// two layout frames on the first.
func sampleHeatmap() -> HeatmapFigure {
    let cells = sampleCells()
    let arrows = cells.prefix(6).map { PanelArrow(origin: $0.frame.centre, dx: 3, dy: -2) }
    let first = HeatmapPanel(
        label: "Direct", screenWidth: 320, screenHeight: 480, pxPerMM: 163 / 25.4, cells: cells, arrows: arrows,
        outline: [
            FigureRect(x0: 160, y0: 320, x1: 240, y1: 400), FigureRect(x0: 240, y0: 320, x1: 320, y1: 400),
            FigureRect(x0: 240, y0: 400, x1: 320, y1: 480),
        ],
        frames: [
            LayoutFrame(name: "keyboard", frame: FigureRect(x0: 0, y0: 264, x1: 320, y1: 480)),
            LayoutFrame(name: "callout", frame: FigureRect(x0: 20, y0: 20, x1: 140, y1: 70), isSolid: false),
        ])
    let second = HeatmapPanel(
        label: "Shift", screenWidth: 750, screenHeight: 1334, pxPerMM: 326 / 25.4,
        cells: cells.map { cell in
            var larger = cell
            larger.frame = FigureRect(
                x: cell.frame.x * 750 / 320, y: cell.frame.y * 1334 / 480, width: cell.frame.width * 750 / 320,
                height: cell.frame.height * 1334 / 480)
            return larger
        })
    return HeatmapFigure(
        title: "Error rate per screen cell (n = 3,456 trials)", measure: "Error rate", unit: "%",
        scale: .sequential(cells.compactMap(\.value), fromZero: true), panels: [first, second],
        markLabel: "differs significantly (p < .05)", arrowScale: 5, outlineLabel: "reach zone",
        solidFrameLabel: "keyboard", dashedFrameLabel: "callout")
}

/// Error rate against target size for two techniques, with a fitted curve and the three
/// guideline sizes.
func sampleTargetSizeChart() -> IntervalChart {
    let sizes = [3.6, 5.8, 7.2, 9.6, 12]
    var points: [IntervalPoint] = []
    for (series, offset) in [("Direct", 0.1), ("Shift", 0.0)] {
        for size in sizes {
            let rate = min(1, offset + 2 / (size * size))
            points.append(
                IntervalPoint(
                    label: "\(size) mm", group: series, x: size, estimate: rate, low: max(0, rate - 0.04),
                    high: rate + 0.04))
        }
    }
    return IntervalChart(
        title: "Error rate by target size (n = 16)", xTitle: "Target size (mm)", yTitle: "Error rate",
        axis: .numeric, points: points, yFromZero: true, yLimit: 1,
        curves: [
            FittedCurve(
                points: stride(from: 3.0, through: 12, by: 0.5).map { FigurePoint(x: $0, y: 2 / ($0 * $0)) },
                label: "2 / size²")
        ],
        references: [
            ReferenceLine(x: 9.2, label: "9.2 mm Parhi et al."), ReferenceLine(x: 7.0, label: "44 pt Apple"),
            ReferenceLine(x: 7.6, label: "48 dp Material"),
        ])
}
