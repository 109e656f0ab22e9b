/// The outline of a union of axis-aligned rectangles (a reach zone made of grid cells):
/// the edges between covered and uncovered parts of the plane, joined where they
/// continue in a straight line.
///
/// The rectangles' edges cut the plane into a grid of slabs; a slab edge belongs to the
/// outline when exactly one of the two slabs beside it is covered.
enum CellOutline {
    static func segments(of rects: [FigureRect]) -> [(FigurePoint, FigurePoint)] {
        let rects = rects.filter { $0.isFinite && $0.width > 0 && $0.height > 0 }
        guard !rects.isEmpty else { return [] }
        let xs = Array(Set(rects.flatMap { [$0.x, $0.maxX] })).sorted()
        let ys = Array(Set(rects.flatMap { [$0.y, $0.maxY] })).sorted()
        let columns = xs.count - 1
        let rows = ys.count - 1
        var covered = Array(repeating: false, count: columns * rows)
        for rect in rects {
            guard let c0 = xs.firstIndex(of: rect.x), let c1 = xs.firstIndex(of: rect.maxX),
                let r0 = ys.firstIndex(of: rect.y), let r1 = ys.firstIndex(of: rect.maxY)
            else { continue }
            for row in r0..<r1 { for column in c0..<c1 { covered[row * columns + column] = true } }
        }
        func isCovered(_ column: Int, _ row: Int) -> Bool {
            column >= 0 && row >= 0 && column < columns && row < rows && covered[row * columns + column]
        }
        var result: [(FigurePoint, FigurePoint)] = []
        // Horizontal edges: along each grid line y = ys[row], runs of slab edges that
        // separate covered from uncovered.
        for row in 0...rows {
            var start: Int?
            for column in 0...columns {
                let boundary = column < columns && isCovered(column, row - 1) != isCovered(column, row)
                if boundary, start == nil { start = column }
                if !boundary, let first = start {
                    result.append((FigurePoint(x: xs[first], y: ys[row]), FigurePoint(x: xs[column], y: ys[row])))
                    start = nil
                }
            }
        }
        for column in 0...columns {
            var start: Int?
            for row in 0...rows {
                let boundary = row < rows && isCovered(column - 1, row) != isCovered(column, row)
                if boundary, start == nil { start = row }
                if !boundary, let first = start {
                    result.append((FigurePoint(x: xs[column], y: ys[first]), FigurePoint(x: xs[column], y: ys[row])))
                    start = nil
                }
            }
        }
        return result
    }
}
