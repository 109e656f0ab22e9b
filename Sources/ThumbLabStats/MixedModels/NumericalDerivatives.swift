import Foundation

/// Finite-difference derivatives with Richardson extrapolation, following R's `numDeriv`
/// package (Gilbert & Varadhan 2019) that lmerTest uses for its Satterthwaite df: the same
/// step rule `h = |d·x| + eps·[|x| < zeroTol]`, four halvings and the same extrapolation,
/// so that the derivatives, not only their limits, agree with lmerTest's.
enum NumericalDerivatives {
    static let zeroTolerance = (Double.ulpOfOne / 7e-7).squareRoot()

    /// Richardson extrapolation of estimates made with steps h, h/2, h/4, ... (`numDeriv`).
    private static func extrapolate(_ estimates: [[Double]]) -> [Double] {
        var a = estimates
        let r = a.count
        for m in 1..<r {
            let factor = pow(4.0, Double(m))
            for k in 0..<(r - m) {
                a[k] = zip(a[k + 1], a[k]).map { ($0 * factor - $1) / (factor - 1) }
            }
        }
        return a[0]
    }

    private static func steps(_ x: [Double], d: Double, eps: Double) -> [Double] {
        x.map { abs(d * $0) + (abs($0) < zeroTolerance ? eps : 0) }
    }

    /// The Jacobian of a vector function: `result[i][j] = ∂f_i/∂x_j` (`numDeriv::jacobian`,
    /// method "Richardson", d = 1e-4, eps = 1e-4, r = 4, v = 2).
    static func jacobian(_ x: [Double], _ f: ([Double]) -> [Double]) -> [[Double]] {
        let h0 = steps(x, d: 1e-4, eps: 1e-4)
        let size = f(x).count
        var result = [[Double]](repeating: Array(repeating: 0, count: x.count), count: size)
        for j in x.indices {
            var h = h0[j]
            var estimates: [[Double]] = []
            for _ in 0..<4 {
                var plus = x
                var minus = x
                plus[j] += h
                minus[j] -= h
                estimates.append(zip(f(plus), f(minus)).map { ($0 - $1) / (2 * h) })
                h /= 2
            }
            let column = extrapolate(estimates)
            for i in 0..<size { result[i][j] = column[i] }
        }
        return result
    }

    /// The Hessian of a scalar function by `numDeriv::genD` (d = 0.1, eps = 1e-4, r = 4,
    /// v = 2), as `numDeriv::hessian` computes it.
    static func hessian(_ x: [Double], _ f: ([Double]) -> Double) -> Matrix {
        let n = x.count
        let h0 = steps(x, d: 0.1, eps: 1e-4)
        let f0 = f(x)
        var diagonal = [Double](repeating: 0, count: n)
        var result = Matrix(rows: n, columns: n)
        for i in 0..<n {
            var h = h0
            var estimates: [[Double]] = []
            for _ in 0..<4 {
                var plus = x
                var minus = x
                plus[i] += h[i]
                minus[i] -= h[i]
                estimates.append([(f(plus) - 2 * f0 + f(minus)) / (h[i] * h[i])])
                h = h.map { $0 / 2 }
            }
            diagonal[i] = extrapolate(estimates)[0]
            result[i, i] = diagonal[i]
        }
        for i in 0..<n {
            for j in 0..<i {
                var h = h0
                var estimates: [[Double]] = []
                for _ in 0..<4 {
                    var plus = x
                    var minus = x
                    plus[i] += h[i]
                    plus[j] += h[j]
                    minus[i] -= h[i]
                    minus[j] -= h[j]
                    let numerator =
                        f(plus) - 2 * f0 + f(minus) - diagonal[i] * h[i] * h[i] - diagonal[j] * h[j] * h[j]
                    estimates.append([numerator / (2 * h[i] * h[j])])
                    h = h.map { $0 / 2 }
                }
                result[i, j] = extrapolate(estimates)[0]
                result[j, i] = result[i, j]
            }
        }
        return result
    }

    /// Central-difference gradient and Hessian, the scheme of lme4's `deriv12`: `2k² + 1`
    /// evaluations with the step `absoluteStep` (lme4's 1e-4), or `1e-4 · max(|x|, 0.01)`.
    static func centralDerivatives(_ x: [Double], absoluteStep: Double? = nil, _ f: ([Double]) -> Double)
        -> (gradient: [Double], hessian: Matrix)
    {
        let k = x.count
        let h = x.map { absoluteStep ?? 1e-4 * max(abs($0), 1e-2) }
        let f0 = f(x)
        func shifted(_ a: Int, _ da: Double, _ b: Int? = nil, _ db: Double = 0) -> Double {
            var point = x
            point[a] += da * h[a]
            if let b { point[b] += db * h[b] }
            return f(point)
        }
        var gradient = [Double](repeating: 0, count: k)
        var hessian = Matrix(rows: k, columns: k)
        for a in 0..<k {
            let plus = shifted(a, 1)
            let minus = shifted(a, -1)
            gradient[a] = (plus - minus) / (2 * h[a])
            hessian[a, a] = (plus - 2 * f0 + minus) / (h[a] * h[a])
            for b in 0..<a {
                let value =
                    (shifted(a, 1, b, 1) - shifted(a, 1, b, -1) - shifted(a, -1, b, 1) + shifted(a, -1, b, -1))
                    / (4 * h[a] * h[b])
                hessian[a, b] = value
                hessian[b, a] = value
            }
        }
        return (gradient, hessian)
    }

    /// A Newton step on the `free` coordinates: the gradient by Richardson extrapolation (so
    /// that its root is accurate), the Hessian by central differences with a relative step.
    static func newtonStep(_ x: [Double], free: [Int], _ f: ([Double]) -> Double) -> [Double]? {
        let k = free.count
        guard k > 0 else { return nil }
        let h = free.map { 1e-4 * max(abs(x[$0]), 1e-2) }
        let f0 = f(x)
        func shifted(_ a: Int, _ da: Double, _ b: Int? = nil, _ db: Double = 0) -> Double {
            var point = x
            point[free[a]] += da * h[a]
            if let b { point[free[b]] += db * h[b] }
            return f(point)
        }
        var gradient = [Double](repeating: 0, count: k)
        var hessian = Matrix(rows: k, columns: k)
        for a in 0..<k {
            let plus = shifted(a, 1)
            let minus = shifted(a, -1)
            hessian[a, a] = (plus - 2 * f0 + minus) / (h[a] * h[a])
            for b in 0..<a {
                let value =
                    (shifted(a, 1, b, 1) - shifted(a, 1, b, -1) - shifted(a, -1, b, 1) + shifted(a, -1, b, -1))
                    / (4 * h[a] * h[b])
                hessian[a, b] = value
                hessian[b, a] = value
            }
        }
        let gradientRow = jacobian(free.map { x[$0] }) { values in
            var point = x
            for (a, index) in free.enumerated() { point[index] = values[a] }
            return [f(point)]
        }
        gradient = gradientRow[0]
        guard let delta = hessian.solveSymmetricPositiveDefinite(gradient) else { return nil }
        var next = x
        for a in 0..<k { next[free[a]] -= delta[a] }
        return next
    }
}
