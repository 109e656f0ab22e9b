import Foundation

extension Lme4Bobyqa {
    /// The geometry step for point `k` within `radius` (Powell's `ALTMOV` for one variable): along
    /// the line from the best point to each other point, the step that maximises Powell's
    /// predicted denominator for replacing `k`, unless the Cauchy step (`radius` down or up the
    /// slope of `k`'s Lagrange function) gives a larger squared Lagrange value.
    func geometryStep(_ k: Int, radius: Double) -> Double {
        let x = points[best]
        let alpha = 2 / (spread(k) * spread(k))
        let slope = lagrangeSlope(k, x)
        var saved = (predicted: 0.0, point: best, step: 0.0)
        for j in 0..<3 where j != best {
            let offset = points[j] - x
            let derivative = slope * offset
            let distanceSquared = offset * offset
            var upper = radius / distanceSquared.squareRoot()
            var low = -upper
            let least = min(1, upper)
            if offset > 0, low * offset < lower - x { low = (lower - x) / offset }
            if offset < 0, upper * offset < lower - x { upper = max(least, (lower - x) / offset) }
            var step = low
            var size: Double
            if j == k {
                let excess = derivative - 1
                size = low * (derivative - low * excess)
                let other = upper * (derivative - upper * excess)
                if abs(other) > abs(size) { (step, size) = (upper, other) }
                let half = 0.5 * derivative
                if (half - excess * low) * (half - excess * upper) < 0, abs(half * half / excess) > abs(size) {
                    (step, size) = (half / excess, half * half / excess)
                }
            } else {
                size = low * (1 - low)
                let other = upper * (1 - upper)
                if abs(other) > abs(size) { (step, size) = (upper, other) }
                if upper > 0.5 && abs(size) < 0.25 { (step, size) = (0.5, 0.25) }
                size *= derivative
            }
            let moved = step * (1 - step) * distanceSquared
            let predicted = size * size * (size * size + 0.5 * alpha * moved * moved)
            if predicted > saved.predicted { saved = (predicted, j, step) }
        }
        let candidate = max(lower, x + saved.step * (points[saved.point] - x))
        // The Cauchy alternative: the step of length `radius` along ± the Lagrange slope.
        let curvatureOfLagrange = 2 / spread(k)
        var cauchy = [Double]()
        var alternatives = [Double]()
        for sign in [1.0, -1.0] {
            let g = sign * slope
            guard min(x - lower, g) > 0 || g < 0 else { return candidate }
            var w = -(radius * radius / (g * g)).squareRoot() * g
            var alternative = max(lower, x + w)
            if x + w <= lower {
                w = lower - x
                alternative = w == 0 ? x : lower
            }
            let gw = g * w
            let curvature = sign * curvatureOfLagrange * w * w
            if curvature > -gw && curvature < -(1 + 2.0.squareRoot()) * gw {
                let scale = -gw / curvature
                alternative = max(lower, x + scale * w)
                cauchy.append((0.5 * gw * scale) * (0.5 * gw * scale))
            } else {
                cauchy.append((gw + 0.5 * curvature) * (gw + 0.5 * curvature))
            }
            alternatives.append(alternative)
        }
        let pick = cauchy[0] > cauchy[1] ? 0 : 1
        let denominator = lagrange(k, candidate) * lagrange(k, candidate)
        return denominator < cauchy[pick] && cauchy[pick] > 0 ? alternatives[pick] : candidate
    }
}
