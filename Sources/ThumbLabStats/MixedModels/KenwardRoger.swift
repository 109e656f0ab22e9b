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
    /// covariances of the random effects and the residual variance, as pbkrtest does. Each
    /// subject's block of Σ is σ² I plus a term of rank q (the random-effect columns), so every
    /// quantity comes from the per-subject cross products of the model matrices: the cost is
    /// O(n (q + p)²) for one pass over the n rows plus O(m (q + p)³ r²) for m subjects, p
    /// fixed effects and r covariance parameters, linear in the number of trials.
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
                apaStatistic: APAStatistic([
                    .init("F", df: [APA.df(test.q), APA.df(test.df)], APA.value(test.f)), .p(p),
                ]))
        }
    }
}

/// pbkrtest's `vcovAdj` (P, W, Φ_A; see `KenwardRogerAdjustment.swift`) and `.KR_adjust`
/// for one hypothesis.
struct KenwardRoger {
    let phi: Matrix
    let phiA: Matrix
    let p: [Matrix]
    let w: Matrix
    let beta: [Double]

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
