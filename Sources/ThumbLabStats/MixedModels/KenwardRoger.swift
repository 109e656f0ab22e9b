import Foundation

extension LinearMixedModelResult {
    /// The type III table with Kenward & Roger's (1997) small-sample method instead of
    /// Satterthwaite's, as `anova(m, ddf = "Kenward-Roger")` of lmerTest, which calls
    /// pbkrtest (Halekoh & Højsgaard 2014, *J. Stat. Softw.* 59(9)): the Wald F from the
    /// adjusted covariance `Φ_A = Φ + 2Φ U Φ` of β̂, multiplied for terms of more than one df
    /// by KR's scaling `ν (1 − A₂/q) / (ν − 2)` (pbkrtest's `Ftest`, which lmerTest prints),
    /// and the KR denominator df ν.
    ///
    /// The marginal covariance `Σ = Σ_r γ_r G_r` is parameterised by the variances and
    /// covariances of the random effects and the residual variance, as pbkrtest does. The
    /// computation uses dense per-subject blocks, so it costs O(Σ n_i³) — fine for studies,
    /// slow for thousands of trials per participant.
    ///
    /// - Throws: ``StatsError`` with `.invalidArgument` for an ML fit (KR is defined for REML).
    public func kenwardRogerTerms() throws -> [LinearMixedModelTerm] {
        guard estimation == .reml else {
            throw StatsError(.invalidArgument, "Kenward-Roger df are defined for REML fits; refit with REML.")
        }
        let kr = KenwardRoger(self)
        return MixedModelContrasts.typeIII(design).map { name, rows in
            let test = kr.test(rows)
            let p = test.df > 0 && test.f.isFinite ? FDistribution(df1: test.q, df2: test.df).sf(test.f) : .nan
            return LinearMixedModelTerm(
                name: name, f: test.f, numeratorDF: test.q, denominatorDF: test.df, p: p,
                apa: "F(\(APA.df(test.q)), \(APA.df(test.df))) = \(APA.value(test.f)), \(APA.p(p))")
        }
    }
}

/// pbkrtest's `vcovAdj` (P, W, Φ_A) and `.KR_adjust` for one hypothesis.
struct KenwardRoger {
    let phi: Matrix
    let phiA: Matrix
    let p: [Matrix]
    let w: Matrix
    let beta: [Double]

    init(_ fit: LinearMixedModelResult) {
        let design = fit.design
        let q = design.z.columns
        let sigma2 = fit.residual.variance
        let lambda = LinearMixedModelDeviance.lambda(fit.theta, q: q)
        var s = lambda * lambda.transposed
        s.elements = s.elements.map { $0 * sigma2 }
        // E_r for each unique element of the random-effects covariance (lower triangle by
        // columns, as VarCorr's lower.tri), then the residual.
        var e: [Matrix] = []
        for column in 0..<q {
            for row in column..<q {
                var m = Matrix(rows: q, columns: q)
                m[row, column] = 1
                m[column, row] = 1
                e.append(m)
            }
        }
        let count = e.count + 1
        let pp = design.x.columns
        phi = Matrix(rowArrays: fit.covariance, columns: pp)
        var pMatrices = [Matrix](repeating: Matrix(rows: pp, columns: pp), count: count)
        var qq = [[Matrix]](repeating: [Matrix](repeating: Matrix(rows: pp, columns: pp), count: count), count: count)
        var ktrace = Matrix(rows: count, columns: count)
        var rowsOf = [[Int]](repeating: [], count: design.subjectCount)
        for (row, subject) in design.subjectIndex.enumerated() { rowsOf[subject].append(row) }
        for rows in rowsOf {
            let zi = design.z.submatrix(rows: rows, columns: Array(0..<q))
            let xi = design.x.submatrix(rows: rows, columns: Array(0..<pp))
            var sigma = zi * s * zi.transposed
            for k in rows.indices { sigma[k, k] += sigma2 }
            let sigmaInverse = sigma.symmetricInverse()!
            let a = sigmaInverse * xi
            let g = e.map { zi * $0 * zi.transposed } + [Self.identity(rows.count)]
            let h = g.map { $0 * sigmaInverse }
            let b = g.map { $0 * a }
            for r in 0..<count {
                pMatrices[r] = pMatrices[r] - a.transposed * b[r]
                for t in r..<count {
                    qq[r][t] = qq[r][t] + b[r].transposed * sigmaInverse * b[t]
                    let trace = zip(h[r].transposed.elements, h[t].elements).reduce(0) { $0 + $1.0 * $1.1 }
                    ktrace[r, t] += trace
                    ktrace[t, r] = ktrace[r, t]
                }
            }
        }
        func sumProduct(_ a: Matrix, _ b: Matrix) -> Double {
            zip(a.elements, b.elements).reduce(0) { $0 + $1.0 * $1.1 }
        }
        var information = Matrix(rows: count, columns: count)
        for r in 0..<count {
            let phiP = phi * pMatrices[r]
            for t in r..<count {
                information[r, t] = ktrace[r, t] - 2 * sumProduct(phi, qq[r][t]) + sumProduct(phiP, pMatrices[t] * phi)
                information[t, r] = information[r, t]
            }
        }
        var w = information.symmetricInverse() ?? Matrix(rows: count, columns: count)
        w.elements = w.elements.map { 2 * $0 }
        var u = Matrix(rows: pp, columns: pp)
        for r in 0..<count {
            for t in r..<count {
                let term = qq[r][t] - pMatrices[r] * phi * pMatrices[t]
                let weight = w[r, t]
                u = u + (r == t ? term.scaled(weight) : (term + term.transposed).scaled(weight))
            }
        }
        phiA = phi + (phi * u * phi).scaled(2)
        p = pMatrices
        self.w = w
        beta = fit.coefficients.map(\.estimate)
    }

    static func identity(_ n: Int) -> Matrix {
        var m = Matrix(rows: n, columns: n)
        for i in 0..<n { m[i, i] = 1 }
        return m
    }

    /// `.KR_adjust`: the (scaled) Wald F with Φ_A and the KR denominator df.
    func test(_ rows: [[Double]]) -> (f: Double, q: Double, df: Double) {
        let l = Matrix(rowArrays: rows, columns: beta.count)
        let q = Double(rows.count)
        guard let middle = (l * phi * l.transposed).symmetricInverse(),
            let adjusted = (l * phiA * l.transposed).symmetricInverse()
        else { return (.nan, q, .nan) }
        let thetaPhi = l.transposed * middle * l * phi
        let u = p.map { thetaPhi * $0 * phi }
        var a1 = 0.0
        var a2 = 0.0
        for i in u.indices {
            for j in i..<u.count {
                let factor = (i == j ? 1.0 : 2.0) * w[i, j]
                a1 += factor * u[i].trace * u[j].trace
                a2 += factor * zip(u[i].elements, u[j].transposed.elements).reduce(0) { $0 + $1.0 * $1.1 }
            }
        }
        let b = (a1 + 6 * a2) / (2 * q)
        let g = ((q + 1) * a1 - (q + 4) * a2) / ((q + 2) * a2)
        let denominator = 3 * q + 2 * (1 - g)
        let (c1, c2, c3) = (g / denominator, (q - g) / denominator, (q + 2 - g) / denominator)
        var v0 = 1 + c1 * b
        if abs(v0) < 1e-10 { v0 = 0 }
        let v1 = 1 - c2 * b
        let v2 = 1 - c3 * b
        let ratio = v1 == 0 ? 0 : (1 - a2 / q) / v1
        let rho = ratio * ratio * v0 / (q * v2)
        let df = 4 + (q + 2) / (q * rho - 1)
        let lb = l.times(beta)
        let wald = adjusted.form(lb, lb) / q
        // lmerTest reports pbkrtest's scaled F for hypotheses of more than one row, and the
        // square of the t statistic (no scaling) for one row.
        let scaling = rows.count == 1 || abs(df - 2) < 0.01 ? 1 : df * (1 - a2 / q) / (df - 2)
        return (scaling * wald, q, df)
    }
}

extension Matrix {
    static func + (lhs: Matrix, rhs: Matrix) -> Matrix {
        var result = lhs
        for index in result.elements.indices { result.elements[index] += rhs.elements[index] }
        return result
    }

    static func - (lhs: Matrix, rhs: Matrix) -> Matrix { lhs + rhs.scaled(-1) }

    func scaled(_ factor: Double) -> Matrix {
        var result = self
        result.elements = result.elements.map { $0 * factor }
        return result
    }
}
