import Foundation

/// Where the default covariance (``LogisticMixedModelCovariance/lme4``) takes θ̂ and β̂.
enum GlmerEstimates: Sendable {
    /// Where `glmer` with its default control stops (``LogisticMixedModelFit/glmerOptimum(_:)``).
    case defaultStop
    /// At the minimum of lme4's deviance function, where `glmer` run to convergence stops
    /// (``LogisticMixedModelFit/lme4Optimum(_:from:)``).
    case optimum
}

extension LogisticMixedModelFit {
    /// Where `glmer` with its default control stops (lme4's `optimizeGlmer`, stage 2, and
    /// `check.boundary`): lme4's ``Lme4NelderMead`` over `(θ, β)` of lme4's deviance function from
    /// the first stage's θ and β, with lme4's steps `xst` and tolerances `xt = 5e-4 · xst`, θ ≥ 0;
    /// a θ below `boundary.tol = 1e-5` is set to 0 when that lowers the deviance.
    ///
    /// Nelder–Mead stops once the simplex is small, not at the minimum: the estimates, and with
    /// them `vcov(m)` and the chi-squares, lie a few parts in 10⁴ from the optimum, and this
    /// reproduces that point.
    static func glmerOptimum(_ glmer: GlmerDevianceFunction) -> OptimizerResult {
        let first = glmer.firstStage
        let start = [first.theta] + first.beta
        let steps = first.nelderMeadSteps
        let free = Array(repeating: Double.infinity, count: start.count - 1)
        var result = Lme4NelderMead.minimize(
            start: start, step: steps, tolerance: steps.map { $0 * 5e-4 },
            lowerBounds: [0] + free.map { -$0 }, upperBounds: [.infinity] + free
        ) { glmer($0) }
        if result.point[0] > 0 && result.point[0] < 1e-5 {
            var edge = result.point
            edge[0] = 0
            if glmer(edge) < result.value { result.point = edge }
            result.value = glmer(result.point)
        }
        return result
    }

    /// The minimum of lme4's deviance function near the Laplace optimum `point`, by Newton steps
    /// on lme4's finite differences: lme4 minimises its own function, whose early-stopped modes
    /// move the optimum (and so β̂ and the chi-squares) by up to a few parts in 1000.
    static func lme4Optimum(_ glmer: GlmerDevianceFunction, from point: [Double]) -> [Double] {
        guard point[0] >= 1e-4 else { return point }
        var current = point
        for _ in 0..<5 {
            let (gradient, hessian) = lme4Derivatives(glmer, at: current)
            guard let step = hessian.solveSymmetricPositiveDefinite(gradient) else { break }
            let candidate = zip(current, step).map { $0 - $1 }
            guard candidate[0] >= 1e-4, glmer(candidate) <= glmer(current) else { break }
            current = candidate
            if (step.map(abs).max() ?? 0) < 1e-9 * (1 + (current.map(abs).max() ?? 0)) { break }
        }
        return current
    }
}
