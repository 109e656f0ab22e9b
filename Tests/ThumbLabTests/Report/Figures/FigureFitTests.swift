import Foundation
import Testing

@testable import ThumbLab

/// Every text of every figure of the bundled study's report lies inside its canvas and clear
/// of every other text: measured in DejaVu Sans, the font the SVG and HTML figures are drawn
/// in, and in the pixels of the PNG painter at scale 1 and 2.
@Suite struct FigureFitTests {
    let folder = TemporaryFolder()

    /// The figures of the bundled study's HTML report, with their captions.
    func bundledFigures() throws -> [(String, Figure)] {
        let study = try bundledStudy(["trials.csv", "touches.csv", "responses.csv"], folder: folder)
        let report = try study.report(selection: StudyReportTests.practice)
        return StudyReportSections.sections(report).flatMap(\.blocks).compactMap { block in
            if case .figure(let figure) = block { return (figure.caption, figure.figure) }
            return nil
        }
    }

    /// The box the PNG painter fills for `text` at `scale`, in figure units.
    static func paintedExtent(_ text: FigureText, scale: Double) -> FigureRect? {
        let points = TextOutline.outlines(text, scale: scale).flatMap { $0 }
        guard !points.isEmpty else { return nil }
        return FigureRect(
            x0: points.map(\.x).min()! / scale, y0: points.map(\.y).min()! / scale,
            x1: points.map(\.x).max()! / scale, y1: points.map(\.y).max()! / scale)
    }

    /// Where texts stick out of the canvas or cover one another, in words.
    static func problems(_ figure: Figure, boxes: [(FigureText, FigureRect)]) -> [String] {
        var found: [String] = []
        let slack = 0.5
        for (text, box) in boxes
        where box.x < -slack || box.y < -slack || box.maxX > figure.width + slack || box.maxY > figure.height + slack {
            found.append("'\(text.text)' \(box) leaves the \(figure.width) x \(figure.height) canvas")
        }
        for (index, (first, a)) in boxes.enumerated() {
            for (second, b) in boxes[(index + 1)...] {
                let overlapX = min(a.maxX, b.maxX) - max(a.x, b.x)
                let overlapY = min(a.maxY, b.maxY) - max(a.y, b.y)
                if overlapX > slack && overlapY > slack { found.append("'\(first.text)' covers '\(second.text)'") }
            }
        }
        return found
    }

    @Test func everyTextFitsItsCanvasAndClearsTheOthersInDejaVuSans() throws {
        let figures = try bundledFigures()
        #expect(figures.count >= 8)
        for (caption, figure) in figures {
            let boxes = figure.texts.map { ($0, $0.extent) }
            let problems = Self.problems(figure, boxes: boxes)
            #expect(problems.isEmpty, "\(caption): \(problems)")
        }
    }

    @Test(arguments: [1.0, 2.0]) func everyTextFitsAndClearsTheOthersInThePNG(scale: Double) throws {
        for (caption, figure) in try bundledFigures() {
            let boxes = figure.texts.compactMap { text in Self.paintedExtent(text, scale: scale).map { (text, $0) } }
            let problems = Self.problems(figure, boxes: boxes)
            #expect(problems.isEmpty, "\(caption) at scale \(scale): \(problems)")
        }
    }

    @Test func aTextsExtentFollowsItsAnchorAndRotation() {
        let text = FigureText("Wi", at: FigurePoint(x: 100, y: 50), anchor: .end, size: 10)
        let width = (2025.0 + 569) / 2048 * 10
        let box = text.extent
        #expect(abs(box.maxX - 100) < 1e-9 && abs(box.x - (100 - width)) < 1e-9)
        #expect(abs(box.y - (50 - 7.6)) < 1e-9 && abs(box.maxY - 52.4) < 1e-9)
        var turned = text
        turned.rotation = -90
        turned.anchor = .start
        let up = turned.extent
        #expect(abs(up.y - (50 - width)) < 1e-9 && abs(up.maxY - 50) < 1e-9)
        #expect(abs(up.x - (100 - 7.6)) < 1e-9 && abs(up.maxX - 102.4) < 1e-9)
    }
}
