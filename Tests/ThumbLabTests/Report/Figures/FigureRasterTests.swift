import Foundation
import Testing

@testable import ThumbLab

/// Every kind of figure rasterised by a real SVG renderer, librsvg's `rsvg-convert`: it
/// must accept the document and write a PNG of the figure's size.
@Suite struct FigureRasterTests {
    let folder = TemporaryFolder()

    /// `rsvg-convert` on the PATH or in /usr/bin; the test fails without it.
    static func renderer() throws -> URL { try ExternalTool.find("rsvg-convert", package: "librsvg2-bin") }

    /// The width and height in a PNG's IHDR chunk, after checking the signature.
    static func pngSize(_ data: Data) throws -> (width: Int, height: Int) {
        let bytes = [UInt8](data)
        try #require(bytes.count > 24, "the PNG is only \(bytes.count) bytes")
        #expect(Array(bytes[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "PNG signature")
        #expect(String(decoding: bytes[12..<16], as: UTF8.self) == "IHDR")
        func int(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (int(16), int(20))
    }

    static func figures() throws -> [(String, Figure)] {
        var unscaled = sampleHeatmap()
        unscaled.panels = [unscaled.panels[0]]
        unscaled.panels[0].pxPerMM = nil
        unscaled.scale = .diverging([-0.3, 0.2])
        let conditions = ["standing", "walking"].flatMap { mobility in
            ["Direct", "Shift", "ThumbSpace"].map { technique in
                IntervalPoint(label: technique, group: mobility, estimate: 1200, low: 1100, high: 1310)
            }
        }
        let grouped = IntervalChart(
            title: "Time by technique within mobility", xTitle: "technique within mobility",
            yTitle: "Time (ms), geometric means", axis: .categorical, points: conditions, yFromZero: true)
        return [
            ("heatmap", try sampleHeatmap().figure()), ("difference", try unscaled.figure()),
            ("target-size", try sampleTargetSizeChart().figure()), ("grouped", try grouped.figure()),
        ]
    }

    @Test func rsvgConvertRendersEveryFigureAtItsSize() throws {
        let renderer = try Self.renderer()
        for (name, figure) in try Self.figures() {
            let svg = folder.url.appendingPathComponent("\(name).svg")
            let png = folder.url.appendingPathComponent("\(name).png")
            try Data(SVGWriter.document(figure).utf8).write(to: svg)
            let (status, message) = try ExternalTool.run(renderer, [svg.path, "-o", png.path])
            #expect(status == 0, "\(name): \(message)")
            let size = try Self.pngSize(try Data(contentsOf: png))
            #expect(size.width == Int(figure.width) && size.height == Int(figure.height), "\(name): \(size)")
            #expect(figure.width == figure.width.rounded() && figure.height == figure.height.rounded())
        }
    }
}
