import Foundation
import Testing

@testable import ThumbLab

/// The spatial analyses drawn: one coloured rect per cell with a figure, hatched empty
/// cells, marks, arrows, the reach-zone outline and layout frames, a title and a text
/// alternative; each document parsed as XML and rasterised by `rsvg-convert`.
@Suite struct SpatialFigureTests {
    let folder = TemporaryFolder()

    func figures() throws -> [(name: String, figure: HeatmapFigure, shown: Int, empty: Int)] {
        let study = try reachStudy(folder: folder)
        let selection = Selection(study: "thumb-reach", attempts: .all)
        let heatmap = try study.heatmap(
            HeatmapRequest(
                measure: .offset, grid: .cells(columns: 5, rows: 9), position: .touch, device: "small",
                minimumTrials: 20),
            selection: selection)
        let reach = try study.reachZones(ReachZoneRequest(grid: .cells(columns: 4, rows: 7)), selection: selection)
        let layout = try ScreenLayout(
            contentsOf: repositoryRoot.appendingPathComponent("Datasets/thumb-reach/layout-small.json").path)
        let audit = try study.auditLayout(
            layout,
            request: LayoutAuditRequest(zone: ReachZoneRequest(grid: .cells(columns: 4, rows: 7), device: "small")),
            selection: selection)
        let difference = try bundledStudy(folder: folder).heatmapDifference(
            HeatmapDifferenceRequest(
                factor: "technique", levels: ("Shift", "Direct"), measure: .error, grid: .cells(columns: 3, rows: 4)))
        let shownCells = heatmap.maps[0].cells.filter(\.isShown).count
        return [
            ("heatmap", HeatmapFigures.figure(heatmap), shownCells, 45 - shownCells),
            ("difference", HeatmapFigures.figure(difference), 12, 0),
            ("reach", ReachFigures.figure(reach), 56, 0),
            ("audit", ReachFigures.figure(audit), 28, 0),
        ]
    }

    @Test func documentsHoldTheExpectedElements() throws {
        for (name, figure, shown, empty) in try figures() {
            let svg = try parseXML(SVGWriter.document(try figure.figure()))
            #expect(svg.children.first?.name == "title" && svg.children.dropFirst().first?.name == "desc", "\(name)")
            #expect(svg.elements(class: "cell").count == shown, "\(name)")
            #expect(svg.elements(class: "cell-empty").count == empty, "\(name)")
            switch name {
            case "heatmap":
                #expect(svg.elements(class: "offset-arrow").count == shown)
                #expect(svg.children[0].text.contains("Mean offset by screen cell on small"))
            case "difference":
                let report = try bundledStudy(folder: folder).heatmapDifference(
                    HeatmapDifferenceRequest(
                        factor: "technique", levels: ("Shift", "Direct"), measure: .error,
                        grid: .cells(columns: 3, rows: 4)))
                #expect(svg.elements(class: "cell-mark").count == report.differing)
                #expect(report.differing > 0)
            case "reach":
                #expect(svg.elements(class: "outline").count == 2)
                #expect(svg.elements(class: "panel").count == 2)
            default:
                #expect(svg.elements(class: "layout-frame").count == 12)
                #expect(svg.elements(class: "outline").count == 1)
            }
        }
    }

    @Test func rsvgConvertDrawsEveryFigure() throws {
        let renderer = try FigureRasterTests.renderer()
        for (name, figure, _, _) in try figures() {
            let drawn = try figure.figure()
            let svg = folder.url.appendingPathComponent("\(name).svg")
            let png = folder.url.appendingPathComponent("\(name).png")
            try Data(SVGWriter.document(drawn).utf8).write(to: svg)
            let (status, output) = try ExternalTool.run(renderer, [svg.path, "-o", png.path])
            #expect(status == 0, "\(name): \(output)")
            let size = try FigureRasterTests.pngSize(try Data(contentsOf: png))
            #expect(size.width == Int(drawn.width) && size.height == Int(drawn.height), "\(name)")
        }
    }

    @Test func densityDirectionAndTargetSizeAreDrawn() throws {
        let renderer = try FigureRasterTests.renderer()
        let reach = try reachStudy(folder: folder)
        let selection = Selection(study: "thumb-reach", attempts: .all)
        let density = try reach.density(
            DensityRequest(
                grid: .cells(columns: 20, rows: 36), device: "small", offsetGrid: .cells(columns: 4, rows: 7)),
            selection: selection)
        let field = try #require(density.offsetField)
        #expect(field.maps[0].cells.filter(\.isShown).count == 28)
        let direction = try reach.direction(DirectionRequest(device: "small"), selection: selection)
        let size = try bundledStudy(folder: folder).targetSize()
        let documents = [
            ("density", try SpatialCharts.density(density).figure()),
            ("direction", try SpatialCharts.direction(direction).figure()),
            ("target-size", try SpatialCharts.targetSize(size).figure()),
        ]
        for (name, figure) in documents {
            let svg = try parseXML(SVGWriter.document(figure))
            #expect(svg.children.first?.name == "title" && svg.children.dropFirst().first?.name == "desc", "\(name)")
            switch name {
            case "density":
                #expect(svg.elements(class: "cell").count == 20 * 36)
                #expect(svg.elements(class: "offset-arrow").count == 28)
            case "direction":
                #expect(svg.elements(class: "point").count == direction.sectors.filter { $0.timeGeomean != nil }.count)
            default:
                #expect(svg.elements(class: "point").count == 3)
                #expect(svg.elements(class: "reference-line").count == 3)
                #expect(svg.elements(class: "fit-curve").count == 1)
            }
            let file = folder.url.appendingPathComponent("\(name).svg")
            try Data(SVGWriter.document(figure).utf8).write(to: file)
            let png = folder.url.appendingPathComponent("\(name).png")
            let (status, output) = try ExternalTool.run(renderer, [file.path, "-o", png.path])
            #expect(status == 0, "\(name): \(output)")
        }
    }

    @Test func theTerminalGridHasAColourAndANumericForm() throws {
        let report = try reachStudy(folder: folder).heatmap(
            HeatmapRequest(measure: .error, grid: .cells(columns: 4, rows: 7), device: "large"),
            selection: Selection(study: "thumb-reach", attempts: .all))
        let coloured = HeatmapFigures.terminal(report, colour: true)
        #expect(coloured.contains("\u{1B}[48;2;"))
        let plain = HeatmapFigures.terminal(report, colour: false)
        #expect(!plain.contains("\u{1B}"))
        // Error rates as percentages: the top-left cell's 10 misses of 36.
        #expect(plain.contains("27.8") || plain.contains("28"))
    }
}
