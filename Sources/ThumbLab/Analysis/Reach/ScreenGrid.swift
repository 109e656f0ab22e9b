import Foundation

/// How a heatmap divides the screen: a number of columns and rows, or square cells of a
/// side in millimetres (which needs the device's density).
public enum GridSize: Sendable, Equatable, CustomStringConvertible {
    /// A number of columns and rows that divide the screen evenly (`4x7`).
    case cells(columns: Int, rows: Int)
    /// Square cells of this side in mm, from the top-left corner (`10`); the last
    /// column and row stop at the screen's edge.
    case millimetres(Double)

    /// Reads `COLSxROWS`, for example `4x7`.
    /// - Throws: ``ThumbLabError/parameter(_:)`` for anything else, or for a count below 1.
    public init(parsing text: String) throws {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]), columns >= 1, rows >= 1,
            columns <= 10_000, rows <= 10_000
        else {
            throw ThumbLabError.parameter(.malformedGrid(text: text))
        }
        self = .cells(columns: columns, rows: rows)
    }

    /// `COLSxROWS`, or the cell side such as `10.0 mm cells`.
    public var description: String {
        switch self {
        case .cells(let columns, let rows): "\(columns)x\(rows)"
        case .millimetres(let side): "\(side) mm cells"
        }
    }
}

/// A grid over a rectangle of the screen, in px with y down. A point at x lies in column
/// floor((x - minX) / cellWidth), rows likewise; points on the far edge belong to the last
/// column (row). With cells of a fixed size the last column and row may be narrower: they
/// stop at the edge.
public struct ScreenGrid: Sendable, Equatable {
    /// The left edge of the grid, px.
    public var minX: Double
    /// The top edge of the grid, px.
    public var minY: Double
    /// The right edge of the grid, px.
    public var maxX: Double
    /// The bottom edge of the grid, px.
    public var maxY: Double
    /// The number of columns, at least 1.
    public var columns: Int
    /// The number of rows, at least 1.
    public var rows: Int
    /// The width of a full cell, px (0 for a grid of no width).
    public var cellWidth: Double
    /// The height of a full cell, px (0 for a grid of no height).
    public var cellHeight: Double

    /// A grid of `size` over the rectangle; `pxPerMM` is needed for millimetre cells.
    /// - Throws: ``ThumbLabError/parameter(_:)`` when the cells need a density that is unknown,
    ///   or the rectangle or the cells are empty.
    public init(minX: Double, minY: Double, maxX: Double, maxY: Double, size: GridSize, pxPerMM: Double?) throws {
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite, maxX >= minX, maxY >= minY else {
            throw ThumbLabError.parameter(.emptyGridArea)
        }
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
        let width = maxX - minX
        let height = maxY - minY
        switch size {
        case .cells(let columns, let rows):
            guard columns >= 1, rows >= 1 else { throw ThumbLabError.parameter(.emptyGrid) }
            self.columns = columns
            self.rows = rows
            cellWidth = width / Double(columns)
            cellHeight = height / Double(rows)
        case .millimetres(let side):
            guard let pxPerMM else {
                throw ThumbLabError.parameter(.millimetreCellsNeedDensity)
            }
            guard side.isFinite, side > 0 else {
                throw ThumbLabError.parameter(.invalidCellSide(side: side))
            }
            cellWidth = side * pxPerMM
            cellHeight = side * pxPerMM
            columns = max(1, Int((width / cellWidth).rounded(.up)))
            rows = max(1, Int((height / cellHeight).rounded(.up)))
            guard columns <= 10_000, rows <= 10_000 else {
                throw ThumbLabError.parameter(.tooManyCells(side: side, columns: columns, rows: rows))
            }
        }
    }

    /// The grid over a device's whole screen.
    /// - Throws: ``ThumbLabError/parameter(_:)`` as ``init(minX:minY:maxX:maxY:size:pxPerMM:)``.
    public init(device: Device, size: GridSize) throws {
        try self.init(
            minX: 0, minY: 0, maxX: device.widthPx, maxY: device.heightPx, size: size, pxPerMM: device.pxPerMM)
    }

    /// The number of cells, columns × rows.
    public var cellCount: Int { columns * rows }

    /// The column of `x`, or `nil` outside the grid (or not a number).
    public func column(_ x: Double) -> Int? {
        Self.bin(x, from: minX, to: maxX, step: cellWidth, count: columns)
    }

    /// The row of `y`, or `nil` outside the grid (or not a number).
    public func row(_ y: Double) -> Int? {
        Self.bin(y, from: minY, to: maxY, step: cellHeight, count: rows)
    }

    /// The cell index (row * columns + column) of a point, or `nil` outside the grid.
    public func cell(x: Double, y: Double) -> Int? {
        guard let column = column(x), let row = row(y) else { return nil }
        return row * columns + column
    }

    /// The cell's rectangle in px, clipped to the grid.
    public func frame(column: Int, row: Int) -> CellFrame {
        CellFrame(
            x0: minX + Double(column) * cellWidth, y0: minY + Double(row) * cellHeight,
            x1: column == columns - 1 ? maxX : min(maxX, minX + Double(column + 1) * cellWidth),
            y1: row == rows - 1 ? maxY : min(maxY, minY + Double(row + 1) * cellHeight))
    }

    private static func bin(_ value: Double, from low: Double, to high: Double, step: Double, count: Int) -> Int? {
        guard value >= low, value <= high else { return nil }
        guard step > 0 else { return 0 }
        return min(count - 1, Int(((value - low) / step).rounded(.down)))
    }
}
