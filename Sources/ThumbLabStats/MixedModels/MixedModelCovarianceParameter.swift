import Foundation

/// One free parameter γ_r of the marginal covariance of a subject's responses,
/// `Σ_i = Z_i G Z_iᵀ + σ² I = Σ_r γ_r (Z_i E_r Z_iᵀ + c_r I)`: the derivative `E_r = ∂G/∂γ_r`
/// and `c_r = ∂σ²/∂γ_r`, so that `∂Σ_i/∂γ_r` is pbkrtest's `G_r` (Halekoh & Højsgaard 2014,
/// *J. Stat. Softw.* 59(9), §4).
struct MixedModelCovarianceParameter: Sendable, Equatable {
    /// `E_r`: q × q and symmetric.
    let randomEffects: Matrix
    /// `c_r`: 1 for the residual variance, 0 for a variance or covariance of the random effects.
    let residual: Double

    /// The free covariance parameters of a model with `q` random-effect columns, in
    /// pbkrtest's order: every element of G's lower triangle column by column (as the
    /// `lower.tri` of `VarCorr`), or only its diagonal when the random effects are
    /// uncorrelated (lme4's `||`, one variance per column), then the residual variance.
    ///
    /// This is the one list of them: the Kenward-Roger computation is generic over it.
    static func free(randomColumns q: Int, correlated: Bool = true) -> [Self] {
        var parameters: [Self] = []
        for column in 0..<q {
            for row in column..<(correlated ? q : column + 1) {
                var e = Matrix(rows: q, columns: q)
                e[row, column] = 1
                e[column, row] = 1
                parameters.append(Self(randomEffects: e, residual: 0))
            }
        }
        parameters.append(Self(randomEffects: Matrix(rows: q, columns: q), residual: 1))
        return parameters
    }
}
