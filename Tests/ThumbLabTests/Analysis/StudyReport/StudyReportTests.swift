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

    /// The design, the summary, both comparisons' values, the first trials of each factor
    /// and the screen tallies come from one read of the trials, which gives what the
    /// summary reads on its own.
    @Test func theSummaryAndTheComparisonsShareOneReadOfTheTrials() throws {
        let study = try bundledStudy(["trials.csv", "touches.csv", "responses.csv"], folder: folder)
        var reads = 0
        study.database.readProgress = { if $0.finished { reads += 1 } }
        let report = try study.report(selection: Self.practice)
        study.database.readProgress = nil
        // That one read, and target sizes; direction and Fitts' law are ruled out by the
        // imports' records of their columns (no start points, no amplitudes), and the
        // block and trial numbers show no order of the within factors.
        #expect(reads == 2)
        let summary = try study.summary(
            SummaryRequest(by: ["technique", "target_size_mm", "mobility"]), selection: Self.practice)
        #expect(report.summary == summary)
        let error = try study.compare(
            ComparisonRequest(measure: .error, factors: ["technique", "target_size_mm", "mobility"]),
            selection: Self.practice)
        #expect(report.comparisons.count == 2)
        #expect(report.comparisons.last == error)
    }

    /// What the report gathers in its one read equals what each analysis reads on its own,
    /// for first, last and every attempt, and with cleaning (whose fences over every attempt
    /// differ from the report's, so that the spatial analyses read their own trials).
    @Test(arguments: [
        practice, Selection(attempts: .all), Selection(attempts: .last),
        Selection(exclude: [LevelFilter(factor: "block", levels: ["0"])], timeTrials: .hits),
        Selection(timeTrials: .hits, outliers: .sd(2)),
    ])
    func theReportsOneReadGivesWhatEachAnalysisReadsAlone(selection: Selection) throws {
        let study = try bundledStudy(["trials.csv", "touches.csv", "responses.csv"], folder: folder)
        let report = try study.report(selection: selection)
        let factors = ["technique", "target_size_mm", "mobility"]
        #expect(report.summary == (try study.summary(SummaryRequest(by: factors), selection: selection)))
        let resolved = try study.resolve(selection)
        let design = try study.designOverview(resolved, rejectedRows: report.design.rejectedRows)
        #expect(report.design == design)
        #expect(report.design.cells.reduce(0) { $0 + $1.attempts } > report.design.cells.reduce(0) { $0 + $1.trials })
        let spatial = try study.reportSpatial(selection: selection, factor: "technique")
        #expect(report.spatial == spatial)
        #expect(spatial.timeHeatmap != nil && spatial.reach != nil)
        let schemes = try factors.map { try CellScheme(factors: [$0], selection: resolved) }
        let firsts = try study.firstTrials(resolved, schemes: schemes)
        #expect(firsts.allSatisfy { $0.count == 16 })
        var inHalves = study
        inHalves.twoReadersFrom = 2
        #expect(try inHalves.firstTrials(resolved, schemes: schemes) == firsts)
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
