import Foundation
import Testing

@testable import ThumbLab

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The HTML report of the bundled study, read as a browser and a screen reader would:
/// well-formed, every figure captioned with a text alternative, every table captioned,
/// nothing fetched from the network, the same bytes on every run.
@Suite struct HTMLReportTests {
    let folder = TemporaryFolder()

    func report() throws -> (Study, StudyReport) {
        let study = try bundledStudy(["trials.csv", "touches.csv", "responses.csv"], folder: folder)
        return (study, try study.report(selection: StudyReportTests.practice))
    }

    @Test func everyFigureAndTableIsCaptionedAndTheFiguresHaveTextAlternatives() throws {
        let (_, report) = try report()
        let page = try HTMLOutline(HTMLReportDocument.html(report))
        #expect(page.figures.count >= 8, "\(page.figures.count) figures")
        for figure in page.figures {
            #expect(figure.caption.hasPrefix("Figure \(figure.number). "), "\(figure.caption)")
            #expect(figure.svgRole == "img")
            #expect(!figure.svgTitle.isEmpty && !figure.svgDescription.isEmpty, "\(figure.caption)")
            #expect(figure.shapes > 10, "\(figure.caption): \(figure.shapes) shapes")
        }
        #expect(page.figures.map(\.number) == Array(1...page.figures.count))
        // The tables of the Markdown report, each once, the screen section's among them.
        let markdownTables = StudyReportDocument.markdown(report).components(separatedBy: "\n### ").count - 1
        let screenTables = try #require(ReportSectionProvider.screen.section(report)).blocks.filter { block in
            if case .table = block { return true }
            return false
        }.count
        #expect(screenTables == 2)
        let instruments = report.scores.count
        #expect(page.tables.count == markdownTables - instruments)
        for (index, caption) in page.tables.enumerated() {
            #expect(caption.hasPrefix("Table \(index + 1). "), "\(caption)")
        }
        #expect(page.duplicateIDs.isEmpty, "\(page.duplicateIDs)")
        #expect(page.brokenLinks.isEmpty, "\(page.brokenLinks)")
    }

    @Test func theReportHasEverySectionOfTheMarkdownAndTheFigures() throws {
        let (_, report) = try report()
        let html = HTMLReportDocument.html(report)
        let page = try HTMLOutline(html)
        for heading in [
            "Results", "Dataset and design", "Summary", "Time by technique × target size (mm) × mobility",
            "Error rate by technique × target size (mm) × mobility", "SUS score by technique",
            "Questionnaires", "Screen, target size, direction and Fitts' law", "Methods", "Provenance",
        ] {
            #expect(page.headings.contains(heading), "\(heading)")
            #expect(page.contents.contains(heading), "not in the contents: \(heading)")
        }
        let tables = StudyReportSections.sections(report).tableNumbers
        for paragraph in report.resultParagraphs + report.methodParagraphs {
            #expect(html.contains("<p>\(ProseMarkup.html(paragraph, tables: tables))</p>"), "\(paragraph.plainText)")
        }
        for batch in report.provenance { #expect(html.contains(batch.sha256)) }
        let captions = page.figures.map(\.caption).joined(separator: "\n")
        for expected in [
            "Time by technique x target size (mm) x mobility", "Error rate by technique", "SUS score by technique",
            "Geometric-mean time by screen cell", "Error rate by screen cell", "Reach zones", "by target size",
        ] {
            #expect(captions.contains(expected), "no figure: \(expected)")
        }
        for missing in ["NaN", ">nan<", ">inf<"] { #expect(!html.contains(missing), "\(missing)") }
    }

    @Test func thePageFetchesNothingAndReadsWithoutItsScript() throws {
        let (_, report) = try report()
        let html = HTMLReportDocument.html(report)
        let page = try HTMLOutline(html)
        #expect(page.resourceReferences.isEmpty, "\(page.resourceReferences)")
        for reference in ["src=", "<link", "@import", "url(http", "url(//"] {
            #expect(!html.contains(reference), "\(reference)")
        }
        #expect(page.scripts == 1)
        #expect(html.contains("@media print") && html.contains("@page"))
        #expect(html.contains("@media (prefers-color-scheme: dark)"))
        // Every table's rows are in the page itself, not built by the script.
        let summary = try #require(StudyReportTables.all(report).first { $0.file == "summary" })
        #expect(page.tableRows.first { $0.caption.hasSuffix(summary.title) }?.rows == summary.data.rows.count)
    }

    @Test func theSameDatabaseGivesTheSameBytes() throws {
        let (study, report) = try report()
        let again = try study.report(selection: StudyReportTests.practice)
        let first = try StudyReportDocument.writeHTML(report, to: folder.url.appendingPathComponent("a/r.html").path)
        let second = try StudyReportDocument.writeHTML(again, to: folder.url.appendingPathComponent("b/r.html").path)
        let a = try Data(contentsOf: URL(fileURLWithPath: first))
        #expect(a == (try Data(contentsOf: URL(fileURLWithPath: second))))
        #expect(a.count > 100_000)
    }

    @Test func aSectionProviderAddsItsSectionToTheContents() throws {
        let (_, report) = try report()
        let extra = ReportSectionProvider(name: "extra") { report in
            ReportSection(
                id: "extra", title: "Extra <analysis>",
                blocks: [
                    .text("\(report.selection.trials) trials & more"),
                    .figure("a broken figure", caption: "never shown") { _ in throw ThumbLabError.figure(.noChartPoints) },
                ])
        }
        let html = HTMLReportDocument.html(report, providers: [extra])
        let page = try HTMLOutline(html)
        #expect(page.contents.contains("Extra <analysis>"))
        #expect(html.contains("<p>5184 trials &amp; more</p>"))
        #expect(
            html.contains(
                "The figure of a broken figure is left out: an interval chart needs at least one point; "
                    + "give one per condition."))
        #expect(!page.headings.contains("Screen, target size, direction and Fitts' law"))
    }

    @Test func theScreenSectionSaysWhichFiguresAreLeftOutAndWhy() throws {
        let (study, report) = try report()
        let spatial = report.spatial
        // The report's spatial analyses are those the commands compute on the same selection.
        #expect(spatial.targetSize == (try study.targetSize(selection: spatial.selection)))
        #expect(spatial.reach == (try study.reachZones(selection: spatial.selection)))
        #expect(
            spatial.errorHeatmap
                == (try study.heatmap(HeatmapRequest(measure: .error, by: "technique"), selection: spatial.selection)))
        #expect(spatial.selection.attempts == .all)
        #expect(spatial.selection.exclude == StudyReportTests.practice.exclude)
        #expect(spatial.timeHeatmap?.maps.count == 3)
        #expect(spatial.reach != nil && spatial.targetSize != nil)
        let section = try #require(ReportSectionProvider.screen.section(report))
        let paragraphs = section.blocks.compactMap { block -> [String]? in
            if case .list(let items) = block { return items }
            return nil
        }.flatMap { $0 }
        for reason in spatial.leftOut { #expect(paragraphs.contains(reason)) }
        // Each analysis is either drawn or named with its reason.
        #expect((spatial.direction == nil) == spatial.leftOut.contains { $0.hasPrefix("direction of movement: ") })
    }

    @Test func theWriterEscapesTextAndAttributes() {
        var page = HTMLWriter()
        page.open("p", [("title", "a \"b\" <c> & 'd'"), ("hidden", nil)])
        page.write("x < y & z > w\u{7}")
        page.close()
        page.void("br")
        #expect(
            page.finished()
                == "<p title=\"a &quot;b&quot; &lt;c&gt; &amp; &#39;d&#39;\">x &lt; y &amp; z &gt; w </p>\n<br/>\n")
        #expect(HTMLWriter.identifier("Comparison: score:SUS (1)") == "comparison-score-sus-1")
        #expect(HTMLWriter.identifier("§§") == "section")
    }
}
