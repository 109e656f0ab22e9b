import Foundation
import Testing

@testable import ThumbLab

/// The report of the bundled study, read as a reviewer would: every section present,
/// no NaN, every number from a table, the same bytes on every run.
@Suite struct StudyReportTests {
    let folder = TemporaryFolder()
    static let practice = Selection(exclude: [LevelFilter(factor: "block", levels: ["0"])])

    func report() throws -> (Study, StudyReport) {
        let study = try bundledStudy(["trials.csv", "touches.csv", "responses.csv"], folder: folder)
        return (study, try study.report(selection: Self.practice))
    }

    @Test func theMarkdownHasEverySectionAndNoMissingNumbers() throws {
        let (_, report) = try report()
        let markdown = StudyReportDocument.markdown(report)
        for heading in [
            "## Results", "## Dataset and design", "## Summary",
            "## Time by technique × target size (mm) × mobility",
            "## Error rate by technique × target size (mm) × mobility", "## SUS score by technique",
            "## Questionnaires",
            "## Methods",
            "## Provenance",
        ] {
            #expect(markdown.contains(heading), "\(heading)")
        }
        for missing in ["NaN", "| nan", "| inf", "| -inf"] { #expect(!markdown.contains(missing), "\(missing)") }
        #expect(!markdown.contains("| |"))
        #expect(report.notComputed.isEmpty, "\(report.notComputed)")
        #expect(report.design.participants.count == 16)
        #expect(report.selection.trials == 5184)
        #expect(report.design.blocks == [1, 2, 3])
        #expect(report.design.cells.reduce(0) { $0 + $1.attempts } == 6902)
        #expect(report.provenance.count == 3)
        #expect(report.methods.joined().contains("ThumbLab \(ThumbLabVersion.current)"))
        #expect(report.results.first?.hasPrefix("Time. Technique affected time") == true)
    }

    @Test func theReportEqualsTheAnalysesRunOnTheirOwn() throws {
        let (study, report) = try report()
        let time = try study.compare(
            ComparisonRequest(measure: .time, factors: ["technique", "target_size_mm", "mobility"]),
            selection: Self.practice)
        #expect(report.comparisons.first == time)
        let sus = try study.scores(ScoresRequest(instrument: "SUS"), selection: Self.practice)
        #expect(report.scores.first == sus.scores.first)
    }

    /// The summary and both comparisons' values come from one read of the trials, which
    /// gives what the summary reads on its own.
    @Test func theSummaryAndTheComparisonsShareOneReadOfTheTrials() throws {
        let study = try bundledStudy(["trials.csv", "touches.csv", "responses.csv"], folder: folder)
        var reads = 0
        study.database.readProgress = { if $0.finished { reads += 1 } }
        let report = try study.report(selection: Self.practice)
        study.database.readProgress = nil
        // The design, the summary with the comparisons' values, the screen tallies of the
        // heatmaps and reach zone, and target sizes; direction and Fitts' law are ruled
        // out by the imports' records of their columns (no start points, no amplitudes);
        // and the block and trial numbers, which show no order of the within factors.
        #expect(reads == 5)
        let summary = try study.summary(
            SummaryRequest(by: ["technique", "target_size_mm", "mobility"]), selection: Self.practice)
        #expect(report.summary == summary)
        let error = try study.compare(
            ComparisonRequest(measure: .error, factors: ["technique", "target_size_mm", "mobility"]),
            selection: Self.practice)
        #expect(report.comparisons.count == 2)
        #expect(report.comparisons.last == error)
    }

    @Test(arguments: [OutputFormat.md, .json, .csv])
    func writingTwiceGivesTheSameBytes(_ format: OutputFormat) throws {
        let (_, report) = try report()
        let first = try StudyReportDocument.write(
            report, to: folder.url.appendingPathComponent("a").path, format: format)
        let second = try StudyReportDocument.write(
            report, to: folder.url.appendingPathComponent("b").path, format: format)
        #expect(first.count == second.count)
        for (a, b) in zip(first, second) {
            #expect(try Data(contentsOf: URL(fileURLWithPath: a)) == Data(contentsOf: URL(fileURLWithPath: b)))
        }
        if format == .csv {
            let names = first.map { URL(fileURLWithPath: $0).lastPathComponent }
            #expect(
                names.contains("summary.csv") && names.contains("time-tests.csv") && names.contains("provenance.csv"))
        }
    }
}
