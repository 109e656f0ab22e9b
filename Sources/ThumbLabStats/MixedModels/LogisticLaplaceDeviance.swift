import Foundation

/// The Laplace approximation to the deviance of a logistic mixed model with a random
/// intercept per subject, as `lme4::glmer(..., family = binomial)` evaluates it with
/// `nAGQ = 1` (Bates et al. 2015, §5 of the lme4 vignette "Computational methods"; the
/// penalised iteratively reweighted least squares of Bates 2011).
///
/// With `b_i = θ u_i`, `η_ij = x_ijᵀβ + θ u_i` and the conditional mode `ũ_i` of
/// `g_i(u) = Σ_j d(y_ij, η_ij) + u²` (d the Bernoulli deviance residual),
/// `D(θ, β) = Σ_i [g_i(ũ_i) + log(1 + θ² Σ_j μ_ij(1 − μ_ij))]`, and `logLik = −D/2`.
/// Each subject's mode is found by Newton's method on its own scalar problem.
struct LogisticLaplaceDeviance: Sendable {
    let x: Matrix
    let y: [Double]
    /// The rows of `x`, flat, for the inner loop.
    private let rows: [Double]
    /// Row indices of each subject.
    let rowsOfSubject: [[Int]]

    init(_ design: MixedModelDesign) {
        x = design.x
        rows = design.x.elements
        y = design.response
        var rows = [[Int]](repeating: [], count: design.subjectCount)
        for (row, subject) in design.subjectIndex.enumerated() { rows[subject].append(row) }
        rowsOfSubject = rows
    }

    var p: Int { x.columns }

    /// `log(1 + e^η)` without overflow.
    @inline(__always) static func softplus(_ eta: Double) -> Double {
        eta > 0 ? eta + log1p(exp(-eta)) : log1p(exp(eta))
    }

    /// `D(θ, β)` for `parameters = [θ] + β`, and the conditional modes of the random intercepts.
    func evaluate(_ parameters: [Double]) -> (deviance: Double, modes: [Double]) {
        let theta = parameters[0]
        let beta = Array(parameters.dropFirst())
        let p = beta.count
        var offset = [Double](repeating: 0, count: y.count)
        rows.withUnsafeBufferPointer { flat in
            for row in 0..<y.count {
                var sum = 0.0
                for c in 0..<p { sum += flat[row * p + c] * beta[c] }
                offset[row] = sum
            }
        }
        var total = 0.0
        var modes: [Double] = []
        modes.reserveCapacity(rowsOfSubject.count)
        for rows in rowsOfSubject {
            var u = 0.0
            var weight = 0.0
            for _ in 0..<100 {
                var gradient = 2 * u
                var curvature = 2.0
                weight = 0
                for row in rows {
                    let mu = 1 / (1 + exp(-(offset[row] + theta * u)))
                    gradient -= 2 * (y[row] - mu) * theta
                    weight += mu * (1 - mu)
                }
                curvature += 2 * theta * theta * weight
                let step = gradient / curvature
                u -= step
                if abs(step) < 1e-13 * (1 + abs(u)) { break }
            }
            var value = u * u
            weight = 0
            for row in rows {
                let eta = offset[row] + theta * u
                // −2 log p(y | η) for a 0/1 response.
                value += 2 * (Self.softplus(eta) - y[row] * eta)
                let mu = 1 / (1 + exp(-eta))
                weight += mu * (1 - mu)
            }
            total += value + log(1 + theta * theta * weight)
            modes.append(u)
        }
        return (total, modes)
    }

    func deviance(_ parameters: [Double]) -> Double {
        let value = evaluate(parameters).deviance
        return value.isFinite ? value : .infinity
    }

    /// Maximum-likelihood logistic regression without random effects, by iteratively
    /// reweighted least squares: the starting values of β.
    func logisticRegression() -> [Double]? {
        var beta = [Double](repeating: 0, count: p)
        for _ in 0..<50 {
            let eta = x.times(beta)
            var weighted = Matrix(rows: x.rows, columns: p)
            var response = Matrix(rows: x.rows, columns: 1)
            for row in 0..<x.rows {
                let mu = min(max(1 / (1 + exp(-eta[row])), 1e-10), 1 - 1e-10)
                let w = (mu * (1 - mu)).squareRoot()
                for c in 0..<p { weighted[row, c] = x[row, c] * w }
                response[row, 0] = (eta[row] + (y[row] - mu) / (mu * (1 - mu))) * w
            }
            let qr = QRDecomposition(weighted)
            if qr.isRankDeficient { return nil }
            let next = qr.solveLeastSquares(response).column(0)
            let change = zip(next, beta).map { abs($0 - $1) }.max() ?? 0
            beta = next
            if change < 1e-10 { break }
        }
        return beta
    }
}
