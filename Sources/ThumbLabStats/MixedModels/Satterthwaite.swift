import Foundation

/// Satterthwaite's (1946) approximate denominator df for Wald tests of the fixed effects of a
/// linear mixed model, computed as lmerTest computes them (Kuznetsova, Brockhoff &
/// Christensen 2017, "lmerTest package: tests in linear mixed effects models", *J. Stat.
/// Softw.* 82(13), §3).
///
/// With the variance parameters `τ = (θ, σ)`, the asymptotic covariance `A = 2 H⁻¹` from the
/// Hessian `H` of the (REML or ML) deviance at `τ̂` (a Moore-Penrose inverse over eigenvalues
/// above 1e-8), and `J_k = ∂ Cov(β̂)/∂τ_k` by Richardson differences:
/// - one contrast `l`: `ν = 2 (lᵀ C l)² / (gᵀ A g)`, `g_k = lᵀ J_k l`;
/// - a q-row hypothesis `L` (the F test): `L C Lᵀ = P D Pᵀ`, `ν_m` as above for each row of
///   `Pᵀ L`, `E = Σ ν_m / (ν_m − 2)` over `ν_m > 2`, and `ν = 2E / (E − q)` (Fai & Cornelius 1996).
struct Satterthwaite: Sendable {
    let beta: [Double]
    /// `Cov(β̂) = σ² (Xᵀ V⁻¹ X)⁻¹`.
    let covariance: Matrix
    /// `A`, the asymptotic covariance of (θ, σ).
    let varparCovariance: Matrix
    /// `∂ Cov(β̂) / ∂τ_k` for each variance parameter.
    let jacobians: [Matrix]
    /// The Hessian had eigenvalues at or below zero (a boundary fit).
    let hessianNotPositive: Bool

    init(
        deviance: LinearMixedModelDeviance, theta: [Double], sigma: Double, beta: [Double],
        covariance: Matrix, estimation: MixedModelEstimation
    ) {
        self.beta = beta
        self.covariance = covariance
        let varpar = theta + [sigma]
        let p = deviance.p
        let hessian = NumericalDerivatives.hessian(varpar) { point in
            deviance.devianceAt(theta: Array(point.dropLast()), sigma: point.last!, estimation: estimation)
        }
        let (values, vectors) = hessian.symmetricEigen()
        let k = varpar.count
        var inverse = Matrix(rows: k, columns: k)
        for (index, value) in values.enumerated() where value > 1e-8 {
            for i in 0..<k { for j in 0..<k { inverse[i, j] += 2 * vectors[i, index] * vectors[j, index] / value } }
        }
        varparCovariance = inverse
        hessianNotPositive = values.contains { $0 <= 1e-8 }
        let jacobian = NumericalDerivatives.jacobian(varpar) { point in
            guard let e = deviance.evaluate(Array(point.dropLast())) else {
                return Array(repeating: .nan, count: p * p)
            }
            let s2 = point.last! * point.last!
            return e.unscaledCovariance.elements.map { $0 * s2 }
        }
        jacobians = (0..<k).map { column in
            Matrix(rowArrays: (0..<p).map { i in (0..<p).map { j in jacobian[i * p + j][column] } }, columns: p)
        }
    }

    /// The df of the single contrast `l`, and its variance `lᵀ C l`.
    func contrastDF(_ l: [Double]) -> (df: Double, variance: Double) {
        let variance = covariance.form(l, l)
        let gradient = jacobians.map { $0.form(l, l) }
        let denominator = varparCovariance.form(gradient, gradient)
        return (2 * variance * variance / denominator, variance)
    }

    /// lmerTest's `contestMD`: the F statistic, its numerator df (the rank of `L C Lᵀ`) and
    /// Satterthwaite denominator df, for the hypothesis `L β = 0`.
    func test(_ rows: [[Double]]) -> (f: Double, numeratorDF: Double, denominatorDF: Double) {
        let p = beta.count
        var lcl = Matrix(rows: rows.count, columns: rows.count)
        for i in rows.indices {
            let ci = covariance.times(rows[i])
            for j in rows.indices { lcl[i, j] = zip(rows[j], ci).reduce(0) { $0 + $1.0 * $1.1 } }
        }
        let (values, vectors) = lcl.symmetricEigen()
        let tolerance = max(Double.ulpOfOne.squareRoot() * (values.first ?? 0), 0)
        let rank = values.filter { $0 > tolerance }.count
        guard rank > 0 else { return (.nan, 0, .nan) }
        var statistic = 0.0
        var nus: [Double] = []
        for m in 0..<rank {
            let row = (0..<p).map { c in rows.indices.reduce(0.0) { $0 + vectors[$1, m] * rows[$1][c] } }
            let estimate = zip(row, beta).reduce(0) { $0 + $1.0 * $1.1 }
            statistic += estimate * estimate / values[m]
            let gradient = jacobians.map { $0.form(row, row) }
            nus.append(2 * values[m] * values[m] / varparCovariance.form(gradient, gradient))
        }
        return (statistic / Double(rank), Double(rank), Self.combine(nus))
    }

    /// lmerTest's `get_Fstat_ddf`.
    static func combine(_ nus: [Double]) -> Double {
        if nus.count == 1 { return nus[0] }
        if let first = nus.first, nus.allSatisfy({ abs($0 - first) < 1e-8 }) {
            return nus.reduce(0, +) / Double(nus.count)
        }
        if nus.contains(where: { $0 <= 2 }) { return 2 }
        let e = nus.reduce(0) { $0 + $1 / ($1 - 2) }
        return 2 * e / (e - Double(nus.count))
    }
}
