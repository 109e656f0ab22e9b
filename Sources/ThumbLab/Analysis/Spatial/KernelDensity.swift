import Foundation

/// A bivariate Gaussian kernel density estimate with a product kernel (one bandwidth per
/// axis, no rotation), evaluated on the points of a grid (Silverman 1986, *Density
/// Estimation for Statistics and Data Analysis*, §4.2.1):
///
///     f(x, y) = 1/n Σᵢ φ((x − xᵢ)/h_x)/h_x · φ((y − yᵢ)/h_y)/h_y
///
/// with φ the standard normal density. f integrates to 1 over the plane, in the inverse
/// square of the coordinates' unit. The kernel is separable, so each point adds the outer
/// product of its column and row weights; weights beyond 4 bandwidths on an axis (a
/// two-sided tail of 6.3e-5 of the kernel's mass) are left out, which keeps the cost at
/// n times the cells within 4 bandwidths of a point.
public enum KernelDensity {
    /// The truncation of the kernel, in bandwidths.
    public static let truncation = 4.0

    /// Scott's rule for one axis of two-dimensional data: h = σ n^(−1/6), σ the sample SD
    /// (n − 1 denominator) of the coordinates on that axis (Scott 1992, *Multivariate
    /// Density Estimation*, eq. 6.42 with d = 2). NaN for fewer than 2 values.
    public static func scottBandwidth(_ values: [Double]) -> Double {
        guard values.count >= 2 else { return .nan }
        let n = Double(values.count)
        let mean = values.reduce(0, +) / n
        let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / (n - 1)
        return variance.squareRoot() * Foundation.pow(n, -1.0 / 6.0)
    }

    /// The density at every grid point (`gridX` by `gridY`, each ascending), row-major:
    /// element `row * gridX.count + column`. Points with a non-finite coordinate are
    /// counted in n but add nothing; all zero for no points or a bandwidth that is not a
    /// positive number.
    public static func estimate(
        xs: [Double], ys: [Double], bandwidthX: Double, bandwidthY: Double, gridX: [Double], gridY: [Double]
    ) -> [Double] {
        let columns = gridX.count
        let rows = gridY.count
        var density = [Double](repeating: 0, count: columns * rows)
        let n = min(xs.count, ys.count)
        guard n > 0, bandwidthX > 0, bandwidthY > 0, bandwidthX.isFinite, bandwidthY.isFinite else { return density }
        var weightX = [Double](repeating: 0, count: columns)
        let reachX = truncation * bandwidthX * (1 + 1e-9)
        let reachY = truncation * bandwidthY * (1 + 1e-9)
        density.withUnsafeMutableBufferPointer { grid in
            for index in 0..<n {
                let x = xs[index]
                let y = ys[index]
                guard x.isFinite, y.isFinite else { continue }
                let firstColumn = firstIndex(in: gridX, notBelow: x - reachX)
                let endColumn = firstIndex(in: gridX, notBelow: x + reachX, strictly: true)
                let firstRow = firstIndex(in: gridY, notBelow: y - reachY)
                let endRow = firstIndex(in: gridY, notBelow: y + reachY, strictly: true)
                guard firstColumn < endColumn, firstRow < endRow else { continue }
                for column in firstColumn..<endColumn {
                    weightX[column] = weight((gridX[column] - x) / bandwidthX)
                }
                for row in firstRow..<endRow {
                    let rowWeight = weight((gridY[row] - y) / bandwidthY)
                    guard rowWeight > 0 else { continue }
                    let base = row * columns
                    for column in firstColumn..<endColumn { grid[base + column] += rowWeight * weightX[column] }
                }
            }
            let scale = 1 / (2 * Double.pi * bandwidthX * bandwidthY * Double(n))
            for cell in grid.indices { grid[cell] *= scale }
        }
        return density
    }

    /// exp(−u²/2) within the truncation, else 0.
    @inline(__always) private static func weight(_ u: Double) -> Double {
        abs(u) <= truncation ? exp(-0.5 * u * u) : 0
    }

    /// The first index whose value is at least `bound` (above it, when `strictly`), or the
    /// count: a binary search of an ascending array.
    private static func firstIndex(in values: [Double], notBelow bound: Double, strictly: Bool = false) -> Int {
        var low = 0
        var high = values.count
        while low < high {
            let middle = (low + high) / 2
            if strictly ? values[middle] <= bound : values[middle] < bound {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low
    }
}
