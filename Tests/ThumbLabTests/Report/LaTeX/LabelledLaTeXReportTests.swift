import Foundation
import Testing

@testable import ThumbLab

/// A labelled study's LaTeX report: it compiles with the labels in its tables, sentences
/// and macro comments, keeps macro names derived from the raw names, and its PDF figures
/// hold the labels (and unlabelled factors in words) as text.
@Suite struct LabelledLaTeXReportTests {
    let folder = TemporaryFolder()

    @Test func theReportAndItsPDFFiguresShowTheLabels() throws {
        let study = try bundledStudy(["trials.csv", "touches.csv", "responses.csv"], folder: folder)
        try study.setLabel("Interaction technique", factor: "technique")
        try study.setLabel("Thumb Space", level: "ThumbSpace", of: "technique")
        let report = try study.report(selection: StudyReportTests.practice)
        let directory = folder.url.appendingPathComponent("paper")
        let written = try LaTeXReportDocument.write(report, to: directory.path)
        let numbers = try String(contentsOf: directory.appendingPathComponent("numbers.tex"), encoding: .utf8)
        #expect(numbers.contains("\\newcommand{\\TimeTechniqueF}"))
        #expect(numbers.contains("% time, Interaction technique × target size (mm): "))
        #expect(numbers.contains("marginal mean of Interaction technique = Thumb Space"))
        let pdflatex = try ExternalTool.find("pdflatex", package: "texlive-latex-recommended")
        // Twice: longtable settles its columns' widths on the second run.
        var (status, log) = (Int32(0), "")
        for _ in 0..<2 {
            (status, log) = try ExternalTool.run(
                pdflatex, ["-halt-on-error", "-interaction=nonstopmode", "report.tex"], in: directory)
            try #require(status == 0, "pdflatex failed: \(log.suffix(1500))")
        }
        #expect(!log.contains("Overfull"), "\(log.split(separator: "\n").filter { $0.hasPrefix("Overfull") })")
        let pdftotext = try ExternalTool.find("pdftotext", package: "poppler-utils")
        var figureText = ""
        for path in written where path.contains("/figures/") && path.hasSuffix(".pdf") {
            let (status, text) = try ExternalTool.run(pdftotext, [path, "-"])
            try #require(status == 0, "\(path): \(text)")
            figureText += text
        }
        #expect(figureText.contains("Thumb Space"))
        #expect(figureText.contains("Interaction technique"))
        #expect(figureText.contains("target size (mm)"))
        #expect(!figureText.contains("target_size_mm") && !figureText.contains("ThumbSpace"))
    }
}
