/// A cell's rectangle in px: x0, y0 its top-left corner, x1, y1 its bottom-right.
public struct CellFrame: Sendable, Equatable {
    /// The left edge, px.
    public var x0: Double
    /// The top edge, px.
    public var y0: Double
    /// The right edge, px.
    public var x1: Double
    /// The bottom edge, px.
    public var y1: Double

    /// A rectangle from its top-left corner (`x0`, `y0`) to its bottom-right (`x1`, `y1`), px.
    public init(x0: Double, y0: Double, x1: Double, y1: Double) {
        self.x0 = x0
        self.y0 = y0
        self.x1 = x1
        self.y1 = y1
    }
}
