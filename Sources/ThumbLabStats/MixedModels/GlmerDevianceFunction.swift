import Foundation

/// The Laplace deviance as lme4's `glmer` evaluates it with its defaults, so that a
/// finite-difference Hessian of it carries the same error as lme4's (Bates et al. 2015; lme4's
/// `mkGlmerDevfun`, `pwrssUpdate` and `glmerLaplace`).
///
/// lme4 does not converge the conditional modes to machine precision: each evaluation restarts
/// penalised iteratively reweighted least squares (PIRLS) from the linear predictor `lp0` of
/// its first stage (the `nAGQ = 0` fit) and stops once the penalised deviance changes by less
/// than `tolPwrss = 1e-7` relatively; the log-determinant uses the weights of the last solve.
/// Differencing that function with lme4's step of 1e-4 moves the Hessian, and so `vcov(m)`, by
/// up to about 1%, which this type reproduces.
struct GlmerDevianceFunction: Sendable {
    /// lme4's default `glmerControl(tolPwrss = 1e-7)`.
    static let tolerance = 1e-7
    /// The iteration limit of lme4's PIRLS loop.
    static let maximumIterations = 100

    let laplace: LogisticLaplaceDeviance
    /// The linear predictor that every evaluation starts from.
    let startingPredictor: [Double]

    /// The state after one evaluation: the deviance, and the working weights of the last solve.
    struct Evaluation {
        var deviance: Double
        var weights: [Double]
    }

    init(_ laplace: LogisticLaplaceDeviance) {
        self.laplace = laplace
        startingPredictor = Self.firstStagePredictor(laplace)
    }

    /// `plogis(η)` clamped to `[ε, 1 − ε]` as lme4's logit link.
    @inline(__always) static func mean(_ eta: Double) -> Double {
        min(max(1 / (1 + exp(-eta)), Double.ulpOfOne), 1 - Double.ulpOfOne)
    }

    /// `−2 log p(y | μ)` summed: the binomial deviance (and AIC term) of a 0/1 response.
    static func deviance(_ y: [Double], _ mu: [Double]) -> Double {
        var sum = 0.0
        for row in y.indices { sum -= 2 * log(y[row] == 1 ? mu[row] : 1 - mu[row]) }
        return sum
    }

    /// lme4's stage-two deviance function at `parameters = [θ] + β`.
    func callAsFunction(_ parameters: [Double]) -> Double { evaluate(parameters).deviance }

    /// PIRLS over the spherical random effects `u` with β fixed in the offset, from `lp0`,
    /// with lme4's convergence test and step halving.
    func evaluate(_ parameters: [Double]) -> Evaluation {
        let theta = parameters[0]
        let offset = laplace.x.times(Array(parameters.dropFirst()))
        let y = laplace.y
        let subjects = laplace.rowsOfSubject
        var eta = startingPredictor
        var mu = eta.map(Self.mean)
        var u = [Double](repeating: 0, count: subjects.count)
        var weights = [Double](repeating: 0, count: y.count)
        var logDeterminant = 0.0
        var oldDeviance = Double.greatestFiniteMagnitude
        var penalised = oldDeviance
        func update(_ modes: [Double]) -> Double {
            for (subject, rows) in subjects.enumerated() {
                for row in rows {
                    eta[row] = offset[row] + theta * modes[subject]
                    mu[row] = Self.mean(eta[row])
                }
            }
            return Self.deviance(y, mu) + modes.reduce(0) { $0 + $1 * $1 }
        }
        for _ in 0..<Self.maximumIterations {
            let previous = u
            logDeterminant = 0
            for (subject, rows) in subjects.enumerated() {
                var weightSum = 0.0
                var weightedResponse = 0.0
                for row in rows {
                    let w = mu[row] * (1 - mu[row])
                    weights[row] = w
                    weightSum += w
                    weightedResponse += w * (eta[row] - offset[row]) + (y[row] - mu[row])
                }
                let factor = 1 + theta * theta * weightSum
                logDeterminant += log(factor)
                u[subject] = theta * weightedResponse / factor
            }
            penalised = update(u)
            if abs((oldDeviance - penalised) / penalised) < Self.tolerance { break }
            if penalised.isNaN || penalised > oldDeviance {
                for _ in 0..<20 where penalised.isNaN || penalised > oldDeviance {
                    u = zip(previous, u).map { ($0 + $1) / 2 }
                    penalised = update(u)
                }
            }
            oldDeviance = penalised
        }
        return Evaluation(deviance: logDeterminant + penalised, weights: weights)
    }

    /// The linear predictor at the end of lme4's first stage: θ minimising the `nAGQ = 0`
    /// deviance (β and u both at the mode of the penalised deviance), then lme4's PIRLS at that
    /// θ from the start `logit((y + ½) / 2)` of the binomial family.
    static func firstStagePredictor(_ laplace: LogisticLaplaceDeviance) -> [Double] {
        let start = laplace.y.map { log((($0 + 0.5) / 2) / (1 - ($0 + 0.5) / 2)) }
        let objective = { (theta: Double) in jointPIRLS(laplace, theta: theta, start: start, tolerance: 1e-14).deviance
        }
        var (low, high) = (0.0, 20.0)
        let ratio = (5.0.squareRoot() - 1) / 2
        var a = high - ratio * (high - low)
        var b = low + ratio * (high - low)
        var (fa, fb) = (objective(a), objective(b))
        while high - low > 1e-9 {
            if fa <= fb {
                (high, b, fb) = (b, a, fa)
                a = high - ratio * (high - low)
                fa = objective(a)
            } else {
                (low, a, fa) = (a, b, fb)
                b = low + ratio * (high - low)
                fb = objective(b)
            }
        }
        let theta = objective(0) < min(fa, fb) ? 0 : (low + high) / 2
        return jointPIRLS(laplace, theta: theta, start: start, tolerance: tolerance).predictor
    }

    /// PIRLS over β and u together (lme4's `nAGQ = 0` update): each step solves the penalised
    /// weighted least squares problem with β by its normal equations after eliminating the
    /// per-subject u.
    static func jointPIRLS(
        _ laplace: LogisticLaplaceDeviance, theta: Double, start: [Double], tolerance: Double
    ) -> (deviance: Double, predictor: [Double]) {
        let x = laplace.x
        let p = x.columns
        let y = laplace.y
        var eta = start
        var mu = eta.map(mean)
        var beta = [Double](repeating: 0, count: p)
        var u = [Double](repeating: 0, count: laplace.rowsOfSubject.count)
        var oldDeviance = Double.greatestFiniteMagnitude
        var penalised = oldDeviance
        var logDeterminant = 0.0
        func update(_ beta: [Double], _ u: [Double]) -> Double {
            let fixed = x.times(beta)
            for (subject, rows) in laplace.rowsOfSubject.enumerated() {
                for row in rows {
                    eta[row] = fixed[row] + theta * u[subject]
                    mu[row] = mean(eta[row])
                }
            }
            return deviance(y, mu) + u.reduce(0) { $0 + $1 * $1 }
        }
        for _ in 0..<maximumIterations {
            let (previousBeta, previousU) = (beta, u)
            var gram = Matrix(rows: p, columns: p)
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
        return (logDeterminant + penalised, eta)
    }
}
