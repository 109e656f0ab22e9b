import Foundation
import Testing
import ThumbLab

/// A script's reports print what the commands print: `report.json` is the command's
/// `--format json` and `report.tables` its Markdown, on the demo's database.
@Suite struct AnalysisReportCommandTests {
    /// Runs `arguments` on the demo database in JSON and in Markdown and expects the
    /// report's JSON and Markdown.
    func expectSameOutput(
        _ arguments: [String], _ report: any AnalysisReport, in sandbox: borrowing Sandbox,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let database = ["--db", sandbox.path(AnalysisCommandTests.demoDatabase)]
        let json = try sandbox.run(arguments + database + ["--format", "json"])
        #expect(json.status == 0, "\(json.stderr)", sourceLocation: sourceLocation)
        #expect(json.stdout == report.json.rendered() + "\n", sourceLocation: sourceLocation)
        let markdown = try sandbox.run(arguments + database + ["--format", "md"])
        #expect(markdown.status == 0, "\(markdown.stderr)", sourceLocation: sourceLocation)
        #expect(markdown.stdout == report.tables.rendered(as: .md), sourceLocation: sourceLocation)
    }

    @Test func summaryCompareAndScoresPrintTheScriptsReports() throws {
        let sandbox = try Sandbox()
        let demo = try sandbox.run(["demo"])
        try #require(demo.status == 0, "\(demo.stderr)")
        let study = try Study(path: sandbox.path(AnalysisCommandTests.demoDatabase))
        let main = Selection(exclude: [LevelFilter(factor: "block", levels: ["0"])])
        try expectSameOutput(
            ["summary", "--by", "technique", "--exclude", "block=0"],
            try study.summary(SummaryRequest(by: ["technique"]), selection: main), in: sandbox)
        try expectSameOutput(
            ["compare", "--factor", "technique", "--exclude", "block=0"],
            try study.compare(ComparisonRequest(measure: .time, factors: ["technique"]), selection: main),
            in: sandbox)
        try expectSameOutput(["scores"], try study.scores(), in: sandbox)
        try expectSameOutput(
            ["scores", "--instrument", "SUS"], try study.scores(ScoresRequest(instrument: "SUS")), in: sandbox)
    }

    @Test func spatialCommandsPrintTheScriptsReports() throws {
        let sandbox = try Sandbox()
        let demo = try sandbox.run(["demo"])
        try #require(demo.status == 0, "\(demo.stderr)")
        let study = try Study(path: sandbox.path(AnalysisCommandTests.demoDatabase))
        try expectSameOutput(["heatmap"], try study.heatmap(), in: sandbox)
        try expectSameOutput(["reach"], try study.reachZones(), in: sandbox)
        try expectSameOutput(["target-size"], try study.targetSize(), in: sandbox)
        try expectSameOutput(["density"], try study.density(), in: sandbox)
    }
}
