import Foundation

extension KenwardRoger {
    /// pbkrtest's `vcovAdj`: `P_r = −Xᵀ Σ⁻¹ G_r Σ⁻¹ X`, `Q_rs = Xᵀ Σ⁻¹ G_r Σ⁻¹ G_s Σ⁻¹ X`, the
    /// expected information `I_rs = tr(Σ⁻¹ G_r Σ⁻¹ G_s) − 2 tr(Φ Q_rs) + tr(Φ P_r Φ P_s)`,
    /// `W = 2 I⁻¹` and `Φ_A = Φ + 2 Φ U Φ` with `U = Σ_rs W_rs (Q_rs − P_r Φ P_s)` (Kenward &
    /// Roger 1997; `R_rs` is 0 for a covariance linear in its parameters).
    ///
    /// Σ is block diagonal by subject and each block is σ² I plus a rank-q term, so the sums
    /// over subjects are formed from the cross products of `[Z_i X_i]` alone (``SubjectBlock``):
    /// O(Σ n_i (q + p)²) for one pass over the rows, then O(m (q + p)³ r²) for m subjects and
    /// r covariance parameters, instead of O(Σ n_i³) with dense blocks.
    init(_ fit: LinearMixedModelResult) {
        let design = fit.design
        let q = design.z.columns
        let pp = design.x.columns
        let sigma2 = fit.residual.variance
        let lambda = LinearMixedModelDeviance.lambda(fit.theta, q: q)
        let parameters = MixedModelCovarianceParameter.free(
            randomColumns: q, correlated: design.specification.correlatedRandomEffects)
        let count = parameters.count
        phi = Matrix(rowArrays: fit.covariance, columns: pp)
        var pMatrices = [Matrix](repeating: Matrix(rows: pp, columns: pp), count: count)
        var qq = [[Matrix]](repeating: [Matrix](repeating: Matrix(rows: pp, columns: pp), count: count), count: count)
        var ktrace = Matrix(rows: count, columns: count)
        for block in SubjectBlock.all(design) {
            let sigmaInverse = block.marginalInverse(lambda: lambda, residualVariance: sigma2)
            // Σ⁻¹ G_r and Σ⁻¹ G_r Σ⁻¹.
            let h = parameters.map { block.product(sigmaInverse, block.derivative($0)) }
            let o = h.map { block.product($0, sigmaInverse) }
            for r in 0..<count {
                pMatrices[r] = pMatrices[r] - block.fixedForm(o[r])
                for t in r..<count {
                    qq[r][t] = qq[r][t] + block.fixedForm(block.product(h[r], o[t]))
                    ktrace[r, t] += block.trace(block.product(h[r], h[t]))
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
