import Foundation
import Testing

@testable import ThumbLab

/// The bundled study's Results and Methods as the demo writes them, in Markdown, HTML and
/// LaTeX, against the golden files in Fixtures/prose. After a deliberate change of wording,
/// `THUMBLAB_UPDATE_GOLDEN=1 swift test --filter ProseGoldenTests` rewrites them; read the
/// diff as a reviewer would before committing it.
@Suite struct ProseGoldenTests {
    static let folder = repositoryRoot.appendingPathComponent("Tests/ThumbLabTests/Fixtures/prose")
    let temporary = TemporaryFolder()

    /// The demo's report of the bundled study.
    func report() throws -> StudyReport {
        try Demo.run(
            dataset: repositoryRoot.appendingPathComponent("Datasets/thumbspace-vs-shift").path,
            into: temporary.url.appendingPathComponent("demo").path
        ).report
    }

    /// Compares `text` with the golden file `name`, or writes it when asked to.
    func compare(_ text: String, golden name: String) throws {
        let url = Self.folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["THUMBLAB_UPDATE_GOLDEN"] == "1" {
            try Data(text.utf8).write(to: url)
            return
        }
        let expected = try #require(
            try? String(contentsOf: url, encoding: .utf8),
            "missing golden file \(name): run with THUMBLAB_UPDATE_GOLDEN=1 to write it")
        #expect(text == expected, "\(name) differs from its golden file")
    }

    @Test func resultsAndMethodsMatchTheirGoldenFilesInEveryFormat() throws {
        let report = try report()
        func joined(_ paragraphs: [ProseParagraph], _ render: (ProseParagraph) -> String) -> String {
            paragraphs.map { render($0) + "\n\n" }.joined()
        }
        try compare(joined(report.resultParagraphs, ProseMarkup.markdown), golden: "results.md")
        try compare(joined(report.methodParagraphs, ProseMarkup.markdown), golden: "methods.md")
        try compare(joined(report.resultParagraphs) { "<p>\(ProseMarkup.html($0))</p>" }, golden: "results.html")
        try compare(joined(report.methodParagraphs) { "<p>\(ProseMarkup.html($0))</p>" }, golden: "methods.html")
        let files = try LaTeXReportDocument.files(report)
        for name in ["results.tex", "methods.tex"] {
            let file = try #require(files.first { $0.path == name })
            try compare(String(decoding: file.data, as: UTF8.self), golden: name)
        }
    }

    @Test func theResultsReadAsAPaperWouldPutThem() throws {
        let report = try report()
        #expect(report.resultParagraphs.count == 4, "one paragraph per measure")
        let time = report.results[0]
        #expect(time.hasPrefix("Time. Technique affected time (repeated-measures ANOVA, F(1.35, 20.29) = 152.64"))
        #expect(time.contains("ThumbSpace was slower than both Direct and Shift, both p < .001"))
        #expect(time.contains("The technique × target size (mm) interaction was significant"))
        #expect(time.contains("Simple effects of technique: at 3.6 mm, F(1.37, 20.51) = 124.56"))
        for code in ["target_size_mm", "rm-anova", "M_geo", "art rather", "=0"] {
            #expect(!(report.results + report.methods).joined().contains(code), "\(code)")
        }
        let methods = report.methods.joined(separator: "\n")
        #expect(methods.components(separatedBy: "leaving out block 0").count == 2, "the selection is stated once")
        #expect(methods.contains("48 questionnaire sheets"))
        #expect(methods.contains("ThumbLab \(report.version)"))
    }
}

/// How statistics are set in each format.
@Suite struct ProseMarkupTests {
    let paragraph = ProseParagraph([
        .emphasis("Time."), .text(" Technique affected time ("),
        .statistic("F(1.35, 20.29) = 152.64, p < .001, η²G = .470"), .text("); pairs "),
        .statistic("t(15) = 3.10, p_holm = .007, d_z = 0.78"), .text(" & more."),
    ])

    @Test func markdownKeepsStatisticsAsTyped() {
        #expect(
            ProseMarkup.markdown(paragraph)
                == "**Time.** Technique affected time (F(1.35, 20.29) = 152.64, p < .001, η²G = .470); pairs "
                + "t(15) = 3.10, p_holm = .007, d_z = 0.78 & more.")
    }

    @Test func htmlSetsSymbolsInItalicsWithTheirMarks() {
        let html = ProseMarkup.html(paragraph)
        #expect(html.hasPrefix("<strong>Time.</strong> Technique affected time ("))
        #expect(
            html.contains("<i>F</i>(1.35, 20.29) = 152.64, <i>p</i> &lt; .001, <i>η</i><sup>2</sup><sub>G</sub> = .470")
        )
        #expect(html.contains("<i>t</i>(15) = 3.10, <i>p</i><sub>holm</sub> = .007, <i>d</i><sub>z</sub> = 0.78"))
        #expect(html.hasSuffix(" &amp; more."))
    }

    @Test func latexSetsLatinSymbolsInTextItalicsAndGreekInMath() {
        let latex = ProseMarkup.latex(paragraph)
        #expect(latex.hasPrefix("\\textbf{Time.} Technique affected time ("))
        #expect(latex.contains("\\textit{F}(1.35, 20.29) = 152.64, \\textit{p} \\textless{} .001, "))
        #expect(latex.contains("$\\eta$\\textsuperscript{2}\\textsubscript{G} = .470"))
        #expect(latex.contains("\\textit{p}\\textsubscript{holm} = .007, \\textit{d}\\textsubscript{z} = 0.78"))
        #expect(latex.hasSuffix(" \\& more."))
    }

    @Test func methodsTextMarksParenthesesThatHoldOnlyStatistics() {
        let text =
            "a repeated-measures ANOVA, as Shapiro-Wilk's test (W = 0.99, p = .300) did not reject normality "
            + "(α = .05); TP (TP = IDe / MT, ISO 9241-411) and SD (n - 1)."
        let paragraph = ProseParagraph(markingStatisticsIn: text)
        #expect(paragraph.plainText == text)
        #expect(paragraph.spans.filter { $0.kind == .statistic }.map(\.text) == ["W = 0.99, p = .300", "α = .05"])
        #expect(ProseMarkup.html(paragraph).contains("(<i>W</i> = 0.99, <i>p</i> = .300)"))
    }

    @Test func aPartWithoutASymbolIsLeftAsItIs() {
        #expect(ProseMarkup.parts("95% CI [1.2, 3.4]").map(\.base) == [""])
        #expect(ProseSpan.statisticParts("F(1, 15) = 4.00, p = .064") == ["F(1, 15) = 4.00", "p = .064"])
    }
}
