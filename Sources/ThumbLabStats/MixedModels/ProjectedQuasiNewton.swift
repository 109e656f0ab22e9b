import Foundation

extension BoundedOptimizers {
    /// A bounded quasi-Newton minimiser for the many variance parameters of a maximal random
    /// effects structure: BFGS updates of the inverse Hessian (Nocedal & Wright 2006,
    /// *Numerical Optimization*, §6.1) on the coordinates that are not held at their lower
    /// bound, central-difference gradients (forward differences next to a bound), and an
    /// Armijo backtracking search along the path projected onto the bounds (Bertsekas 1982).
    /// A coordinate at its bound whose gradient points out of the feasible region is held
    /// there; when that set changes the Hessian approximation restarts.
    static func projectedQuasiNewton(
        start: [Double], lowerBounds: [Double], gradientTolerance: Double = 1e-6, maxIterations: Int = 2_000,
        _ f: ([Double]) -> Double
    ) -> OptimizerResult {
        let n = start.count
        var evaluations = 0
        func value(_ x: [Double]) -> Double {
            evaluations += 1
            let y = f(x)
            return y.isNaN ? .infinity : y
        }
        func clamp(_ x: [Double]) -> [Double] { zip(x, lowerBounds).map { max($0, $1) } }
        func gradient(_ x: [Double], _ fx: Double) -> [Double] {
            (0..<n).map { i in
                let h = 1e-6 * max(abs(x[i]), 1e-2)
                var plus = x
                plus[i] += h
                var minus = x
                minus[i] -= h
                if minus[i] < lowerBounds[i] { return (value(plus) - fx) / h }
                return (value(plus) - value(minus)) / (2 * h)
            }
        }
        func identity() -> [[Double]] { (0..<n).map { i in (0..<n).map { i == $0 ? 1.0 : 0.0 } } }

        var x = clamp(start)
        var fx = value(x)
        var g = gradient(x, fx)
        var inverse = identity()
        var fresh = true
        var converged = false
        var quietSteps = 0
        func held(_ x: [Double], _ g: [Double]) -> [Bool] {
            (0..<n).map { x[$0] <= lowerBounds[$0] && g[$0] > 0 }
        }
        var active = held(x, g)
        for _ in 0..<maxIterations {
            let free = (0..<n).filter { !active[$0] }
            if free.allSatisfy({ abs(g[$0]) < gradientTolerance }) {
                converged = true
                break
            }
            var direction = [Double](repeating: 0, count: n)
            for i in free { direction[i] = -free.reduce(0) { $0 + inverse[i][$1] * g[$1] } }
            var slope = free.reduce(0) { $0 + direction[$1] * g[$1] }
            if !(slope < 0) {
                inverse = identity()
                fresh = true
                for i in free { direction[i] = -g[i] }
                slope = free.reduce(0) { $0 + direction[$1] * g[$1] }
            }
            // The first step of a fresh start moves at most 0.5 in any coordinate.
            var t = fresh ? min(1, 0.5 / (free.map { abs(direction[$0]) }.max() ?? 1)) : 1
            var next = x
            var fnext = Double.infinity
            var accepted = false
            for _ in 0..<50 {
                next = clamp(zip(x, direction).map { $0 + t * $1 })
                fnext = value(next)
                let decrease = zip(g, zip(next, x)).reduce(0) { $0 + $1.0 * ($1.1.0 - $1.1.1) }
                if fnext <= fx + 1e-4 * decrease {
                    accepted = true
                    break
                }
                t *= 0.5
            }
            guard accepted else {
                if fresh {
                    converged = true
                    break
                }
                inverse = identity()
                fresh = true
                continue
            }
            let gnext = gradient(next, fnext)
            let s = zip(next, x).map { $0 - $1 }
            let y = zip(gnext, g).map { $0 - $1 }
            let sy = zip(s, y).reduce(0) { $0 + $1.0 * $1.1 }
            let change = abs(fx - fnext)
            (x, fx, g) = (next, fnext, gnext)
            let nowActive = held(x, g)
            if nowActive != active {
                active = nowActive
                inverse = identity()
                fresh = true
            } else if sy > 1e-12 {
                if fresh {
                    let yy = y.reduce(0) { $0 + $1 * $1 }
                    inverse = identity().map { $0.map { $0 * sy / yy } }
                }
                Self.bfgsUpdate(&inverse, s: s, y: y, sy: sy)
                fresh = false
            }
            quietSteps = change <= 1e-13 * (abs(fx) + 1e-13) ? quietSteps + 1 : 0
            if quietSteps >= 5 {
                converged = true
                break
            }
        }
        return OptimizerResult(
            point: x, value: fx, evaluations: evaluations, converged: converged, method: "projected quasi-Newton (BFGS)"
        )
    }

    /// `H ← (I − ρ s yᵀ) H (I − ρ y sᵀ) + ρ s sᵀ` with `ρ = 1 / (yᵀ s)`.
    private static func bfgsUpdate(_ h: inout [[Double]], s: [Double], y: [Double], sy: Double) {
        let n = s.count
        let rho = 1 / sy
        let hy = (0..<n).map { i in (0..<n).reduce(0) { $0 + h[i][$1] * y[$1] } }
        let yhy = zip(y, hy).reduce(0) { $0 + $1.0 * $1.1 }
        for i in 0..<n {
            for j in 0..<n {
                h[i][j] += -rho * (hy[i] * s[j] + s[i] * hy[j]) + (rho * rho * yhy + rho) * s[i] * s[j]
            }
        }
    }
}
