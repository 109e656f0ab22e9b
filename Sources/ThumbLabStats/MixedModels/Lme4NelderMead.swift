import Foundation

/// The bounded Nelder–Mead simplex search of lme4's `Nelder_Mead` (lme4's C++ adaptation of
/// NLopt's `nldrmd`; Nelder & Mead 1965, bounds as Richardson & Kuester 1973), evaluating the
/// same points in the same order, so that a fit stops where `glmer`'s second stage stops.
///
/// The rules, as lme4 applies them:
/// - the initial simplex is the start and the start moved by `step[i]` along each axis (towards
///   the other side, or onto the bound, where a bound is in the way);
/// - each round finds the lowest and the highest vertex (first index on ties) and the centroid
///   of the others, and stops once every coordinate of every vertex lies within `tolerance[i]`
///   of the centroid (lme4's `xt`);
/// - it reflects the highest vertex through the centroid; a new best point is followed by an
///   expansion (factor 2), kept if it beats the highest value; a reflection no better than the
///   highest value is followed by an inside contraction, one that only fails to beat the second
///   highest by an outside one (factor ½); a failed contraction halves every edge towards the
///   lowest vertex and evaluates all vertices again;
/// - every new point is projected onto the bounds, and a point that coincides (to 1e-13
///   relatively) with the centroid or the vertex it replaces stops the search;
/// - the answer is the best point evaluated. lme4's `FtolAbs` and `FtolRel` are never tested.
enum Lme4NelderMead {
    /// lme4's `close`: equal to 1e-13 relatively.
    static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-13 * (abs(a) + abs(b)) }

    /// Minimises `f` from `start` with initial steps `step` (lme4's `xst`) and per-coordinate
    /// tolerances `tolerance` (lme4's `xt`, by default `5e-4 · xst`) inside the bounds.
    /// `converged` is false only when `maxEvaluations` (lme4's `maxfun`) ran out.
    static func minimize(
        start: [Double], step: [Double], tolerance: [Double], lowerBounds: [Double], upperBounds: [Double],
        maxEvaluations: Int = 10_000, _ f: ([Double]) -> Double
    ) -> OptimizerResult {
        let n = start.count
        var best = start
        var bestValue = Double.infinity
        var evaluations = 0
        var exhausted = false
        func value(_ x: [Double]) -> Double {
            evaluations += 1
            let y = f(x)
            if y < bestValue { (best, bestValue) = (x, y) }
            if evaluations > maxEvaluations { exhausted = true }
            return y
        }
        func finish() -> OptimizerResult {
            OptimizerResult(
                point: best, value: bestValue, evaluations: evaluations, converged: !exhausted,
                method: "lme4's Nelder-Mead")
        }
        /// `centre + scale · (centre − old)` projected onto the bounds, or nil if it coincides.
        func reflect(_ centre: [Double], _ scale: Double, _ old: [Double]) -> [Double]? {
            var point = [Double](repeating: 0, count: n)
            var equalCentre = true
            var equalOld = true
            for i in 0..<n {
                let moved = min(max(centre[i] + scale * (centre[i] - old[i]), lowerBounds[i]), upperBounds[i])
                equalCentre = equalCentre && close(moved, centre[i])
                equalOld = equalOld && close(moved, old[i])
                point[i] = moved
            }
            return equalCentre || equalOld ? nil : point
        }
        var points = [start] + (0..<n).map { initialVertex(start, axis: $0, step: step, lowerBounds, upperBounds) }
        if points.dropFirst().enumerated().contains(where: { close($1[$0], start[$0]) }) { return finish() }
        var values = [Double](repeating: 0, count: n + 1)
        var needsEvaluation = true
        while !exhausted {
            if needsEvaluation {
                for index in 0...n {
                    values[index] = value(points[index])
                    if exhausted { return finish() }
                }
                needsEvaluation = false
            }
            var low = 0
            var high = 0
            for index in 1...n {
                if values[index] < values[low] { low = index }
                if values[index] > values[high] { high = index }
            }
            var sum = points[0]
            for index in 1...n { for i in 0..<n { sum[i] += points[index][i] } }
            let centroid = (0..<n).map { (sum[$0] - points[high][$0]) / Double(n) }
            let spreadIsSmall = (0..<n).allSatisfy { i in
                let spread = points.map { abs($0[i] - centroid[i]) }.max()!
                return spread < tolerance[i] || spread == 0
            }
            if spreadIsSmall { return finish() }
            guard let reflected = reflect(centroid, 1, points[high]) else { return finish() }
            let reflectedValue = value(reflected)
            if exhausted { return finish() }
            if reflectedValue < values[low] {
                guard let expanded = reflect(centroid, 2, points[high]) else { return finish() }
                let expandedValue = value(expanded)
                if exhausted { return finish() }
                (points[high], values[high]) =
                    expandedValue < values[high] ? (expanded, expandedValue) : (reflected, reflectedValue)
            } else if reflectedValue < values[high] {
                (points[high], values[high]) = (reflected, reflectedValue)
            } else {
                let scale = values[high] <= reflectedValue ? -0.5 : 0.5
                guard let contracted = reflect(centroid, scale, points[high]) else { return finish() }
                let contractedValue = value(contracted)
                if exhausted { return finish() }
                if contractedValue < reflectedValue && contractedValue < values[high] {
                    (points[high], values[high]) = (contracted, contractedValue)
                } else {
                    for index in 0...n where index != low {
                        guard let shrunk = reflect(points[low], -0.5, points[index]) else { return finish() }
                        points[index] = shrunk
                    }
                    needsEvaluation = true
                }
            }
        }
        return finish()
    }

    /// lme4's initial vertex `axis + 1`: the start moved by `step[axis]`, onto a bound in the way
    /// or, when the start is within a tenth of a step of it, the other way.
    static func initialVertex(
        _ start: [Double], axis i: Int, step: [Double], _ lowerBounds: [Double], _ upperBounds: [Double]
    ) -> [Double] {
        var point = start
        let size = abs(step[i])
        point[i] += step[i]
        if point[i] > upperBounds[i] {
            point[i] = upperBounds[i] - start[i] > size * 0.1 ? upperBounds[i] : start[i] - size
        }
        if point[i] < lowerBounds[i] {
            if start[i] - lowerBounds[i] > size * 0.1 {
                point[i] = lowerBounds[i]
            } else {
                point[i] = start[i] + size
                if point[i] > upperBounds[i] {
                    let far = upperBounds[i] - start[i] > start[i] - lowerBounds[i] ? upperBounds[i] : lowerBounds[i]
                    point[i] = 0.5 * (far + start[i])
                }
            }
        }
        return point
    }
}
