import Foundation
import Testing

@testable import ThumbLab

/// The heatmap figure as SVG: one rect per cell with a value, empty cells hatched and
/// named in the legend, marks, arrows, the outline, layout frames, scale bars, the legend,
/// and the errors that bad panels get.
@Suite struct HeatmapFigureTests {
    func document() throws -> XMLNode {
        try parseXML(SVGWriter.document(try sampleHeatmap().figure()))
    }

    @Test func everyCellWithAValueIsOneRectCarryingItsValue() throws {
        let root = try document()
        let cells = root.elements(class: "cell")
        #expect(cells.count == 46)
        #expect(cells.allSatisfy { $0.name == "rect" })
        let values = cells.prefix(23).compactMap { $0.attributes["data-value"].flatMap(Double.init) }
        #expect(values == sampleCells().compactMap(\.value))
        let scale = sampleHeatmap().scale
        #expect(cells.first?.attributes["fill"] == scale.colour(for: 0).hex)
        #expect(cells[22].attributes["fill"] == scale.colour(for: 22.0 / 23).hex)
    }

    @Test func emptyCellsAreHatchedAndTheLegendSaysWhy() throws {
        let root = try document()
        let empty = root.elements(class: "cell-empty")
        #expect(empty.count == 2)
        #expect(empty.allSatisfy { $0.attributes["fill"] == "url(#hatch)" })
        let legend = try #require(root.elements(class: "legend").first)
        #expect(legend.elements(class: "legend-empty").count == 1)
        #expect(legend.allText.contains("too few trials"))
    }

    @Test func theLegendHasTheColourBarTicksMeasureAndUnit() throws {
        let root = try document()
        let legend = try #require(root.elements(class: "legend").first)
        #expect(legend.attributes["aria-label"] == "Legend")
        #expect(legend.elements(class: "legend-title").first?.text == "Error rate (%)")
        #expect(legend.elements(class: "legend-bar").count == 64)
        let labels = legend.elements(class: "legend-tick-label").map(\.text)
        #expect(labels == ["0.0", "0.2", "0.4", "0.6", "0.8", "1.0"])
        #expect(legend.elements(class: "legend-tick").count == 6)
        for entry in ["legend-mark", "legend-arrow", "legend-outline", "legend-frame-solid", "legend-frame-dashed"] {
            #expect(legend.elements(class: entry).count == 1, "\(entry)")
        }
        let text = legend.allText
        #expect(text.contains("differs significantly (p < .05)"))
        #expect(text.contains("mean touch offset, drawn 5x its length"))
        #expect(text.contains("reach zone"))
    }

    @Test func marksArrowsOutlineAndFramesAreDrawn() throws {
        let root = try document()
        #expect(root.elements(class: "cell-mark").count == 2)
        #expect(root.elements(class: "cell-mark").allSatisfy { $0.attributes["stroke-width"] == "2.5" })
        let arrows = root.elements(class: "offset-arrow")
        #expect(arrows.count == 6)
        #expect(arrows.allSatisfy { $0.elements(named: "line").count == 1 && $0.elements(named: "polygon").count == 1 })
        let outline = try #require(root.elements(class: "outline").first)
        #expect(outline.name == "path")
        #expect(outline.attributes["d"]?.filter { $0 == "M" }.count == 6)
        let frames = root.elements(class: "layout-frame")
        #expect(frames.map { $0.attributes["data-name"] } == ["keyboard", "callout"])
        #expect(frames[0].attributes["stroke-dasharray"] == nil)
        #expect(frames[1].attributes["stroke-dasharray"] == "5 3")
        #expect(root.elements(class: "layout-frame-label").map(\.text) == ["keyboard", "callout"])
    }

    @Test func theOutlineIsTheBoundaryOfTheUnionOfItsCells() {
        let segments = CellOutline.segments(of: [
            FigureRect(x0: 160, y0: 320, x1: 240, y1: 400), FigureRect(x0: 240, y0: 320, x1: 320, y1: 400),
            FigureRect(x0: 240, y0: 400, x1: 320, y1: 480),
        ])
        #expect(segments.count == 6)
        let length = segments.reduce(0) { $0 + abs($1.1.x - $1.0.x) + abs($1.1.y - $1.0.y) }
        #expect(length == 640)
        #expect(CellOutline.segments(of: []).isEmpty)
        #expect(CellOutline.segments(of: [FigureRect(x: 0, y: 0, width: 10, height: 10)]).count == 4)
    }

    @Test func panelsAreDrawnToOneMillimetreScaleWithScaleBars() throws {
        let root = try document()
        let panels = root.elements(class: "panel")
        #expect(panels.map { $0.attributes["aria-label"] } == ["Panel Direct", "Panel Shift"])
        #expect(root.elements(class: "panel-label").map(\.text) == ["Direct", "Shift"])
        let widths = try root.elements(class: "screen").map { try #require(Double($0.attributes["width"] ?? "")) }
        let heights = try root.elements(class: "screen").map { try #require(Double($0.attributes["height"] ?? "")) }
        let millimetres = [(320.0 / (163 / 25.4), 480.0 / (163 / 25.4)), (750.0 / (326 / 25.4), 1334.0 / (326 / 25.4))]
        #expect(abs(widths[0] / widths[1] - millimetres[0].0 / millimetres[1].0) < 1e-3)
        #expect(abs(heights[1] - HeatmapFigure.screenHeight) < 0.01)
        #expect(abs(heights[0] / heights[1] - millimetres[0].1 / millimetres[1].1) < 1e-3)
        let device = try #require(root.elements(class: "device").first)
        #expect(device.attributes["rx"] != nil)
        let bars = root.elements(class: "scale-bar")
        #expect(bars.count == 2)
        #expect(bars.map(\.allText) == ["20 mm", "20 mm"])
    }

    @Test func withoutPxPerMMPanelsShareOnePxScaleAndHaveNoScaleBar() throws {
        var heatmap = sampleHeatmap()
        heatmap.panels = heatmap.panels.map { panel in
            var unscaled = panel
            unscaled.pxPerMM = nil
            return unscaled
        }
        let root = try parseXML(SVGWriter.document(try heatmap.figure()))
        #expect(root.elements(class: "scale-bar").isEmpty)
        let heights = root.elements(class: "screen").compactMap { $0.attributes["height"].flatMap(Double.init) }
        #expect(abs(heights[0] / heights[1] - 480.0 / 1334) < 1e-3)
    }

    @Test func valueLabelsPrintWhereTheyFitInAContrastingColour() throws {
        let root = try document()
        let labels = root.elements(class: "cell-label")
        #expect(labels.count == 46)
        let dark = try #require(labels.first { $0.text == "0%" })
        #expect(dark.attributes["fill"] == "#ffffff")
        let light = try #require(labels.first { $0.text == "96%" })
        #expect(light.attributes["fill"] == nil)
        var tiny = sampleHeatmap()
        tiny.panels[0].cells = [
            PanelCell(frame: FigureRect(x: 0, y: 0, width: 4, height: 4), value: 0.5, label: "50%")
        ]
        let tinyRoot = try parseXML(SVGWriter.document(try tiny.figure()))
        #expect(tinyRoot.elements(class: "cell-label").count == 23, "the second panel's labels only")
    }

    @Test func titleAndDescriptionSayWhatIsShown() throws {
        let root = try document()
        #expect(root.children[0].text == "Error rate per screen cell (n = 3,456 trials)")
        #expect(root.elements(class: "figure-title").first?.text == "Error rate per screen cell (n = 3,456 trials)")
        #expect(root.children[1].text.contains("Error rate per screen cell in 2 panels (Direct, Shift)"))
    }

    @Test func badPanelsAreUsageErrorsNamingWhatIsWrong() {
        var heatmap = sampleHeatmap()
        heatmap.panels = []
        #expect(throws: ThumbLabError.figure(.noHeatmapPanels)) {
            try heatmap.figure()
        }
        heatmap = sampleHeatmap()
        heatmap.panels[1].screenWidth = -1
        #expect { try heatmap.figure() } throws: {
            "\($0)".contains("heatmap panel 'Shift': the screen size must be positive")
        }
        heatmap = sampleHeatmap()
        heatmap.panels[0].pxPerMM = .nan
        #expect { try heatmap.figure() } throws: { "\($0)".contains("px per mm must be a positive number") }
        heatmap = sampleHeatmap()
        heatmap.panels[0].cells[3].frame.x = .infinity
        #expect { try heatmap.figure() } throws: { "\($0)".contains("cell 4 has a coordinate that is not a number") }
        heatmap = sampleHeatmap()
        heatmap.arrowScale = 0
        #expect { try heatmap.figure() } throws: { "\($0)".contains("arrow scale must be a positive number") }
    }

    @Test func aNaNValueIsAnEmptyCell() throws {
        var heatmap = sampleHeatmap()
        heatmap.panels[0].cells[0].value = .nan
        let root = try parseXML(SVGWriter.document(try heatmap.figure()))
        #expect(root.elements(class: "cell-empty").count == 3)
    }
}
