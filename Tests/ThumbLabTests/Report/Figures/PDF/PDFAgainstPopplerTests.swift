import Foundation
import Testing

@testable import ThumbLab

/// Every kind of figure as a PDF, read by other programs: `qpdf --check` finds no error,
/// poppler's `pdffonts` finds every font embedded, `pdftotext` finds each text of the figure, and poppler's `pdftoppm` paints it
/// like librsvg paints the SVG of the same figure: every probed colour of the geometry
/// sampler and every heatmap cell's colour as librsvg's, and the whole image within what
/// anti-aliasing makes (poppler snaps thin lines to whole pixels, librsvg does not) and,
/// with text, what two different fonts make.
@Suite struct PDFAgainstPopplerTests {
    let folder = TemporaryFolder()

    /// The most the mean absolute difference of a channel may be, out of 255, at scale 1;
    /// at scale 2 the anti-aliased edges cover half as much of the image.
    static let meanDifferenceLimit = (withText: 9.0, shapesOnly: 3.6)

    func write(_ figure: Figure) throws -> URL {
        let url = folder.url.appendingPathComponent("\(UUID().uuidString).pdf")
        try PDFWriter.data(figure).write(to: url)
        return url
    }

    @Test func qpdfFindsNoErrorInAnyFigure() throws {
        let qpdf = try ExternalTool.find("qpdf", package: "qpdf")
        for (name, figure) in try RasterAgainstRSVGTests.figures() {
            let (status, output) = try ExternalTool.run(qpdf, ["--check", try write(figure).path])
            #expect(status == 0 && output.contains("No syntax or stream encoding errors"), "\(name): \(output)")
        }
    }

    /// What a publisher's PDF check asks of fonts: every one embedded, none Type 3.
    @Test func pdffontsFindsEveryFontEmbeddedAndNoneOfType3() throws {
        let pdffonts = try ExternalTool.find("pdffonts", package: "poppler-utils")
        for (name, figure) in try RasterAgainstRSVGTests.figures() {
            let (status, output) = try ExternalTool.run(pdffonts, [try write(figure).path])
            try #require(status == 0, "\(name): \(output)")
            let fonts = output.split(separator: "\n").dropFirst(2)
            #expect(fonts.count == 2, "\(name): \(output)")
            for font in fonts {
                let columns = font.split(separator: " ", omittingEmptySubsequences: true)
                #expect(font.contains("CID TrueType") && !font.contains("Type 3"), "\(name): \(font)")
                // emb, sub and uni: embedded, a subset, with a map to Unicode.
                #expect(columns.suffix(5).prefix(3) == ["yes", "yes", "yes"], "\(name): \(font)")
            }
        }
    }

    @Test func pdftotextFindsEveryTextOfTheFigure() throws {
        let pdftotext = try ExternalTool.find("pdftotext", package: "poppler-utils")
        for (name, figure) in try RasterAgainstRSVGTests.figures() {
            let (status, output) = try ExternalTool.run(pdftotext, [try write(figure).path, "-"])
            try #require(status == 0, "\(name): \(output)")
            let words = Set(output.split(whereSeparator: \.isWhitespace))
            for text in figure.texts {
                for word in text.text.split(whereSeparator: \.isWhitespace) {
                    #expect(words.contains(word), "\(name): '\(word)' of '\(text.text)' is not in the PDF's text")
                }
            }
        }
    }

    /// The figure's PDF painted by poppler's `pdftoppm` at 96 dpi times `scale` (one figure
    /// unit is 0.75 points, 1/96 inch), and decoded.
    func renderedByPoppler(_ figure: Figure, scale: Double = 1) throws -> DecodedPNG {
        let pdftoppm = try ExternalTool.find("pdftoppm", package: "poppler-utils")
        let pdf = try write(figure)
        let stem = pdf.deletingPathExtension().path
        let (status, output) = try ExternalTool.run(
            pdftoppm, ["-png", "-singlefile", "-r", "\(96 * scale)", pdf.path, stem])
        try #require(status == 0, "pdftoppm: \(output)")
        return try PNGDecoder.decode(try Data(contentsOf: URL(fileURLWithPath: stem + ".png")))
    }

    @Test func geometryProbesAndHeatmapCellsHaveTheirColours() throws {
        let painted = try renderedByPoppler(GeometrySampler.figure())
        for probe in GeometrySampler.probes {
            let found = painted.rgb(probe.x, probe.y)
            #expect(colourDistance(found, probe.colour) <= 2, "\(probe.what) at \(probe.x), \(probe.y): \(found)")
        }
        let (_, heatmap) = try FigureRasteriserTests.plainHeatmap()
        let ours = try renderedByPoppler(heatmap)
        let theirs = try renderedByRSVG(heatmap, in: folder)
        for cell in shapes(heatmap, class: "cell") {
            let (x, y) = try FigureRasteriserTests.probe(cell, scale: 1)
            #expect(colourDistance(ours.rgb(x, y), theirs.rgb(x, y)) <= 2, "cell at \(x), \(y)")
        }
    }

    @Test(arguments: [1.0, 2.0]) func popplerPaintsWhatLibrsvgPaints(scale: Double) throws {
        for (name, full) in try RasterAgainstRSVGTests.figures() {
            for (figure, limit) in [
                (full, Self.meanDifferenceLimit.withText),
                (RasterAgainstRSVGTests.withoutText(full), Self.meanDifferenceLimit.shapesOnly),
            ] {
                let ours = try renderedByPoppler(figure, scale: scale)
                let theirs = try renderedByRSVG(figure, scale: scale, in: folder)
                try #require(
                    ours.width == theirs.width && ours.height == theirs.height,
                    "\(name): poppler \(ours.width)x\(ours.height), librsvg \(theirs.width)x\(theirs.height)")
                let difference = meanAbsoluteDifference(ours, theirs)
                #expect(
                    difference.allSatisfy { $0 < limit / scale },
                    "\(name) at scale \(scale), limit \(limit): mean absolute difference per channel \(difference)")
            }
        }
    }
}
