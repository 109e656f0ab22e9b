import Foundation
import Testing

@testable import ThumbLab

/// Figures rasterised by ThumbLab and read back by the tests' decoder: size, the colour
/// scale's colours inside the heatmap cells, the title's pixels, `scale` 2, every kind of
/// geometry, and byte-identical files for the same figure.
@Suite struct FigureRasteriserTests {
    /// The sample heatmap without layout frames and arrows, so that nothing but its value
    /// label lies over a cell.
    static func plainHeatmap() throws -> (HeatmapFigure, Figure) {
        var heatmap = sampleHeatmap()
        heatmap.panels[0].frames = []
        heatmap.panels[0].arrows = []
        return (heatmap, try heatmap.figure())
    }

    /// Halfway between a cell's centre (where its label is) and its top-left corner.
    static func probe(_ shape: FigureShape, scale: Double) throws -> (x: Int, y: Int) {
        guard case .rect(let rect, _) = shape.geometry else {
            throw PNGDecodingError(description: "a cell that is not a rect")
        }
        return (
            Int(((rect.x + rect.width / 4) * scale).rounded(.down)),
            Int(((rect.y + rect.height / 4) * scale).rounded(.down))
        )
    }

    @Test(arguments: [1.0, 2.0]) func heatmapCellsShowTheColourScaleColours(scale: Double) throws {
        let (heatmap, figure) = try Self.plainHeatmap()
        let decoded = try PNGDecoder.decode(try PNGWriter.data(figure, scale: scale))
        #expect(decoded.width == Int(figure.width * scale) && decoded.height == Int(figure.height * scale))
        let cells = shapes(figure, class: "cell")
        #expect(cells.count == 46)
        for cell in cells {
            let value = try #require(cell.data["value"].flatMap(Double.init))
            let (x, y) = try Self.probe(cell, scale: scale)
            #expect(decoded.rgb(x, y) == rgb(heatmap.scale.colour(for: value)), "cell of value \(value) at \(x), \(y)")
        }
    }

    @Test func theTitleIsDrawnInDarkPixelsWhereItStands() throws {
        let (_, figure) = try Self.plainHeatmap()
        let decoded = try PNGDecoder.decode(try PNGWriter.data(figure))
        let title = try #require(figure.texts.first { $0.className == "figure-title" })
        let x0 = Int(title.position.x)
        let x1 = min(x0 + Int(FigureText.estimatedWidth(title.text, size: title.size) * 0.8), decoded.width)
        let y0 = Int(title.position.y - title.size * 0.7)
        let y1 = Int(title.position.y)
        var dark = 0
        for y in y0..<y1 {
            for x in x0..<x1 where decoded.rgb(x, y).allSatisfy({ $0 < 100 }) { dark += 1 }
        }
        let share = Double(dark) / Double((x1 - x0) * (y1 - y0))
        #expect(share > 0.1 && share < 0.6, "dark share \(share) in the title's box")
        var above = 0
        for y in max(y0 - 8, 0)..<y0 - 2 {
            for x in x0..<x1 where decoded.rgb(x, y).allSatisfy({ $0 < 100 }) { above += 1 }
        }
        #expect(above == 0, "the margin above the title is blank")
    }

    @Test func scaleTwoDoublesWidthAndHeight() throws {
        for (name, figure) in try FigureRasterTests.figures() {
            let one = try PNGDecoder.decode(try PNGWriter.data(figure, scale: 1))
            let two = try PNGDecoder.decode(try PNGWriter.data(figure, scale: 2))
            #expect(two.width == 2 * one.width && two.height == 2 * one.height, "\(name)")
        }
    }

    @Test func theSameFigureGivesByteIdenticalFiles() throws {
        for (name, figure) in try FigureRasterTests.figures() {
            let again = try #require(try FigureRasterTests.figures().first { $0.0 == name }?.1)
            #expect(try PNGWriter.data(figure) == PNGWriter.data(again), "\(name)")
            #expect(try PNGWriter.data(figure, scale: 2) == PNGWriter.data(figure, scale: 2), "\(name)")
        }
    }

    @Test func badScalesAreRefusedWithTheRangeThatWorks() {
        let figure = Figure(width: 10, height: 10, title: "t", description: "d")
        for scale in [0, -1, .nan, .infinity, 9] {
            #expect { try PNGWriter.data(figure, scale: scale) } throws: { "\($0)".contains("from 0.1 to 8") }
        }
        let empty = Figure(width: 0, height: 10, title: "t", description: "d")
        #expect { try PNGWriter.data(empty) } throws: { "\($0)".contains("no image") }
    }

    @Test func everyGeometryPaintsWhereItShould() throws {
        let figure = GeometrySampler.figure()
        let decoded = try PNGDecoder.decode(try PNGWriter.data(figure))
        for probe in GeometrySampler.probes {
            let found = decoded.rgb(probe.x, probe.y)
            #expect(colourDistance(found, probe.colour) <= 1, "\(probe.what) at \(probe.x), \(probe.y): \(found)")
        }
        let hatch = GeometrySampler.hatchBox
        var sum = 0.0
        for y in hatch.y..<(hatch.y + hatch.size) {
            for x in hatch.x..<(hatch.x + hatch.size) { sum += Double(decoded.rgb(x, y)[0]) }
        }
        // Lines 1 unit wide every 6 / sqrt(2) units across them cover sqrt(2) / 6 of the area.
        let share = 2.0.squareRoot() / 6
        let expected = 0xE6 + (0x8C - 0xE6) * share
        let mean = sum / Double(hatch.size * hatch.size)
        #expect(abs(mean - expected) < 2, "mean red of the hatch \(mean), expected \(expected)")
    }

    @Test func hugeAndNonFiniteCoordinatesNeverTrap() throws {
        let far = FigurePoint(x: 1e300, y: -1e300)
        let nan = FigurePoint(x: .nan, y: .infinity)
        let paint = Paint(fill: .colour(.black), stroke: .black, strokeWidth: 1e300, dash: [1e-300, .nan])
        let geometries: [FigureGeometry] = [
            .rect(FigureRect(x: -1e300, y: 0, width: 1e308, height: .nan), cornerRadius: 1e300),
            .rect(FigureRect(x: 1, y: 1, width: 1e300, height: 1e300), cornerRadius: 1e300),
            .line(from: far, to: nan), .polyline([far, nan, FigurePoint(x: 5, y: 5)]), .polygon([far, nan, far]),
            .segments([(far, nan)]), .arrow(from: nan, to: far, headLength: .infinity),
            .circle(centre: FigurePoint(x: 5, y: 5), radius: 1e300),
        ]
        var elements = geometries.map { FigureElement.shape(FigureShape($0, paint: paint)) }
        elements.append(.text(FigureText("x", at: far, size: 1e300, rotation: .nan)))
        elements.append(.text(FigureText("y", at: nan, size: .nan)))
        let figure = Figure(width: 20, height: 20, title: "t", description: "d", elements: elements)
        let decoded = try PNGDecoder.decode(try PNGWriter.data(figure))
        #expect(decoded.width == 20 && decoded.height == 20)
    }
}
