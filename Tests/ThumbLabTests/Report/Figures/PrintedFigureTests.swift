import Foundation
import Testing

@testable import ThumbLab

/// The figures of the bundled study's report and of a text-entry study's drawn for print: each exactly a column's or
/// the page's width, no text under 7 points there, every text inside the canvas and clear
/// of the others, and each PDF valid for qpdf, its fonts embedded and none of Type 3, and
/// every title line and tick label text that pdftotext finds.
@Suite struct PrintedFigureTests {
    let folder = TemporaryFolder()

    /// Every figure of the bundled study's report and of the key-tap text-entry study's, at
    /// both widths.
    func printedFigures() throws -> [(String, FigureSize, Figure)] {
        let study = try bundledStudy(["trials.csv", "touches.csv", "responses.csv"], folder: folder)
        let (fixture, _) = try KeyTapTests.study()
        let reports = [
            try study.report(selection: StudyReportTests.practice),
            try Study(database: fixture.database).report(selection: Selection(study: "s")),
        ]
        let figures = reports.flatMap { StudyReportSections.sections($0).flatMap(\.blocks) }.compactMap {
            block -> ReportFigure? in
            if case .figure(let figure) = block { return figure }
            return nil
        }
        return figures.flatMap { figure in
            FigureSize.allCases.map { (figure.caption, $0, figure.drawing(printedAt: $0)) }
        }
    }

    @Test func everyPrintedFigureIsItsWidthWithNoTextUnderSevenPoints() throws {
        let figures = try printedFigures()
        #expect(figures.count >= 30)
        for (caption, size, figure) in figures {
            #expect(figure.width == size.canvasWidth, "\(caption) at \(size)")
            let small = figure.textsTooSmall(for: size).map(\.text)
            #expect(small.isEmpty, "\(caption) at \(size): \(small)")
            let smallest = figure.texts.map { figure.printedSize(of: $0, printedWidth: size.points) }.min() ?? 0
            #expect(smallest >= 7.5 - 1e-9, "\(caption) at \(size): \(smallest) pt")
            let problems = FigureFitTests.problems(figure, boxes: figure.texts.map { ($0, $0.extent) })
            #expect(problems.isEmpty, "\(caption) at \(size): \(problems)")
        }
    }

    @Test func theScreenDrawingOfAFactorialComparisonWouldPrintTooSmallInAColumn() throws {
        let study = try bundledStudy(folder: folder)
        let report = try study.compare(
            ComparisonRequest(measure: .time, factors: ["technique", "target_size_mm", "mobility"]))
        let strip = try ComparisonChart.chart(report).figure()
        let tooSmall = strip.textsTooSmall(for: .column)
        #expect(tooSmall.count == strip.texts.count, "every text of the strip of 18 cells prints under 7 pt")
        #expect(try ComparisonChart.figure(report, size: .column).textsTooSmall(for: .column).isEmpty)
    }

    @Test func everyPrintedPDFPassesQPDFEmbedsItsFontsAndHoldsItsTitleAndTickLabelsAsText() throws {
        let pdftotext = try ExternalTool.find("pdftotext", package: "poppler-utils")
        let pdffonts = try ExternalTool.find("pdffonts", package: "poppler-utils")
        let qpdf = try ExternalTool.find("qpdf", package: "qpdf")
        for (index, (caption, size, figure)) in try printedFigures().enumerated() {
            let file = folder.url.appendingPathComponent("figure-\(index).pdf")
            try PDFWriter.data(figure).write(to: file)
            let (checked, problems) = try ExternalTool.run(qpdf, ["--check", file.path])
            #expect(checked == 0, "\(caption) at \(size): \(problems)")
            let (listed, fonts) = try ExternalTool.run(pdffonts, [file.path])
            try #require(listed == 0)
            for row in fonts.split(separator: "\n").dropFirst(2) {
                let columns = row.split(separator: " ", omittingEmptySubsequences: true)
                #expect(!row.contains("Type 3") && columns.suffix(5).first == "yes", "\(caption) at \(size): \(row)")
            }
            let (status, text) = try ExternalTool.run(pdftotext, [file.path, "-"])
            try #require(status == 0, "\(caption) at \(size): \(text)")
            let words = text.filter { !$0.isWhitespace }
            let wanted = figure.texts.filter {
                ["figure-title", "tick-label", "legend-tick-label"].contains($0.className ?? "")
            }
            #expect(wanted.count >= 2, "\(caption) at \(size)")
            for text in wanted {
                #expect(words.contains(text.text.filter { !$0.isWhitespace }), "\(caption) at \(size): '\(text.text)'")
            }
        }
    }
}

/// A factorial comparison as an interaction plot: a line per technique, target size along x,
/// a panel per mobility, on one y scale.
@Suite struct InteractionChartTests {
    let folder = TemporaryFolder()

    @Test func aThreeFactorComparisonIsALinePerTechniqueInAPanelPerMobility() throws {
        let study = try bundledStudy(folder: folder)
        let report = try study.compare(
            ComparisonRequest(measure: .time, factors: ["technique", "target_size_mm", "mobility"]))
        let chart = try #require(ComparisonChart.interaction(report))
        #expect(chart.points.count == 18)
        #expect(chart.seriesTitle == "Technique" && chart.xTitle == "Target size (mm)")
        let first = try #require(chart.points.first)
        #expect(first.series == "Direct" && first.x == "3.6" && first.panel == "mobility = standing")
        let level = report.comparisons[0].levels[0]
        #expect(first.estimate == level.mean && first.low == level.ciLow && first.high == level.ciHigh)
        for size in [nil, FigureSize.column, .page] {
            let root = try parseXML(SVGWriter.document(try chart.figure(size: size)))
            #expect(root.elements(class: "panel").count == 2)
            #expect(root.elements(class: "series-line").count == 6)
            #expect(root.elements(class: "estimate").count == 18)
            #expect(root.elements(class: "interval").count == 18)
            #expect(root.elements(class: "category-label").count == 6)
            #expect(root.elements(class: "panel-label").map(\.text).contains("mobility = walking"))
        }
        let figure = try chart.figure()
        let labels = figure.elements.flatMap { element -> [String] in
            guard case .group(let panel) = element, panel.className == "panel" else { return [] }
            return panel.elements.flatMap { line -> [String] in
                guard case .group(let series) = line else { return [] }
                return series.elements.compactMap { if case .group(let point) = $0 { point.label } else { nil } }
            }
        }
        #expect(labels.count == 18)
        #expect(labels.first?.hasPrefix("mobility = standing, Direct, 3.6: ") == true)
    }

    @Test func aOneFactorComparisonStaysAnIntervalChart() throws {
        let study = try bundledStudy(folder: folder)
        let report = try study.compare(ComparisonRequest(measure: .time, factors: ["technique"]))
        #expect(ComparisonChart.interaction(report) == nil)
        let root = try parseXML(SVGWriter.document(try ComparisonChart.figure(report)))
        #expect(root.elements(class: "estimate").count == 3 && root.elements(class: "series-line").isEmpty)
    }

    @Test func aChartWithoutPointsCannotBeDrawn() {
        let chart = InteractionChart(title: "t", xTitle: "x", yTitle: "y", seriesTitle: "s", points: [])
        #expect(throws: ThumbLabError.self) { try chart.figure() }
    }
}
