/// The text sizes of a figure's layout, in figure units, and the width it must fit: a
/// figure for the screen is as wide as its content, one for print is exactly its size's
/// ``FigureSize/canvasWidth`` and sets no text under 7.5 points, so that it keeps 7 points
/// where a page's text width is a little narrower than acmart's (the report's A4 article).
struct FigureType: Sendable, Equatable {
    /// The figure's title, bold.
    var title: Double
    /// A panel's name, bold.
    var heading: Double
    /// An axis title.
    var axisTitle: Double
    /// Tick labels, category names and legend entries.
    var label: Double
    /// Notes inside the plot: bands, reference lines, fitted curves.
    var note: Double
    /// Names written on a screen's layout frames.
    var frameLabel: Double
    /// How far below a label's vertical centre its baseline lies.
    var labelRaise: Double
    /// The width the figure must fit, in figure units; nil for as wide as its content.
    var width: Double?

    /// The sizes of a figure shown on a screen, in the HTML report and the SVG files.
    static let screen = FigureType(
        title: 15, heading: 13, axisTitle: 12, label: 11, note: 10, frameLabel: 9, labelRaise: 4, width: nil)

    /// The sizes of a figure printed at `size`: 10 units, 7.5 points, at the least.
    static func print(_ size: FigureSize) -> FigureType {
        FigureType(
            title: 11.5, heading: 11, axisTitle: 10.5, label: 10, note: 10, frameLabel: 10, labelRaise: 3.6,
            width: size.canvasWidth)
    }

    /// The type of a figure drawn for `size`, or for the screen when it is nil.
    static func forSize(_ size: FigureSize?) -> FigureType { size.map(print) ?? screen }

    /// The smallest size any text of this type is set in.
    var smallest: Double { [title, heading, axisTitle, label, note, frameLabel].min() ?? label }

    /// `text` broken into lines at spaces so that each, set in `size` and `weight`, is at
    /// most `width` units wide; a word wider than that stands on a line of its own.
    static func lines(_ text: String, size: Double, weight: FigureText.Weight = .normal, width: Double) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if line.isEmpty || FigureText.estimatedWidth(candidate, size: size, weight: weight) <= width {
                line = candidate
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
