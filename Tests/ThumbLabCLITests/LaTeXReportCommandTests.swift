import Foundation
import Testing

/// `report --format latex --out DIR` on the bundled study: the files it names, in the
/// folder it was given, and the same bytes on a second run.
@Suite struct LaTeXReportCommandTests {
    @Test func reportFormatLatexWritesTheDocumentItsSectionsTablesAndFigures() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.run(["demo"]).status == 0)
        let db = sandbox.path(CompareChartTests.demoDatabase)
        let run = try sandbox.run(["report", "--db", db, "--exclude", "block=0", "--format", "latex", "--out", "paper"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.prefix(3) == ["Wrote paper/report.tex", "Wrote paper/results.tex", "Wrote paper/methods.tex"])
        #expect(lines.contains("Wrote paper/tables/table-1.tex") && lines.contains("Wrote paper/figures/figure-1.pdf"))
        let first = try Data(contentsOf: URL(fileURLWithPath: sandbox.path("paper/report.tex")))
        #expect(String(decoding: first, as: UTF8.self).contains("\\input{results}"))
        let again = try sandbox.run([
            "report", "--db", db, "--exclude", "block=0", "--format", "latex", "--out", "again",
        ])
        #expect(again.status == 0)
        for line in lines {
            let path = String(line.dropFirst("Wrote paper/".count))
            let a = try Data(contentsOf: URL(fileURLWithPath: sandbox.path("paper/" + path)))
            let b = try Data(contentsOf: URL(fileURLWithPath: sandbox.path("again/" + path)))
            #expect(a == b, "\(path) differs between runs")
        }
    }
}

/// An output that cannot be created exits 73 (sysexits CANTCREAT) and writes nothing.
@Suite struct UnwritableOutputTests {
    @Test func anUnwritableReportFolderExits73AndWritesNothing() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.run(["demo"]).status == 0)
        let db = sandbox.path(CompareChartTests.demoDatabase)
        _ = try sandbox.write("taken", "a file where the folder should be")
        let run = try sandbox.run(["report", "--db", db, "--format", "latex", "--out", "taken/paper"])
        #expect(run.status == 73, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("Error: cannot create the report folder 'taken/paper'"), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        let figure = try sandbox.run(["heatmap", "--db", db, "--out", "taken/map.pdf"])
        #expect(figure.status == 73, "\(figure.stderr)")
    }
}
