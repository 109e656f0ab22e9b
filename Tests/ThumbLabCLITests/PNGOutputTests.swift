import Foundation
import Testing

/// Figures written as PNG end to end: `heatmap --out map.png` on the thumb-reach study,
/// `compare --out chart.png --scale 2` on the bundled study, PNG bytes on a piped stdout,
/// and `--scale` refused where it means nothing.
@Suite struct PNGOutputTests {
    /// The signature checked and the width and height read from IHDR.
    static func pngSize(_ data: Data) throws -> (width: Int, height: Int) {
        let bytes = [UInt8](data)
        try #require(bytes.count > 33, "only \(bytes.count) bytes")
        try #require(Array(bytes[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "no PNG signature")
        #expect(String(decoding: bytes[12..<16], as: UTF8.self) == "IHDR")
        func int(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (int(16), int(20))
    }

    /// The width and height of an SVG document's root.
    static func svgSize(_ text: String) throws -> (width: Int, height: Int) {
        func attribute(_ name: String) throws -> Int {
            let range = try #require(text.range(of: " \(name)=\""), "no \(name) in the SVG")
            let rest = text[range.upperBound...]
            return try #require(Int(rest.prefix { $0 != "\"" }), "\(name) is not a whole number")
        }
        return (try attribute("width"), try attribute("height"))
    }

    @Test func heatmapOutPNGWritesTheMapAtTheSVGsSizeAndTheSameBytesTwice() throws {
        let sandbox = try ReachCommandTests().reachSandbox()
        let db = sandbox.path("study.sqlite")
        let base = ["heatmap", "--db", db, "--device", "small", "--grid", "4x7", "--measure", "error"]
        for name in ["map.png", "again.png", "map.svg"] {
            let run = try sandbox.run(base + ["--out", name])
            #expect(run.status == 0, "\(name): \(run.stderr)")
            #expect(run.stdout.isEmpty)
        }
        let png = try Data(contentsOf: URL(fileURLWithPath: sandbox.path("map.png")))
        let size = try Self.pngSize(png)
        let svg = try String(contentsOfFile: sandbox.path("map.svg"), encoding: .utf8)
        let expected = try Self.svgSize(svg)
        #expect(size.width == expected.width && size.height == expected.height)
        #expect(png == (try Data(contentsOf: URL(fileURLWithPath: sandbox.path("again.png")))), "byte-identical")

        let piped = try sandbox.run(base + ["--format", "png"])
        #expect(piped.status == 0, "\(piped.stderr)")
        // The runner reads stdout as UTF-8, which turns bytes above 0x7F into U+FFFD.
        #expect(piped.stdout.hasPrefix("\u{FFFD}PNG\r\n"), "a PNG signature on stdout")
        #expect(piped.stdout.hasSuffix("IEND\u{FFFD}B`\u{FFFD}"), "IEND and its CRC AE 42 60 82 end the output")
    }

    @Test func compareOutPNGScaleTwoDoublesTheChart() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.run(["demo"]).status == 0)
        let db = sandbox.path(CompareChartTests.demoDatabase)
        let base = ["compare", "--db", db, "--factor", "technique", "--exclude", "block=0"]
        let single = try sandbox.run(base + ["--out", "chart1.png"])
        #expect(single.status == 0, "\(single.stderr)")
        let double = try sandbox.run(base + ["--out", "chart.png", "--scale", "2"])
        #expect(double.status == 0, "\(double.stderr)")
        let one = try Self.pngSize(try Data(contentsOf: URL(fileURLWithPath: sandbox.path("chart1.png"))))
        let two = try Self.pngSize(try Data(contentsOf: URL(fileURLWithPath: sandbox.path("chart.png"))))
        #expect(two.width == 2 * one.width && two.height == 2 * one.height, "\(one) then \(two)")
    }

    @Test func scaleWithoutAPNGOrOutOfRangeIsAUsageError() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.run(["init"]).status == 0)
        let svg = try sandbox.run(["compare", "--factor", "technique", "--out", "chart.svg", "--scale", "2"])
        #expect(svg.status == 64)
        #expect(
            svg.stderr.hasPrefix(
                "Error: --scale sets the size of a PNG figure; add --format png or write --out FILE.png."))
        let huge = try sandbox.run(["heatmap", "--out", "map.png", "--scale", "20"])
        #expect(huge.status == 64)
        #expect(huge.stderr.hasPrefix("Error: --scale 20.0: give a number from 0.1 to 8 (1 for screens, 2 for print)."))
        let help = try sandbox.run(["heatmap", "--help"])
        #expect(help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ").contains("2 for print"))
    }
}
