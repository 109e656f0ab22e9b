import Foundation

/// How ``MixedModel/logistic(_:model:confidenceLevel:covariance:)`` obtains `Cov(β̂)`, and with
/// it the standard errors, odds-ratio intervals and type III Wald chi-squares.
public enum LogisticMixedModelCovariance: String, Sendable, CaseIterable {
    /// As `vcov(m)` of lme4's `glmer` with its defaults: the β block of `2 H⁻¹`, H the
    /// central-difference Hessian (lme4's `deriv12`, step 1e-4) over (θ, β) of lme4's own
    /// deviance function, whose conditional modes stop at `tolPwrss = 1e-7`, taken with θ̂ and β̂
    /// where glmer's default optimisers stop (bobyqa on the `nAGQ = 0` deviance, then lme4's
    /// Nelder–Mead, a few parts in 10⁴ from the optimum); for a singular fit (θ < 1e-4), or a
    /// Hessian whose β block is not positive definite, the covariance of the penalised least
    /// squares solution (lme4's fallback). Matches `car::Anova(m, type = 3)` on a default
    /// `glmer` fit to about 1e-4 in the chi-squares and p-values.
    case lme4
    /// The β block of `2 H⁻¹` with H the Hessian (same differences) of the Laplace deviance whose
    /// conditional modes are converged to machine precision, at its optimum: free of the error of
    /// lme4's early PIRLS stop, so the same as lme4 run with `glmerControl(tolPwrss = 1e-13)` up
    /// to the finite-difference error, but up to a few percent away from glmer's defaults.
    case exact
}

extension LogisticMixedModelFit {
    /// `Cov(β̂)` at `point = [θ] + β`, and whether the Hessian it came from was positive definite;
    /// `glmer` is lme4's deviance function for ``LogisticMixedModelCovariance/lme4``, nil for exact.
    static func covariance(
        _ laplace: LogisticLaplaceDeviance, _ glmer: GlmerDevianceFunction?, at point: [Double]
    ) -> (covariance: Matrix, positiveDefinite: Bool) {
        guard let glmer else {
            // lme4's deriv12 step, so that both carry the same O(h²) truncation error.
            let hessian = NumericalDerivatives.centralDerivatives(point, absoluteStep: 1e-4, laplace.deviance).hessian
            return fixedEffectsBlock(of: hessian, generalised: true)
        }
        // lme4's optimizeGlmer skips the derivatives of a fit within 1e-4 of θ's bound.
        if point[0] >= 1e-4 {
            let (covariance, positive) = fixedEffectsBlock(
                of: lme4Derivatives(glmer, at: point).hessian, generalised: false)
            if positive { return (covariance, true) }
        }
        return (leastSquaresCovariance(glmer, at: point), true)
    }

    /// lme4's `deriv12(devfun, opt$par, fx = opt$value)`: central differences with step 1e-4, the
    /// centre being lme4's deviance function at the point (not the converged Laplace deviance).
    static func lme4Derivatives(_ function: GlmerDevianceFunction, at point: [Double])
        -> (gradient: [Double], hessian: Matrix)
    {
        let k = point.count
        let value = function(point)
        let delta = 1e-4
        func shifted(_ moves: [(Int, Double)]) -> Double {
            var moved = point
            for (index, step) in moves { moved[index] += step }
            return function(moved)
        }
        var gradient = [Double](repeating: 0, count: k)
        var hessian = Matrix(rows: k, columns: k)
        for j in 0..<k {
            let plus = shifted([(j, delta)])
            let minus = shifted([(j, -delta)])
            gradient[j] = (plus - minus) / (2 * delta)
            hessian[j, j] = (plus - 2 * value + minus) / (delta * delta)
            for i in 0..<j {
                let corners =
                    shifted([(i, delta), (j, delta)]) - shifted([(i, delta), (j, -delta)])
                    - shifted([(i, -delta), (j, delta)]) + shifted([(i, -delta), (j, -delta)])
                hessian[i, j] = corners / (4 * delta * delta)
                hessian[j, i] = hessian[i, j]
            }
        }
        return (gradient, hessian)
    }

    /// The β block of `2 H⁻¹`. With `generalised`, eigenvalues below 1e-10 of the largest are
    /// dropped; otherwise the plain inverse, reported not positive definite when the block is not.
    static func fixedEffectsBlock(of hessian: Matrix, generalised: Bool) -> (covariance: Matrix, positiveDefinite: Bool)
    {
        let k = hessian.rows
        let (values, vectors) = hessian.symmetricEigen()
        let floor = generalised ? 1e-10 * (values.first ?? 0) : 0
        var inverse = Matrix(rows: k, columns: k)
        for (index, value) in values.enumerated() where generalised ? value > floor : value != 0 {
            for i in 0..<k { for j in 0..<k { inverse[i, j] += 2 * vectors[i, index] * vectors[j, index] / value } }
        }
        let p = k - 1
        let block = Matrix(rowArrays: (1...p).map { i in (1...p).map { inverse[i, $0] } }, columns: p)
        let positive =
            generalised
            ? values.allSatisfy { $0 > floor } : block.symmetricEigenvalues().allSatisfy { $0 > 0 }
        return (block, positive)
    }

    /// lme4's `pp$unsc()`: `(RXᵀRX)⁻¹ = (XᵀWX − Σᵢ θ² sᵢsᵢᵀ / (1 + θ² Σⱼ wᵢⱼ))⁻¹`, with
    /// `sᵢ = Σⱼ wᵢⱼ xᵢⱼ` and
    /// W the weights of the last PIRLS solve of the deviance function at the optimum.
    static func leastSquaresCovariance(_ function: GlmerDevianceFunction, at point: [Double]) -> Matrix {
        let x = function.laplace.x
        let p = x.columns
        let theta = point[0]
        let weights = function.evaluate(point).weights
        var gram = Matrix(rows: p, columns: p)
        for rows in function.laplace.rowsOfSubject {
            var s = [Double](repeating: 0, count: p)
            var weightSum = 0.0
            for row in rows {
                weightSum += weights[row]
                for a in 0..<p {
                    s[a] += weights[row] * x[row, a]
                    for b in 0..<p { gram[a, b] += weights[row] * x[row, a] * x[row, b] }
                }
            }
            let factor = 1 + theta * theta * weightSum
            for a in 0..<p { for b in 0..<p { gram[a, b] -= theta * theta * s[a] * s[b] / factor } }
        }
        var inverse = Matrix(rows: p, columns: p)
        for column in 0..<p {
            let unit = (0..<p).map { $0 == column ? 1.0 : 0 }
            let solved = gram.solveSymmetricPositiveDefinite(unit) ?? Array(repeating: .nan, count: p)
            for row in 0..<p { inverse[row, column] = solved[row] }
        }
        return inverse
    }
}
