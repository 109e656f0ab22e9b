import Foundation
import Testing

/// `--width column|page` on every command that draws: the PDF page is the width's points
/// (241 or 506) whatever the content, and a width without a figure is a usage error.
@Suite struct FigureWidthTests {
    @Test func everyDrawingCommandDrawsForAColumnAndForThePage() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.run(["demo"]).status == 0)
        let db = sandbox.path(CompareChartTests.demoDatabase)
        let commands: [(String, [String])] = [
            ("compare", ["compare", "--factor", "technique", "--factor", "mobility", "--exclude", "block=0"]),
            ("heatmap", ["heatmap"]), ("reach", ["reach"]), ("target-size", ["target-size"]),
            ("density", ["density"]), ("direction", ["direction"]),
            ("fitts", ["fitts", "--gofitts", FittsCommandTests.sd1]),
        ]
        for (name, arguments) in commands {
            for (width, points) in [("column", 241.0), ("page", 506.0)] {
                let file = "\(name)-\(width).pdf"
                let run = try sandbox.run(arguments + ["--db", db, "--width", width, "--out", file])
                #expect(run.status == 0, "\(file): \(run.stderr)")
                let pdf = try Data(contentsOf: URL(fileURLWithPath: sandbox.path(file)))
                let size = try PDFOutputTests.pageSize(pdf)
                #expect(abs(size.width - points) < 0.01, "\(file): \(size.width) pt wide")
            }
        }
    }

    @Test func aWidthWithoutAFigureIsAUsageError() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.run(["init"]).status == 0)
        let run = try sandbox.run(["heatmap", "--format", "csv", "--width", "column"])
        #expect(run.status == 64)
        #expect(
            run.stderr.hasPrefix(
                "Error: --width sets the printed width of a figure; add --format svg, png or pdf, or write --out FILE.pdf."
            ))
        let wrong = try sandbox.run(["heatmap", "--out", "map.svg", "--width", "wide"])
        #expect(wrong.status == 64 && wrong.stderr.contains("column") && wrong.stderr.contains("page"))
    }
}
