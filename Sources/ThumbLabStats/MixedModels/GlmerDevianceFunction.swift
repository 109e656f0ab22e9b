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
    /// lme4's first stage, whose linear predictor every evaluation starts from.
    let firstStage: GlmerFirstStage

    /// The state after one evaluation: the deviance, and the working weights of the last solve.
    struct Evaluation {
        var deviance: Double
        var weights: [Double]
    }

    init(_ laplace: LogisticLaplaceDeviance, firstStage: GlmerFirstStage? = nil) {
        self.laplace = laplace
        self.firstStage = firstStage ?? GlmerFirstStage(laplace)
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
        var eta = firstStage.predictor
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
}
