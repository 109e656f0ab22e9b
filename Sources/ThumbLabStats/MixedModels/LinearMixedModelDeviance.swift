import Foundation

/// The profiled deviance of a linear mixed model with one grouping factor, as a function of
/// the relative covariance factor θ (Bates, Mächler, Bolker & Walker 2015, "Fitting linear
/// mixed-effects models using lme4", *J. Stat. Softw.* 67(1), §3).
///
/// The random effects of subject i are `b_i = σ Λ u_i`, with `Λ` the lower-triangular q × q
/// factor whose entries (column by column) are θ, or the diagonal factor whose diagonal is θ
/// for uncorrelated random effects. Because subjects are independent, the
/// sparse Cholesky factor of lme4 is block diagonal: one `L_i L_iᵀ = Λᵀ Z_iᵀ Z_i Λ + I` per
/// subject. With `V_i = Z_i Λ Λᵀ Z_iᵀ + I` (Woodbury), `Xᵀ V⁻¹ X = Rₓᵀ Rₓ`, `β̂` its
/// generalised least-squares solution and `r²` the penalised residual sum of squares,
/// - ML: `d(θ) = log|L|² + n (1 + log(2π r² / n))`,
/// - REML: `d_R(θ) = log|L|² + log|Rₓ|² + (n − p)(1 + log(2π r² / (n − p)))` (eqs. 34, 41).
/// Every evaluation costs O(m (q²p + qp²)) after one pass over the data.
struct LinearMixedModelDeviance: Sendable {
    let n: Int
    let p: Int
    let q: Int
    /// Whether θ fills Λ's lower triangle (correlated) or only its diagonal (uncorrelated).
    let correlated: Bool
    private let ztz: [Matrix]
    private let ztx: [Matrix]
    private let zty: [[Double]]
    private let xtx: Matrix
    private let xty: [Double]
    private let yty: Double
    /// The response is centred before the cross products are formed (which leaves θ, σ and
    /// the slopes unchanged and shifts the intercept), so that `r²` does not lose digits to
    /// cancellation; `evaluate` adds the mean back to the intercept.
    private let center: Double

    /// Everything that depends on θ.
    struct Evaluation {
        var logDetL: Double
        var logDetRX: Double
        var penalizedRSS: Double
        var beta: [Double]
        /// `(Xᵀ V⁻¹ X)⁻¹`: the covariance of β̂ divided by σ².
        var unscaledCovariance: Matrix
        /// The conditional modes of the random effects of each subject, in units of σ.
        var conditionalModes: [[Double]]
    }

    init(_ design: MixedModelDesign) {
        n = design.rowCount
        p = design.x.columns
        q = design.z.columns
        correlated = design.specification.correlatedRandomEffects
        let m = design.subjectCount
        var ztz = [Matrix](repeating: Matrix(rows: q, columns: q), count: m)
        var ztx = [Matrix](repeating: Matrix(rows: q, columns: p), count: m)
        var zty = [[Double]](repeating: Array(repeating: 0, count: q), count: m)
        var xtx = Matrix(rows: p, columns: p)
        var xty = [Double](repeating: 0, count: p)
        var yty = 0.0
        let center = design.response.reduce(0, +) / Double(n)
        for row in 0..<n {
            let s = design.subjectIndex[row]
            let y = design.response[row] - center
            for a in 0..<q {
                let za = design.z[row, a]
                if za == 0 { continue }
                for b in 0..<q { ztz[s][a, b] += za * design.z[row, b] }
                for b in 0..<p { ztx[s][a, b] += za * design.x[row, b] }
                zty[s][a] += za * y
            }
            for a in 0..<p {
                let xa = design.x[row, a]
                if xa == 0 { continue }
                for b in a..<p { xtx[a, b] += xa * design.x[row, b] }
                xty[a] += xa * y
            }
            yty += y * y
        }
        for a in 0..<p { for b in 0..<a { xtx[a, b] = xtx[b, a] } }
        self.ztz = ztz
        self.ztx = ztx
        self.zty = zty
        self.xtx = xtx
        self.xty = xty
        self.yty = yty
        self.center = center
    }

    /// The number of entries of θ.
    var thetaCount: Int { correlated ? q * (q + 1) / 2 : q }

    /// The lower-triangular factor Λ from θ (column-major lower triangle, lme4's order); a θ
    /// of q entries (q > 1) is the diagonal of an uncorrelated Λ.
    static func lambda(_ theta: [Double], q: Int) -> Matrix {
        var lambda = Matrix(rows: q, columns: q)
        if q > 1 && theta.count == q {
            for index in 0..<q { lambda[index, index] = theta[index] }
            return lambda
        }
        var index = 0
        for column in 0..<q {
            for row in column..<q {
                lambda[row, column] = theta[index]
                index += 1
            }
        }
        return lambda
    }

    /// Indices of θ that are diagonal entries of Λ (bounded below by 0).
    var diagonalIndices: [Int] { correlated ? Self.diagonalIndices(q: q) : Array(0..<q) }

    /// Indices of the diagonal entries of Λ in a full lower-triangular θ.
    static func diagonalIndices(q: Int) -> [Int] {
        var result: [Int] = []
        var index = 0
        for column in 0..<q {
            result.append(index)
            index += q - column
        }
        return result
    }

    func evaluate(_ theta: [Double]) -> Evaluation? {
        let lambda = Self.lambda(theta, q: q)
        let lambdaT = lambda.transposed
        var xtvx = xtx
        var xtvy = xty
        var ytvy = yty
        var logDetL = 0.0
        var factors: [(Matrix, [Double], Matrix)] = []
        for s in ztz.indices {
            var inner = lambdaT * ztz[s] * lambda
            for a in 0..<q { inner[a, a] += 1 }
            guard let chol = inner.choleskyFactor() else { return nil }
            for a in 0..<q { logDetL += 2 * log(chol[a, a]) }
            let w = chol.forwardSubstitute(lambdaT * ztx[s])
            let c = chol.forwardSubstitute(lambdaT.times(zty[s]))
            for a in 0..<p {
                for b in 0..<p {
                    var sum = 0.0
                    for k in 0..<q { sum += w[k, a] * w[k, b] }
                    xtvx[a, b] -= sum
                }
                var sum = 0.0
                for k in 0..<q { sum += w[k, a] * c[k] }
                xtvy[a] -= sum
            }
            for k in 0..<q { ytvy -= c[k] * c[k] }
            factors.append((chol, c, w))
        }
        guard let rx = xtvx.choleskyFactor() else { return nil }
        var beta = rx.choleskySolve(xtvy)
        var rss = ytvy
        for a in 0..<p { rss -= beta[a] * xtvy[a] }
        var logDetRX = 0.0
        for a in 0..<p { logDetRX += 2 * log(rx[a, a]) }
        // Conditional modes u_i = L_iᵀ⁻¹ (c_i − W_i β); b_i = Λ u_i (in units of σ).
        let modes = factors.map { chol, c, w -> [Double] in
            var rhs = c
            for k in 0..<q { for a in 0..<p { rhs[k] -= w[k, a] * beta[a] } }
            let u = chol.backSubstituteTransposed(rhs)
            return (0..<q).map { a in (0..<q).reduce(0) { $0 + lambda[a, $1] * u[$1] } }
        }
        beta[0] += center
        return Evaluation(
            logDetL: logDetL, logDetRX: logDetRX, penalizedRSS: max(rss, 0), beta: beta,
            unscaledCovariance: rx.choleskyInverse(), conditionalModes: modes)
    }

    /// The profiled deviance (ML) or REML criterion at θ; +∞ where it cannot be evaluated.
    func deviance(_ theta: [Double], estimation: MixedModelEstimation) -> Double {
        guard let e = evaluate(theta) else { return .infinity }
        return Self.profiled(e, n: n, p: p, estimation: estimation)
    }

    static func profiled(_ e: Evaluation, n: Int, p: Int, estimation: MixedModelEstimation) -> Double {
        let rss = max(e.penalizedRSS, .leastNormalMagnitude)
        switch estimation {
        case .ml:
            let nd = Double(n)
            return e.logDetL + nd * (1 + log(2 * Double.pi * rss / nd))
        case .reml:
            let dof = Double(n - p)
            return e.logDetL + e.logDetRX + dof * (1 + log(2 * Double.pi * rss / dof))
        }
    }

    /// lmerTest's `devfun_vp`: the deviance at θ and a given residual SD σ (not profiled),
    /// the function whose Hessian gives the asymptotic covariance of (θ, σ).
    func devianceAt(theta: [Double], sigma: Double, estimation: MixedModelEstimation) -> Double {
        guard let e = evaluate(theta) else { return .nan }
        let sigma2 = sigma * sigma
        var dev = e.logDetL + e.penalizedRSS / sigma2 + Double(n) * log(2 * Double.pi * sigma2)
        if estimation == .reml { dev += e.logDetRX - Double(p) * log(2 * Double.pi * sigma2) }
        return dev
    }
}
