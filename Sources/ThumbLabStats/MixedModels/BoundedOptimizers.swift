import Foundation

/// The outcome of a minimisation: where, the value there, and whether it converged.
struct OptimizerResult: Sendable {
    var point: [Double]
    var value: Double
    var evaluations: Int
    var converged: Bool
    var method: String
}

/// Small derivative-free minimisers for the variance parameters of the mixed models.
enum BoundedOptimizers {
    /// Brent's (1973) minimisation of a function of one variable on `[low, high]`: golden
    /// section steps with parabolic interpolation (R's `optimize`, Netlib `fmin`).
    static func brent(
        low: Double, high: Double, tolerance: Double = 1e-12, maxEvaluations: Int = 500,
        _ f: (Double) -> Double
    ) -> OptimizerResult {
        let golden = 0.5 * (3 - 5.0.squareRoot())
        var a = low
        var b = high
        var v = a + golden * (b - a)
        var w = v
        var x = v
        var d = 0.0
        var e = 0.0
        var fx = f(x)
        var fv = fx
        var fw = fx
        var evaluations = 1
        let eps = Double.ulpOfOne.squareRoot()
        while evaluations < maxEvaluations {
            let middle = 0.5 * (a + b)
            let tol1 = eps * abs(x) + tolerance / 3
            let tol2 = 2 * tol1
            if abs(x - middle) <= tol2 - 0.5 * (b - a) {
                return OptimizerResult(
                    point: [x], value: fx, evaluations: evaluations, converged: true, method: "Brent")
            }
            var useGolden = true
            if abs(e) > tol1 {
                var r = (x - w) * (fx - fv)
                var qq = (x - v) * (fx - fw)
                var pp = (x - v) * qq - (x - w) * r
                qq = 2 * (qq - r)
                if qq > 0 { pp = -pp } else { qq = -qq }
                r = e
                e = d
                if abs(pp) < abs(0.5 * qq * r) && pp > qq * (a - x) && pp < qq * (b - x) {
                    d = pp / qq
                    let u = x + d
                    if u - a < tol2 || b - u < tol2 { d = x < middle ? tol1 : -tol1 }
                    useGolden = false
                }
            }
            if useGolden {
                e = (x < middle ? b : a) - x
                d = golden * e
            }
            let u = abs(d) >= tol1 ? x + d : x + (d > 0 ? tol1 : -tol1)
            let fu = f(u)
            evaluations += 1
            if fu <= fx {
                if u < x { b = x } else { a = x }
                (v, fv, w, fw, x, fx) = (w, fw, x, fx, u, fu)
            } else {
                if u < x { a = u } else { b = u }
                if fu <= fw || w == x {
                    (v, fv, w, fw) = (w, fw, u, fu)
                } else if fu <= fv || v == x || v == w {
                    (v, fv) = (u, fu)
                }
            }
        }
        return OptimizerResult(point: [x], value: fx, evaluations: evaluations, converged: false, method: "Brent")
    }

    /// Nelder & Mead's (1965) simplex search with the standard coefficients, points projected
    /// onto the lower bounds, restarted from its best point until a restart gains nothing.
    static func nelderMead(
        start: [Double], lowerBounds: [Double], step: Double = 0.25, tolerance: Double = 1e-13,
        maxEvaluations: Int = 20_000, _ f: ([Double]) -> Double
    ) -> OptimizerResult {
        let n = start.count
        func clamp(_ x: [Double]) -> [Double] { zip(x, lowerBounds).map { max($0, $1) } }
        var evaluations = 0
        func value(_ x: [Double]) -> Double {
            evaluations += 1
            let y = f(x)
            return y.isNaN ? .infinity : y
        }
        var best = clamp(start)
        var bestValue = value(best)
        var converged = false
        for _ in 0..<8 {
            var simplex = [best]
            for i in 0..<n {
                var point = best
                point[i] += point[i] == 0 ? step : step * max(abs(point[i]), 0.1)
                simplex.append(clamp(point))
            }
            var values = simplex.map(value)
            var stalled = false
            while evaluations < maxEvaluations {
                let order = values.indices.sorted { values[$0] < values[$1] }
                simplex = order.map { simplex[$0] }
                values = order.map { values[$0] }
                let spread = abs(values[n] - values[0])
                if spread <= tolerance * (abs(values[0]) + tolerance) {
                    stalled = true
                    break
                }
                var centroid = [Double](repeating: 0, count: n)
                for point in simplex.dropLast() { for i in 0..<n { centroid[i] += point[i] / Double(n) } }
                func along(_ t: Double) -> [Double] {
                    clamp((0..<n).map { centroid[$0] + t * (simplex[n][$0] - centroid[$0]) })
                }
                let reflected = along(-1)
                let fr = value(reflected)
                if fr < values[0] {
                    let expanded = along(-2)
                    let fe = value(expanded)
                    (simplex[n], values[n]) = fe < fr ? (expanded, fe) : (reflected, fr)
                } else if fr < values[n - 1] {
                    (simplex[n], values[n]) = (reflected, fr)
                } else {
                    let contracted = fr < values[n] ? along(-0.5) : along(0.5)
                    let fc = value(contracted)
                    if fc < min(fr, values[n]) {
                        (simplex[n], values[n]) = (contracted, fc)
                    } else {
                        for i in 1...n {
                            simplex[i] = clamp((0..<n).map { simplex[0][$0] + 0.5 * (simplex[i][$0] - simplex[0][$0]) })
                            values[i] = value(simplex[i])
                        }
                    }
                }
            }
            let improved = values[0] < bestValue - tolerance * (abs(bestValue) + tolerance)
            if values[0] < bestValue { (best, bestValue) = (simplex[0], values[0]) }
            if !stalled { break }
            if !improved {
                converged = true
                break
            }
        }
        return OptimizerResult(
            point: best, value: bestValue, evaluations: evaluations, converged: converged, method: "Nelder-Mead")
    }
}
