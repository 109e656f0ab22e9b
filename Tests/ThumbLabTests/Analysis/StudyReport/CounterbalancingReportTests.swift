import Foundation
import Testing

@testable import ThumbLab

/// The report's Counterbalancing paragraph: present in Markdown, HTML, LaTeX and JSON when
/// the data (or a saved plan) show the order of a within factor, absent from the bundled
/// study, whose blocks are numbered afresh for each technique.
@Suite struct CounterbalancingReportTests {
    let folder = TemporaryFolder()

    func orderedStudy() throws -> Study {
        let database = try StudyDatabase(path: folder.url.appendingPathComponent("\(UUID().uuidString).sqlite").path)
        let path = OrderEffectsReferenceTests.fixture("order_planted.csv")
        _ = try Importer(database: database).importFile(at: path, options: ImportOptions(study: "planted"))
        return Study(database: database)
    }

    @Test func aStudyThatShowsItsOrderGetsTheParagraphInEveryFormat() throws {
        let report = try orderedStudy().report()
        let order = try #require(report.counterbalancing.first)
        #expect(report.counterbalancing.count == 1 && order.request.factor == "technique")
        let paragraph = try #require(report.counterbalancingParagraphs.first)
        #expect(paragraph.hasPrefix(order.sentences[0]))
        #expect(paragraph.contains("Orders met (participants): Direct > Shift > ThumbSpace (2);"))
        let markdown = StudyReportDocument.markdown(report)
        #expect(markdown.contains("## Counterbalancing\n\n" + paragraph))
        #expect(HTMLReportDocument.html(report).contains("Counterbalancing"))
        let latex = try LaTeXReportDocument.files(report).first { $0.path == "report.tex" }
        #expect(String(decoding: try #require(latex).data, as: UTF8.self).contains("Counterbalancing"))
        let numbers = try LaTeXReportDocument.files(report).first { $0.path == "numbers.tex" }
        let macros = String(decoding: try #require(numbers).data, as: UTF8.self)
        #expect(macros.contains("\\newcommand{\\OrderTechniquePositionStat}"))
        #expect(macros.contains("\\newcommand{\\OrderTechniqueSequenceTechniqueP}"))
        let json = StudyReportDocument.json(report).rendered()
        #expect(json.contains("\"counterbalancing\": [") && json.contains("\"source\": \"data\""))
        #expect(report.methods.contains(order.methods))
    }

    @Test func theBundledStudyShowsNoOrderAndGetsNoParagraph() throws {
        let report = try bundledStudy(folder: folder).report()
        #expect(report.counterbalancing.isEmpty)
        #expect(!report.notComputed.contains { $0.contains("order effects") })
        #expect(!StudyReportDocument.markdown(report).contains("## Counterbalancing"))
    }
}
