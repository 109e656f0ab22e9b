/// A heatmap for a quick look in a terminal: one grid cell per row and column, drawn as
/// two spaces on a 24-bit colour background on a colour terminal, or, without colour (a
/// pipe, `NO_COLOR`), as a grid of the values themselves with `.` for empty cells. A
/// legend line follows either way.
///
/// ```swift
/// let grid = TerminalHeatmap(values: rows, scale: .sequential(all, fromZero: true), measure: "Error rate", unit: "%")
/// print(grid.rendered(colour: console.supportsColour))
/// ```
public struct TerminalHeatmap: Sendable, Equatable {
    /// Rows from the top of the screen, each the columns from the left; `nil` (or NaN) for
    /// a cell with too few trials. Shorter rows are padded with empty cells.
    public var values: [[Double?]]
    /// Maps each value to its background colour and gives the legend its ticks.
    public var scale: ColourScale
    /// What the values are, such as `Error rate`; the legend's title.
    public var measure: String
    /// The values' unit (`%`, `ms`), or empty for none.
    public var unit: String
    /// The legend's words for an empty cell.
    public var emptyLabel: String

    /// Creates a terminal heatmap of `values` (rows from the top) coloured by `scale`.
    public init(
        values: [[Double?]], scale: ColourScale, measure: String, unit: String = "",
        emptyLabel: String = "too few trials"
    ) {
        self.values = values
        self.scale = scale
        self.measure = measure
        self.unit = unit
        self.emptyLabel = emptyLabel
    }

    private var columns: Int { values.map(\.count).max() ?? 0 }

    private func value(row: Int, column: Int) -> Double? {
        guard column < values[row].count, let value = values[row][column], !value.isNaN else { return nil }
        return value
    }

    private var title: String { unit.isEmpty ? measure : "\(measure) (\(unit))" }

    /// The grid and its legend, each line ending in a newline.
    public func rendered(colour: Bool) -> String {
        colour ? coloured() : numeric()
    }

    private static let reset = "\u{1B}[0m"

    private static func background(_ colour: Colour) -> String {
        let (r, g, b) = colour.bytes
        return "\u{1B}[48;2;\(r);\(g);\(b)m"
    }

    private func coloured() -> String {
        var out = ""
        for row in values.indices {
            for column in 0..<columns {
                if let value = value(row: row, column: column) {
                    out += Self.background(scale.colour(for: value)) + "  "
                } else {
                    out += Self.reset + "\u{B7}\u{B7}"
                }
            }
            out += Self.reset + "\n"
        }
        let ticks = scale.ticks()
        var bar = ""
        for step in 0..<16 {
            bar += Self.background(scale.map.colour(at: (Double(step) + 0.5) / 16)) + " "
        }
        out += "\(title): \(ticks.label(scale.low)) \(bar)\(Self.reset) \(ticks.label(scale.high));"
        out += " \u{B7}\u{B7} \(emptyLabel)\n"
        return out
    }

    /// The values right-aligned in columns, with the decimals of ``NiceTicks/valueDecimals``.
    private func numeric() -> String {
        let decimals = scale.ticks().valueDecimals
        let cells = values.indices.map { row in
            (0..<columns).map { column in
                value(row: row, column: column).map { NiceTicks.format($0, decimals: decimals) } ?? "."
            }
        }
        let width = cells.flatMap { $0 }.map(\.count).max() ?? 1
        var out = ""
        for row in cells {
            out += row.map { String(repeating: " ", count: width - $0.count) + $0 }.joined(separator: " ") + "\n"
        }
        out += "\(title) per cell, rows from the top of the screen; . = \(emptyLabel)\n"
        return out
    }
}
