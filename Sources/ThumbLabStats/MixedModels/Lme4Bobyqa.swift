import Foundation

/// Powell's (2009) BOBYQA trust-region search for one variable with a lower bound, taking the
/// steps minqa's `bobyqa` takes when lme4's first stage calls it with its defaults (three
/// interpolation points, `rhobeg = min(0.95, 0.2 · |start|)`, `rhoend = 1e-6 · rhobeg`), so that
/// `glmer`'s second stage starts where lme4's does.
///
/// With one variable and three points the quadratic model is the parabola through them, and the
/// Lagrange function of a point is the parabola that is 1 there and 0 at the other two (BOBYQA's
/// `β` vanishes, so its denominators are squared Lagrange values). The search follows Powell's
/// rules: trust-region steps of the model within the radius and the bound; the point replaced
/// chosen by its Lagrange value weighted by its distance; the radius updated by the ratio of
/// actual to predicted reduction; geometry steps (`ALTMOV`, with its Cauchy alternative) that
/// move the farthest point to where its Lagrange function is largest; and ρ reduced towards
/// `rhoend` when steps become short and the model's recent errors are small. The points are
/// kept relative to a base point that moves as Powell's does. Where a comparison is an exact
/// tie in exact arithmetic (geometry steps land on multiples of ρ), the last bit of Powell's
/// own arithmetic decides it, and this search can part from minqa's there; on glmer's
/// first-stage deviances it ends within 2e-7 of minqa's θ.
///
/// - Powell, M. J. D. (2009). The BOBYQA algorithm for bound constrained optimization without
///   derivatives. DAMTP 2009/NA06, University of Cambridge.
struct Lme4Bobyqa {
    private(set) var points: [Double] = []
    private(set) var values: [Double] = []
    private(set) var best = 0
    /// The points are stored, as Powell's, relative to `base`, which moves to the best point
    /// when a step is short beside its distance from `base`; `lower` is the bound relative to it.
    private var base = 0.0
    private(set) var lower = 0.0
    private let absoluteLower: Double

    /// Minimises `f` over `x ≥ lower` from `start`; the answer is a point it evaluated.
    static func minimize(start: Double, lower: Double, maxEvaluations: Int = 10_000, _ f: (Double) -> Double)
        -> Double
    {
        var search = Lme4Bobyqa(absoluteLower: lower)
        return search.run(start: start, maxEvaluations: maxEvaluations, f)
    }

    private init(absoluteLower: Double) { self.absoluteLower = absoluteLower }

    /// The variable at the relative point `p`, on the bound when `p` is.
    private func variable(_ p: Double) -> Double { p == lower ? absoluteLower : max(absoluteLower, base + p) }

    /// Moves `base` to the point `x` (relative), shifting the points and the bound.
    private mutating func moveBase(to x: Double) {
        base += x
        points = points.map { $0 - x }
        lower -= x
    }

    /// The slope and curvature at `x` of the parabola through the points.
    private func model(at x: Double) -> (slope: Double, curvature: Double) {
        let (a, b, c) = (points[0], points[1], points[2])
        let first = (values[1] - values[0]) / (b - a)
        let second = ((values[2] - values[1]) / (c - b) - first) / (c - a)
        return (first + second * (2 * x - a - b), 2 * second)
    }

    /// `∏_{j≠k} (points[k] − points[j])`.
    func spread(_ k: Int) -> Double {
        (0..<3).filter { $0 != k }.reduce(1.0) { $0 * (points[k] - points[$1]) }
    }

    /// The Lagrange function of point `k` at `x`: 1 at that point, 0 at the other two.
    func lagrange(_ k: Int, _ x: Double) -> Double {
        (0..<3).filter { $0 != k }.reduce(1.0) { $0 * (x - points[$1]) / (points[k] - points[$1]) }
    }

    /// The slope of the Lagrange function of point `k` at `x`.
    func lagrangeSlope(_ k: Int, _ x: Double) -> Double {
        let others = (0..<3).filter { $0 != k }
        return (2 * x - points[others[0]] - points[others[1]]) / spread(k)
    }

    /// The trust-region step (Powell's `TRSBOX` for one variable): the new point, the curvature
    /// estimate (`CRVMIN`: −1 unknown, 0 on the trust-region boundary) and the slope at its end.
    private func trustRegionStep(radius: Double) -> (point: Double, curvature: Double, slope: Double) {
        let x = points[best]
        let (g, h) = model(at: x)
        if (x <= lower && g >= 0) || g == 0 { return (x, -1, g) }
        let direction = -g
        let boundaryLength = radius * radius / (g * g * (radius * radius)).squareRoot()
        let curvature = direction * (h * direction)
        var length = boundaryLength
        if curvature > 0 { length = min(boundaryLength, g * g / curvature) }
        var hitsBound = false
        if direction < 0, (lower - x) / direction < length {
            length = (lower - x) / direction
            hitsBound = true
        }
        var estimate = -1.0
        var slope = g
        var step = 0.0
        if length > 0 {
            if !hitsBound && curvature / (direction * direction) > 0 { estimate = curvature / (direction * direction) }
            slope = g + length * (h * direction)
            step = length * direction
        }
        if hitsBound {
            if radius * radius - step * step <= 0 { estimate = 0 }
            return (lower, estimate, slope)
        }
        if length >= boundaryLength { estimate = 0 }
        return (max(x + step, lower), estimate, slope)
    }

    /// The point to replace by `x`: largest squared Lagrange value at `x`, weighted by the
    /// fourth power of its distance from `centre` over the radius where that exceeds 1. Equal
    /// scores (which the symmetric first steps produce) go to the later point, as minqa's
    /// arithmetic settles them on the reference paths.
    private func replaced(by x: Double, centre: Double, radius: Double, skippingBest: Bool) -> Int? {
        var chosen: Int?
        var largest = 0.0
        for k in 0..<3 where !(skippingBest && k == best) {
            let value = lagrange(k, x) * lagrange(k, x)
            let distance = (points[k] - centre) * (points[k] - centre)
            let weight = max(1, (distance / (radius * radius)) * (distance / (radius * radius)))
            if weight * value > largest * (1 - 1e-10) { (largest, chosen) = (weight * value, k) }
        }
        return chosen
    }

    /// The point farther from the best than `√squared`, the farthest if several.
    private func farthest(beyond squared: Double) -> (index: Int, squared: Double)? {
        var found: (index: Int, squared: Double)?
        var limit = squared
        for k in 0..<3 {
            let distance = (points[k] - points[best]) * (points[k] - points[best])
            if distance > limit { (found, limit) = ((k, distance), distance) }
        }
        return found
    }

    private mutating func run(start: Double, maxEvaluations: Int, _ f: (Double) -> Double) -> Double {
        let rhoEnd = 1e-6 * min(0.95, 0.2 * abs(start))
        var rho = min(0.95, 0.2 * abs(start))
        var evaluations = 0
        let up = rho
        base = start
        lower = absoluteLower - start
        let down = lower == 0 ? 2 * rho : -rho
        points = [0, up, down]
        values = points.map {
            evaluations += 1
            return f(variable($0))
        }
        best = values[1] < values[0] ? 1 : 0
        if values[2] < values[best] { best = 2 }
        if up * down < 0 && values[2] < values[1] {
            points.swapAt(1, 2)
            values.swapAt(1, 2)
            if best == 2 { best = 1 }
        }
        var delta = rho
        var trustSteps = 0
        var errors = (0.0, 0.0, 0.0)
        var savedCount = evaluations
        var ratio = 0.0
        var stepLength = 0.0
        var proposal = (point: points[best], curvature: -1.0, slope: 0.0)

        /// Evaluates `f` at `newPoint`, a step from the model's centre `x`, and records how far
        /// the quadratic model's predicted change was from the change found.
        func evaluate(_ newPoint: Double, from x: Double) -> (value: Double, previous: Double, predicted: Double) {
            let (g, h) = model(at: x)
            let step = newPoint - x
            let predicted = g * step + 0.5 * h * step * step
            evaluations += 1
            let value = f(variable(newPoint))
            let previous = values[best]
            errors = (abs(value - previous - predicted), errors.0, errors.1)
            if stepLength > rho { savedCount = evaluations }
            return (value, previous, predicted)
        }

        enum Next {
            case trustRegion
            case far(Double)
            case reduceRho
        }
        var next = Next.trustRegion
        while evaluations < maxEvaluations {
            switch next {
            case .trustRegion:
                proposal = trustRegionStep(radius: delta)
                var x = points[best]
                stepLength = min(delta, abs(proposal.point - x))
                if stepLength < 0.5 * rho {
                    trustSteps = -1
                    next = .far((10 * rho) * (10 * rho))
                    if evaluations <= savedCount + 2 { continue }
                    let worst = max(errors.0, errors.1, errors.2)
                    if proposal.curvature > 0 && worst > 0.125 * rho * rho * proposal.curvature { continue }
                    let tolerance = worst / rho
                    var test = tolerance
                    if proposal.point == lower { test = proposal.slope }
                    if test < tolerance {
                        test += 0.5 * model(at: x).curvature * rho
                        if test < tolerance { continue }
                    }
                    next = .reduceRho
                    continue
                }
                trustSteps += 1
                var newPoint = proposal.point
                if (newPoint - x) * (newPoint - x) <= 1e-3 * x * x {
                    moveBase(to: x)
                    newPoint -= x
                    x = 0
                }
                guard var knew = replaced(by: newPoint, centre: x, radius: delta, skippingBest: true) else {
                    return variable(points[best])
                }
                let (value, previous, predicted) = evaluate(newPoint, from: x)
                if predicted >= 0 { return variable(points[best]) }
                ratio = (value - previous) / predicted
                if ratio <= 0.1 {
                    delta = min(0.5 * delta, stepLength)
                } else if ratio <= 0.7 {
                    delta = max(0.5 * delta, stepLength)
                } else {
                    delta = max(0.5 * delta, 2 * stepLength)
                }
                if delta <= 1.5 * rho { delta = rho }
                if value < previous,
                    let other = replaced(by: newPoint, centre: newPoint, radius: delta, skippingBest: false)
                {
                    knew = other
                }
                points[knew] = newPoint
                values[knew] = value
                if value < previous { best = knew }
                next =
                    value <= previous + 0.1 * predicted ? .trustRegion : .far(max(4 * delta * delta, 100 * rho * rho))
            case .far(let squared):
                if let (k, distanceSquared) = farthest(beyond: squared) {
                    let distance = distanceSquared.squareRoot()
                    if trustSteps == -1 {
                        delta = min(0.1 * delta, 0.5 * distance)
                        if delta <= 1.5 * rho { delta = rho }
                    }
                    trustSteps = 0
                    let radius = max(min(0.1 * distance, delta), rho)
                    if radius * radius <= 1e-3 * points[best] * points[best] { moveBase(to: points[best]) }
                    let x = points[best]
                    let newPoint = geometryStep(k, radius: radius)
                    let (value, previous, _) = evaluate(newPoint, from: x)
                    points[k] = newPoint
                    values[k] = value
                    if value < previous { best = k }
                    next = .trustRegion
                } else if trustSteps == -1 {
                    next = .reduceRho
                } else if ratio > 0 || max(delta, stepLength) > rho {
                    next = .trustRegion
                } else {
                    next = .reduceRho
                }
            case .reduceRho:
                if rho > rhoEnd {
                    delta = 0.5 * rho
                    let reduction = rho / rhoEnd
                    if reduction <= 16 {
                        rho = rhoEnd
                    } else if reduction <= 250 {
                        rho = reduction.squareRoot() * rhoEnd
                    } else {
                        rho = 0.1 * rho
                    }
                    delta = max(delta, rho)
                    trustSteps = 0
                    savedCount = evaluations
                    next = .trustRegion
                    continue
                }
                guard trustSteps == -1 else { return variable(points[best]) }
                evaluations += 1
                let last = f(variable(proposal.point))
                return variable(values[best] <= last ? points[best] : proposal.point)
            }
        }
        return variable(points[best])
    }
}
