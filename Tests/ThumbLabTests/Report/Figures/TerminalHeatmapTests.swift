import Foundation
import Testing

@testable import ThumbLab

/// The terminal heatmap: a numeric grid without colour, 24-bit backgrounds with it, a
/// legend line either way.
@Suite struct TerminalHeatmapTests {
    let grid = TerminalHeatmap(
        values: [[0.05, 0.5, nil], [1, .nan], [0.25, 0.135, 0.75]], scale: ColourScale(map: .viridis, low: 0, high: 1),
        measure: "Error rate")

    @Test func withoutColourTheValuesArePrintedAndEmptyCellsAreDots() {
        #expect(
            grid.rendered(colour: false) == """
                0.05 0.50    .
                1.00    .    .
                0.25 0.14 0.75
                Error rate per cell, rows from the top of the screen; . = too few trials

                """)
    }

    @Test func withColourEachCellIsTwoSpacesOnItsColour() {
        let text = grid.rendered(colour: true)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 5)
        let (r, g, b) = ColourMap.viridis.colour(at: 0.5).bytes
        #expect(lines[0].contains("\u{1B}[48;2;\(r);\(g);\(b)m  "))
        #expect(lines[0].hasSuffix("\u{1B}[0m\u{B7}\u{B7}\u{1B}[0m"))
        #expect(lines[1].contains("\u{1B}[0m\u{B7}\u{B7}"))
        #expect(lines[3].hasPrefix("Error rate: 0.0 "))
        #expect(lines[3].hasSuffix(" 1.0; \u{B7}\u{B7} too few trials"))
        #expect(!grid.rendered(colour: false).contains("\u{1B}"))
    }

    @Test func unitsAppearInTheLegend() {
        let percent = TerminalHeatmap(
            values: [[12, 40]], scale: ColourScale(map: .viridis, low: 0, high: 50), measure: "Error rate", unit: "%")
        #expect(
            percent.rendered(colour: false)
                == "12 40\nError rate (%) per cell, rows from the top of the screen; . = too few trials\n")
    }
}
