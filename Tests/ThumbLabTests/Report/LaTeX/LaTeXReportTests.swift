import Foundation
import Testing
import ThumbLabStats

@testable import ThumbLab

/// The bundled study's report as LaTeX: `report.tex` compiles twice with pdflatex without
/// an error or an undefined reference and with every font embedded and none of Type 3,
/// `results.tex` compiles inside a minimal article that
/// inputs it, the PDF holds the headline statistics of the Markdown report, and two runs
/// give the same bytes.
@Suite struct LaTeXReportTests {
    let folder = TemporaryFolder()

    func report() throws -> StudyReport {
        let study = try bundledStudy(["trials.csv", "touches.csv", "responses.csv"], folder: folder)
        return try study.report(selection: StudyReportTests.practice)
    }

    /// Compiles `file` in `directory` twice and returns the second run's log.
    func compile(_ file: String, in directory: URL) throws -> String {
        let pdflatex = try ExternalTool.find("pdflatex", package: "texlive-latex-recommended")
        var log = ""
        for _ in 0..<2 {
            let (status, output) = try ExternalTool.run(
                pdflatex, ["-halt-on-error", "-interaction=nonstopmode", file], in: directory)
            log = output
            try #require(status == 0, "pdflatex \(file) failed: \(output.suffix(1500))")
        }
        return log
    }

    @Test func theReportCompilesWithEveryReferenceResolvedAndHoldsTheHeadlineStatistics() throws {
        let report = try report()
        let directory = folder.url.appendingPathComponent("paper")
        let written = try LaTeXReportDocument.write(report, to: directory.path)
        #expect(written.contains { $0.hasSuffix("/report.tex") } && written.contains { $0.hasSuffix("/results.tex") })
        #expect(written.contains { $0.hasSuffix("/methods.tex") })
        #expect(written.filter { $0.contains("/figures/figure-") && $0.hasSuffix(".pdf") }.count >= 8)
        #expect(written.filter { $0.contains("/tables/table-") && $0.hasSuffix(".tex") }.count >= 10)
        let log = try compile("report.tex", in: directory)
        #expect(!log.contains("undefined"), "\(log.suffix(2000))")
        // Every table fits the page: a wide one is set in parts.
        #expect(!log.contains("Overfull"), "\(log.split(separator: "\n").filter { $0.hasPrefix("Overfull") })")
        let tex = try String(contentsOf: directory.appendingPathComponent("report.tex"), encoding: .utf8)
        #expect(tex.contains(", continued: Summary by cell}"))
        let pdftotext = try ExternalTool.find("pdftotext", package: "poppler-utils")
        let (status, text) = try ExternalTool.run(pdftotext, ["report.pdf", "-"], in: directory)
        try #require(status == 0)
        // Superscripts come out of the PDF as separate characters: compare without spaces.
        func squeezed(_ text: String) -> String {
            text.replacingOccurrences(of: "²", with: "2").filter { !$0.isWhitespace }
        }
        let words = squeezed(text)
        // Every test statistic of the Results, such as "F(1.35, 20.29) = 152.64".
        let statistic = /[Ftχ]²?\([^)]*\) = -?[0-9.]+/
        var checked = 0
        for sentence in report.results {
            for match in sentence.matches(of: statistic) {
                #expect(words.contains(squeezed(String(match.output))), "\(match.output) is not in report.pdf")
                checked += 1
            }
        }
        #expect(checked >= 12)
        // What a publisher's PDF check asks: every font embedded (the figures' too), none Type 3.
        let pdffonts = try ExternalTool.find("pdffonts", package: "poppler-utils")
        let (fontStatus, fonts) = try ExternalTool.run(pdffonts, ["report.pdf"], in: directory)
        try #require(fontStatus == 0)
        let rows = fonts.split(separator: "\n").dropFirst(2)
        #expect(rows.count >= 4)
        for row in rows {
            #expect(!row.contains("Type 3"), "\(row)")
            let columns = row.split(separator: " ", omittingEmptySubsequences: true)
            #expect(columns.suffix(5).first == "yes", "not embedded: \(row)")
        }
    }

    @Test func aTextEntryReportFitsItsPagesToo() throws {
        // Six comparison charts, the learning curves and the key offsets between longtables:
        // figures stay where their sections put them, so no page is overfilled.
        let (fixture, _) = try KeyTapTests.study()
        let report = try Study(database: fixture.database).report(selection: Selection(study: "s"))
        let directory = folder.url.appendingPathComponent("text-entry")
        _ = try LaTeXReportDocument.write(report, to: directory.path)
        let log = try compile("report.tex", in: directory)
        #expect(!log.contains("undefined"))
        #expect(!log.contains("Overfull"), "\(log.split(separator: "\n").filter { $0.hasPrefix("Overfull") })")
    }

    @Test func resultsAndMethodsCompileInsideAMinimalArticleWithTheTablesTheyCite() throws {
        let directory = folder.url.appendingPathComponent("paper")
        _ = try LaTeXReportDocument.write(try report(), to: directory.path)
        let results = try String(contentsOf: directory.appendingPathComponent("results.tex"), encoding: .utf8)
        let cited = results.matches(of: /\\ref\{tab:([0-9]+)\}/).map { String($0.output.1) }
        #expect(cited.count == 2, "the simple effects of time and of error rate")
        let paper = """
            \\documentclass{article}
            \\usepackage{booktabs}
            \\usepackage{graphicx}
            \\begin{document}
            \\input{results}
            \\input{methods}
            \(cited.map { "\\input{tables/table-\($0)}" }.joined(separator: "\n"))
            \\end{document}

            """
        try Data(paper.utf8).write(to: directory.appendingPathComponent("paper.tex"))
        let log = try compile("paper.tex", in: directory)
        #expect(!log.contains("undefined"))
    }

    /// The paper a CHI author writes: acmart's `sigconf` with `numbers.tex` in the preamble,
    /// the Results and Methods, every table of the report's sections (the appendix's full
    /// tables and the provenance of the imports are not for the paper) and every figure at `\columnwidth`. It compiles twice
    /// with no overfull box and no undefined reference. acmart's own fonts (Libertine) are
    /// not installed, so it sets Computer Modern, which is wider.
    @Test func theResultsMethodsTablesAndFiguresFitAnAcmartSigconfPaper() throws {
        let kpsewhich = try ExternalTool.find("kpsewhich", package: "texlive-latex-base")
        let (found, _) = try ExternalTool.run(kpsewhich, ["acmart.cls"], in: folder.url)
        try #require(found == 0, "acmart.cls is missing: install texlive-publishers and texlive-latex-extra")
        let report = try report()
        let directory = folder.url.appendingPathComponent("chi")
        let files = try LaTeXReportDocument.write(report, to: directory.path)
        let sections = StudyReportSections.sections(report)
        var number = 0
        var tables: [Int] = []
        for section in sections {
            for case .table in section.blocks {
                number += 1
                if !["appendix", "provenance"].contains(section.id) { tables.append(number) }
            }
        }
        let figures = sections.flatMap(\.blocks).compactMap { block -> ReportFigure? in
            if case .figure(let figure) = block { return figure }
            return nil
        }
        #expect(figures.count == files.filter { $0.hasSuffix("-column.pdf") }.count)
        // A page break after every few floats, so that sigconf never holds too many at once.
        var floats = tables.map { "\\input{tables/table-\($0)}" }
        floats += figures.enumerated().map { index, figure in
            "\\begin{figure}\n\\includegraphics[width=\\columnwidth]{figures/figure-\(index + 1)-column.pdf}\n"
                + "\\caption{\(LaTeXText.escaped(figure.caption))}\n\\Description{\(LaTeXText.escaped(figure.alternativeText))}\n"
                + "\\end{figure}"
        }
        let body = stride(from: 0, to: floats.count, by: 4).map {
            floats[$0..<min($0 + 4, floats.count)].joined(separator: "\n") + "\n\\clearpage"
        }.joined(separator: "\n")
        let paper = """
            \\documentclass[sigconf]{acmart}
            \\settopmatter{printacmref=false}
            \\setcopyright{none}
            \\renewcommand\\footnotetextcopyrightpermission[1]{}
            \\input{numbers}
            \\begin{document}
            \\title{A study of one-handed touch}
            \\author{A. Author}
            \\maketitle
            \\input{results}
            \\input{methods}
            \(body)
            \\end{document}

            """
        try Data(paper.utf8).write(to: directory.appendingPathComponent("chi.tex"))
        let log = try compile("chi.tex", in: directory)
        #expect(!log.contains("undefined"), "\(log.suffix(1500))")
        let overfull = log.split(separator: "\n").filter { $0.hasPrefix("Overfull") }
        #expect(overfull.isEmpty, "\(overfull.joined(separator: "\n"))")
    }

    @Test func everyMacroOfNumbersCompilesAndTheHeadlineOnesHoldTheirStatistics() throws {
        let directory = folder.url.appendingPathComponent("paper")
        _ = try LaTeXReportDocument.write(try report(), to: directory.path)
        let numbers = try String(contentsOf: directory.appendingPathComponent("numbers.tex"), encoding: .utf8)
        #expect(
            numbers.contains(
                "% time, technique: repeated-measures ANOVA\n"
                    + "\\newcommand{\\TimeTechniqueStat}{$F(1.35, 20.29) = 152.64$, $p < .001$, $\\eta^2_G = .470$}\n"))
        #expect(numbers.contains("\\newcommand{\\TimeTechniqueF}{$F(1.35, 20.29) = 152.64$}"))
        #expect(numbers.contains("\\newcommand{\\ErrorShiftRate}{$7.3\\%$}"))
        #expect(
            numbers.contains(
                "\\newcommand{\\TimeDirectShiftStat}{$t(15) = -7.27$, $p < .001$, $p_{\\mathrm{holm}} < .001$}"))
        #expect(numbers.contains("\\newcommand{\\ScoreSatisfactionTechniqueChi}{$\\chi^2(2, N = 16) = 3.26$}"))
        let names = numbers.matches(of: /\\newcommand\{\\([A-Za-z]+)\}/).map { String($0.output.1) }
        #expect(names.count > 100 && Set(names).count == names.count)
        let uses = names.map { "\\noindent\\\($0)\\par" }.joined(separator: "\n")
        let paper = "\\documentclass{article}\n\\input{numbers}\n\\begin{document}\n\(uses)\n\\end{document}\n"
        try Data(paper.utf8).write(to: directory.appendingPathComponent("uses.tex"))
        _ = try compile("uses.tex", in: directory)
    }

    @Test func macroNamesAreLettersOnlyWithDigitsSpeltOut() {
        #expect(
            LaTeXNumbers.macroName(["score:sus", "target_size_mm", "3.6", "Direct"])
                == "ScoreSusTargetSizeMmThreePointSixDirect")
        let statistic = APAStatistic([
            .init("F", df: ["1.35", "20.29"], "152.64"), .p(0.0004), .init("η²G", ".470"), .p(0.02, label: "holm"),
            .init("d_z", "0.78"), .init("χ²", df: ["2", "N = 16"], "3.26"),
        ])
        #expect(
            LaTeXNumbers.math(statistic)
                == "$F(1.35, 20.29) = 152.64$, $p < .001$, $\\eta^2_G = .470$, $p_{\\mathrm{holm}} = .020$, "
                + "$d_z = 0.78$, $\\chi^2(2, N = 16) = 3.26$")
        #expect(
            statistic.parts.compactMap(\.symbol).map(LaTeXNumbers.name) == ["F", "P", "EtaG", "PHolm", "DZ", "Chi"])
        #expect(LaTeXNumbers.math(ProseNumber(1109, precision: 0, unit: "ms")) == "$1109\\,\\mathrm{ms}$")
        #expect(LaTeXNumbers.math(ProseNumber(30.3, precision: 1, unit: "%")) == "$30.3\\%$")
        #expect(LaTeXNumbers.math(ProseNumber(4.5, precision: 2)) == "$4.50$")
    }

    @Test func twoRunsGiveTheSameBytes() throws {
        let report = try report()
        #expect(try LaTeXReportDocument.files(report) == LaTeXReportDocument.files(report))
    }

    @Test func tablesAlignNumbersOnTheirDecimalPoint() {
        let table = ResultTable(
            columns: ["level", "mean_ms"],
            rows: [
                [.string("Direct_1 & 50%"), .number(1109.25)], [.string("Shift"), .int(12)], [.string("η²"), .null],
            ])
        let tabular = LaTeXTableWriter.tabular(ReportTable(file: "t", title: "T", data: table))
        #expect(
            tabular == """
                \\begin{tabular}{@{}l r@{}l@{}}
                \\toprule
                level & \\multicolumn{2}{c}{mean\\_ms} \\\\
                \\midrule
                Direct\\_1 \\& 50\\% & 1109 & .25 \\\\
                Shift & 12 &  \\\\
                $\\eta$\\textsuperscript{2} &  &  \\\\
                \\bottomrule
                \\end{tabular}

                """)
    }
}
