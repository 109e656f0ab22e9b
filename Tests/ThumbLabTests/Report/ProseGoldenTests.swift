import Foundation
import Testing
import ThumbLabStats

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
        // Tables are referred to by their numbers in the report.
        let tables = StudyReportSections.sections(report).tableNumbers
        try compare(joined(report.resultParagraphs) { ProseMarkup.markdown($0, tables: tables) }, golden: "results.md")
        try compare(joined(report.methodParagraphs) { ProseMarkup.markdown($0, tables: tables) }, golden: "methods.md")
        try compare(
            joined(report.resultParagraphs) { "<p>\(ProseMarkup.html($0, tables: tables))</p>" }, golden: "results.html"
        )
        try compare(
            joined(report.methodParagraphs) { "<p>\(ProseMarkup.html($0, tables: tables))</p>" }, golden: "methods.html"
        )
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
        #expect(
            time.contains(
                "(repeated-measures ANOVA, F(1.35, 20.29) = 152.64, p < .001, η²G = .470; geometric means 1109 ms for Direct, 1314 ms for Shift and 1561 ms for ThumbSpace). All three pairs differed, all p < .001."
            ))
        #expect(
            report.results[2].contains(
                "Direct scored lower than both Shift and ThumbSpace, both p = .004; Shift and ThumbSpace did not differ, p = .888."
            ))
        #expect(time.contains("The technique × target size (mm) interaction was significant"))
        #expect(
            time.contains(
                "The technique × target size (mm) interaction was significant (F(4, 60) = 41.68, p < .001, η²G = .063): "
                    + "ThumbSpace was 31% slower than Shift at 9.6 mm and 7% at 3.6 mm."))
        #expect(time.hasSuffix("The simple effects of each interaction are in the table of simple effects."))
        // A paper's Results paragraph: no measure's paragraph over 300 words.
        for paragraph in report.results {
            #expect(paragraph.split(whereSeparator: \.isWhitespace).count <= 300, "\(paragraph.prefix(40))")
        }
        for code in ["target_size_mm", "rm-anova", "M_geo", "art rather", "=0"] {
            #expect(!(report.results + report.methods).joined().contains(code), "\(code)")
        }
        let methods = report.methods.joined(separator: "\n")
        #expect(methods.components(separatedBy: "leaving out block 0").count == 2, "the selection is stated once")
        #expect(methods.contains("48 questionnaire sheets"))
        #expect(methods.contains("ThumbLab \(report.version)"))
        // The Methods' statistics are typed runs, as the Results' are.
        let statistics = report.methodParagraphs.flatMap(\.statistics).map(\.description)
        #expect(statistics == ["W = 0.99, p = .300", "W = 0.99, p = .006", "W = 0.98, p = .654", "α = .05"])
    }

    @Test func methodsStateEachFactOnceByItsTopicAndSubject() {
        let descriptives = MethodsFact(.descriptives, "scores: cells by technique", text: "Descriptives per cell.")
        let same = "It was analysed over posture with a paired t-test."
        let facts = [
            MethodsFact(.scoring, "SUS", text: "SUS score."), descriptives,
            MethodsFact(.scoring, "satisfaction", text: "Likert."), descriptives,
            MethodsFact(.test, "total error rate", text: same), MethodsFact(.test, "corrected error rate", text: same),
            MethodsFact(.correction, "time", text: ""),
        ]
        let once = MethodsFact.once(facts)
        #expect(
            once.map(\.subject) == [
                "SUS", "scores: cells by technique", "satisfaction", "total error rate", "corrected error rate",
            ])
        #expect(
            MethodsFact.text(once)
                == "SUS score. Descriptives per cell. Likert. \(same) \(same)")
    }
}

/// How statistics, numbers and citations are set in each format.
@Suite struct ProseMarkupTests {
    let paragraph = ProseParagraph([
        .emphasis("Time."), .text(" Technique affected time ("),
        .statistic(APAStatistic([.init("F", df: ["1.35", "20.29"], "152.64"), .p(0.0002), .init("η²G", ".470")])),
        .text("); pairs "),
        .statistic(APAStatistic([.init("t", df: ["15"], "3.10"), .p(0.007, label: "holm"), .init("d_z", "0.78")])),
        .text(" & more."),
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

    @Test func aSymbolIsReadFromItsNotation() {
        #expect(APAStatistic.Symbol("η²G") == APAStatistic.Symbol(base: "η", squared: true, label: "G"))
        #expect(APAStatistic.Symbol("χ²") == APAStatistic.Symbol(base: "χ", squared: true))
        #expect(APAStatistic.Symbol("d_z") == APAStatistic.Symbol(base: "d", label: "z"))
        #expect(APAStatistic.Symbol("SE").text == "SE")
        #expect(APAStatistic.Part.p(0.0001, label: "holm").text == "p_holm < .001")
        #expect(APAStatistic.Part.p(0.9999).text == "p > .999")
        #expect(APAStatistic.Part.p(.nan).text == "p = NA")
    }

    @Test func anAdjustedPValueReplacesTheBareOne() {
        let test = APAStatistic([.init("F", df: ["2", "30"], "9.34"), .p(0.0004), .init("η²p", ".384")])
        #expect(test.adjusted(0.0012, label: "holm").description == "F(2, 30) = 9.34, p_holm = .001, η²p = .384")
    }

    @Test func aPartOfWordsNumbersAndCitationsAreSetUpright() {
        let paragraph = ProseParagraph([
            .statistic(APAStatistic([.init("M_diff", "1.20"), .init(words: "CI [0.40, 2.00]")])), .text(" in "),
            .number(ProseNumber(1109.4, precision: 0, unit: "ms")), .text(", "),
            .number(ProseNumber(12.345, precision: 1, unit: "%")), .text("; "),
            .citation(Citation("Wobbrock et al.", 2011, narrative: true)), .text(" ("),
            .citation(Citation("Agresti & Coull", 1998)), .text(")"),
        ])
        #expect(
            paragraph.plainText
                == "M_diff = 1.20, CI [0.40, 2.00] in 1109 ms, 12.3%; Wobbrock et al. (2011) (Agresti & Coull 1998)")
        #expect(ProseMarkup.html(paragraph).hasPrefix("<i>M</i><sub>diff</sub> = 1.20, CI [0.40, 2.00] in 1109 ms"))
        #expect(ProseMarkup.latex(paragraph).hasSuffix("12.3\\%; Wobbrock et al. (2011) (Agresti \\& Coull 1998)"))
        #expect(paragraph.statistics.count == 1)
    }
}
