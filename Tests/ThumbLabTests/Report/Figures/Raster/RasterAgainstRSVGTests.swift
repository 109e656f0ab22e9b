import Foundation
import Testing

@testable import ThumbLab

/// ThumbLab's raster of a figure against librsvg's render of the SVG of the same figure:
/// the two differ only where anti-aliasing and the fonts do, so the mean absolute
/// difference per channel over the whole image stays small, and colours inside shapes
/// agree.
@Suite struct RasterAgainstRSVGTests {
    let folder = TemporaryFolder()

    /// The most the mean absolute difference of any channel may be, out of 255, with the
    /// text (set in ThumbLab's pixel font rather than DejaVu Sans) and without it.
    static let meanDifferenceLimit = (withText: 6.0, shapesOnly: 0.5)

    /// The figure without its texts: what is left should match librsvg's render closely.
    static func withoutText(_ figure: Figure) -> Figure {
        func strip(_ elements: [FigureElement]) -> [FigureElement] {
            elements.compactMap { element in
                switch element {
                case .text: return nil
                case .shape: return element
                case .group(var group):
                    group.elements = strip(group.elements)
                    return .group(group)
                }
            }
        }
        var stripped = figure
        stripped.elements = strip(figure.elements)
        return stripped
    }

    static func figures() throws -> [(String, Figure)] {
        try FigureRasterTests.figures() + [
            ("plain heatmap", try FigureRasteriserTests.plainHeatmap().1), ("geometry", GeometrySampler.figure()),
        ]
    }

    @Test(arguments: [1.0, 2.0]) func everyFigureIsCloseToLibrsvgsRender(scale: Double) throws {
        for (name, full) in try Self.figures() {
            for (figure, limit) in [
                (full, Self.meanDifferenceLimit.withText),
                (Self.withoutText(full), Self.meanDifferenceLimit.shapesOnly),
            ] {
                let ours = try PNGDecoder.decode(try PNGWriter.data(figure, scale: scale))
                let theirs = try renderedByRSVG(figure, scale: scale, in: folder)
                try #require(ours.width == theirs.width && ours.height == theirs.height, "\(name): sizes differ")
                let difference = meanAbsoluteDifference(ours, theirs)
                #expect(
                    difference.allSatisfy { $0 < limit },
                    "\(name) at scale \(scale), limit \(limit): mean absolute difference per channel \(difference)")
            }
        }
    }

    @Test func heatmapCellColoursAgreeWithLibrsvg() throws {
        let (_, figure) = try FigureRasteriserTests.plainHeatmap()
        let ours = try PNGDecoder.decode(try PNGWriter.data(figure))
        let theirs = try renderedByRSVG(figure, in: folder)
        for cell in shapes(figure, class: "cell") {
            let (x, y) = try FigureRasteriserTests.probe(cell, scale: 1)
            #expect(colourDistance(ours.rgb(x, y), theirs.rgb(x, y)) <= 2, "cell at \(x), \(y)")
        }
    }

    @Test func geometryProbesAgreeWithLibrsvg() throws {
        let theirs = try renderedByRSVG(GeometrySampler.figure(), in: folder)
        for probe in GeometrySampler.probes {
            let found = theirs.rgb(probe.x, probe.y)
            #expect(
                colourDistance(found, probe.colour) <= 2, "librsvg, \(probe.what) at \(probe.x), \(probe.y): \(found)")
        }
    }
}
