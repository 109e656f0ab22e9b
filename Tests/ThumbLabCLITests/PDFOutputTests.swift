import Foundation
import Testing

/// Figures written as PDF end to end: `--out FILE.pdf` and `--format pdf` on every command
/// that draws, the page the SVG's size at 0.75 points per unit, the same bytes twice, and
/// no PDF bytes on a terminal.
@Suite struct PDFOutputTests {
    /// The page's width and height in points, from the MediaBox.
    static func pageSize(_ data: Data) throws -> (width: Double, height: Double) {
        let text = String(decoding: data, as: UTF8.self)
        try #require(text.hasPrefix("%PDF-1.7\n"), "no PDF header")
        let range = try #require(text.range(of: "/MediaBox [0 0 "), "no MediaBox")
        let numbers = text[range.upperBound...].prefix { $0 != "]" }.split(separator: " ").compactMap { Double($0) }
        try #require(numbers.count == 2)
        return (numbers[0], numbers[1])
    }

    @Test func everyDrawingCommandWritesAPDFAtItsSVGsSize() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.run(["demo"]).status == 0)
        let db = sandbox.path(CompareChartTests.demoDatabase)
        let commands: [(String, [String])] = [
            ("compare", ["compare", "--factor", "technique", "--exclude", "block=0"]),
            ("heatmap", ["heatmap"]), ("reach", ["reach"]), ("target-size", ["target-size"]),
            ("density", ["density"]), ("direction", ["direction"]),
            ("fitts", ["fitts", "--gofitts", FittsCommandTests.sd1]),
        ]
        for (name, arguments) in commands {
            let base = arguments + ["--db", db]
            for file in ["\(name).pdf", "\(name)-again.pdf", "\(name).svg"] {
                let run = try sandbox.run(base + ["--out", file])
                #expect(run.status == 0, "\(file): \(run.stderr)")
            }
            let pdf = try Data(contentsOf: URL(fileURLWithPath: sandbox.path("\(name).pdf")))
            let again = try Data(contentsOf: URL(fileURLWithPath: sandbox.path("\(name)-again.pdf")))
            #expect(pdf == again, "\(name): byte-identical")
            let svg = try String(contentsOfFile: sandbox.path("\(name).svg"), encoding: .utf8)
            let expected = try PNGOutputTests.svgSize(svg)
            let size = try Self.pageSize(pdf)
            #expect(
                abs(size.width - 0.75 * Double(expected.width)) < 0.01
                    && abs(size.height - 0.75 * Double(expected.height)) < 0.01, "\(name): \(size) for \(expected)")
            let piped = try sandbox.run(base + ["--format", "pdf"])
            #expect(piped.status == 0 && piped.stdout.hasPrefix("%PDF-1.7\n"), "\(name): \(piped.stderr)")
        }
    }

    @Test func scaleWithAPDFIsAUsageError() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.run(["init"]).status == 0)
        let run = try sandbox.run(["heatmap", "--out", "map.pdf", "--scale", "2"])
        #expect(run.status == 64)
        #expect(
            run.stderr.hasPrefix(
                "Error: --scale sets the size of a PNG figure; add --format png or write --out FILE.png."))
    }
}
