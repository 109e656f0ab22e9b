import Foundation

/// The end of `glmer`'s first stage (lme4's `optimizeGlmer` with `nAGQ = 0`), from which its
/// second stage starts: θ minimising the `nAGQ = 0` deviance, the state of lme4's penalised
/// iteratively reweighted least squares (PIRLS) at that θ, and the step sizes lme4's `optwrap`
/// derives from it for `Nelder_Mead` (Bates et al. 2015).
///
/// lme4 finds θ with minqa's bobyqa from θ = 1, and bobyqa stops about 1e-7 from the optimum, at
/// a point its path decides. Where the second stage then stops depends on that point, so θ is
/// found by ``Lme4Bobyqa``, which takes bobyqa's steps: on the fixture designs it ends within
/// 2e-7 of lme4's θ (within 1e-9 on most), the rest being decided by the last bits of deviances
/// that differ by 1e-13.
struct GlmerFirstStage: Sendable {
    /// θ at the end of the first stage.
    let theta: Double
    /// β of the last PIRLS solve at θ (lme4's `pp$delb`), the second stage's starting β.
    let beta: [Double]
    /// The linear predictor after that solve (lme4's `lp0`), every later PIRLS's start.
    let predictor: [Double]
    /// `√diag((RXᵀRX)⁻¹)` of that solve (lme4's `sqrt(diag(pp$unsc()))`).
    let betaStandardErrors: [Double]

    init(_ laplace: LogisticLaplaceDeviance) {
        self.init(laplace, theta: Self.optimalTheta(laplace))
    }

    /// The state at `theta`: lme4's PIRLS there from the first stage's starting predictor.
    init(_ laplace: LogisticLaplaceDeviance, theta: Double) {
        self.theta = theta
        let state = Self.jointPIRLS(
            laplace, theta: theta, start: Self.familyStart(laplace), tolerance: GlmerDevianceFunction.tolerance)
        beta = state.beta
        predictor = state.predictor
        let p = state.gram.rows
        betaStandardErrors = (0..<p).map { column in
            let unit = (0..<p).map { $0 == column ? 1.0 : 0 }
            return (state.gram.solveSymmetricPositiveDefinite(unit)?[column] ?? .nan).squareRoot()
        }
    }

    /// The linear predictor every first-stage PIRLS starts from (lme4's `lp0` of
    /// `mkGlmerDevfun`): PIRLS at lme4's initial θ = 1 from the binomial family's start
    /// `logit((y + ½) / 2)`.
    static func familyStart(_ laplace: LogisticLaplaceDeviance) -> [Double] {
        let family = laplace.y.map { log((($0 + 0.5) / 2) / (1 - ($0 + 0.5) / 2)) }
        return jointPIRLS(laplace, theta: 1, start: family, tolerance: GlmerDevianceFunction.tolerance).predictor
    }

    /// θ minimising the `nAGQ = 0` deviance as lme4 finds it: bobyqa from θ = 1 with θ ≥ 0.
    static func optimalTheta(_ laplace: LogisticLaplaceDeviance) -> Double {
        let start = familyStart(laplace)
        return Lme4Bobyqa.minimize(start: 1, lower: 0) { theta in
            jointPIRLS(laplace, theta: theta, start: start, tolerance: GlmerDevianceFunction.tolerance).deviance
        }
    }

    /// lme4's `xst` for the second stage: `0.2 · (0.1, min(SE(β), 10))`.
    var nelderMeadSteps: [Double] { [0.2 * 0.1] + betaStandardErrors.map { 0.2 * min($0, 10) } }

    /// PIRLS over β and u together (lme4's `nAGQ = 0` update): each step solves the penalised
    /// weighted least squares problem with β by its normal equations after eliminating the
    /// per-subject u. Returns the penalised deviance with its log-determinant, the last β, the
    /// linear predictor, and the Schur complement `RXᵀRX` of the last solve.
    static func jointPIRLS(
        _ laplace: LogisticLaplaceDeviance, theta: Double, start: [Double], tolerance: Double
    ) -> (deviance: Double, beta: [Double], predictor: [Double], gram: Matrix) {
        let x = laplace.x
        let p = x.columns
        let y = laplace.y
        let mean = GlmerDevianceFunction.mean
        var eta = start
        var mu = eta.map(mean)
        var beta = [Double](repeating: 0, count: p)
        var u = [Double](repeating: 0, count: laplace.rowsOfSubject.count)
        var oldDeviance = Double.greatestFiniteMagnitude
        var penalised = oldDeviance
        var logDeterminant = 0.0
        var gram = Matrix(rows: p, columns: p)
        func update(_ beta: [Double], _ u: [Double]) -> Double {
            let fixed = x.times(beta)
            for (subject, rows) in laplace.rowsOfSubject.enumerated() {
                for row in rows {
                    eta[row] = fixed[row] + theta * u[subject]
                    mu[row] = mean(eta[row])
                }
            }
            return GlmerDevianceFunction.deviance(y, mu) + u.reduce(0) { $0 + $1 * $1 }
        }
        for _ in 0..<GlmerDevianceFunction.maximumIterations {
            let (previousBeta, previousU) = (beta, u)
            gram = Matrix(rows: p, columns: p)
            var right = [Double](repeating: 0, count: p)
            var subjectSums: [(factor: Double, s: [Double], r: Double)] = []
            logDeterminant = 0
            for rows in laplace.rowsOfSubject {
                var s = [Double](repeating: 0, count: p)
                var weightSum = 0.0
                var r = 0.0
                for row in rows {
                    let w = mu[row] * (1 - mu[row])
                    let z = w * eta[row] + (y[row] - mu[row])
                    weightSum += w
                    r += z
                    for a in 0..<p {
                        s[a] += w * x[row, a]
                        right[a] += x[row, a] * z
                        for b in 0..<p { gram[a, b] += w * x[row, a] * x[row, b] }
                    }
                }
                let factor = 1 + theta * theta * weightSum
                logDeterminant += log(factor)
                for a in 0..<p {
                    right[a] -= theta * theta * s[a] * r / factor
                    for b in 0..<p { gram[a, b] -= theta * theta * s[a] * s[b] / factor }
                }
                subjectSums.append((factor, s, r))
            }
            guard let solved = gram.solveSymmetricPositiveDefinite(right) else { break }
            beta = solved
            for (subject, sums) in subjectSums.enumerated() {
                let fitted = zip(sums.s, beta).reduce(0) { $0 + $1.0 * $1.1 }
                u[subject] = theta * (sums.r - fitted) / sums.factor
            }
            penalised = update(beta, u)
            if abs((oldDeviance - penalised) / penalised) < tolerance { break }
            if penalised.isNaN || penalised > oldDeviance {
                for _ in 0..<20 where penalised.isNaN || penalised > oldDeviance {
                    beta = zip(previousBeta, beta).map { ($0 + $1) / 2 }
                    u = zip(previousU, u).map { ($0 + $1) / 2 }
                    penalised = update(beta, u)
                }
            }
            oldDeviance = penalised
        }
        return (logDeterminant + penalised, beta, eta, gram)
    }
}
