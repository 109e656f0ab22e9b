import Foundation

extension Sphericity {
    /// Mauchly's test and the epsilons of a within term from its residual sums of squares
    /// and products (see ``Sphericity`` for the formulas and sources).
    ///
    /// - Parameters:
    ///   - residualSSP: the `d × d` residual SSP matrix `E` of the term's orthonormal contrasts.
    ///   - errorDF: `ν`, the residual df of the between-subjects model (subjects − groups).
    ///   - cellCount: `k`, the number of within cells of the whole design.
    ///   - f: the term's uncorrected F, for the corrected p-values.
    ///   - df: the term's numerator df; `errorDF · d` is the denominator df.
    /// When `ν < d`, `E` is singular: `W` is 0, `χ²` infinite and its p 0, as in R. When
    /// `ν = d·ε_GG` to rounding (two subjects: `ν = 1`, `ε_GG = 1/d`) `ε_HF` is 0/0, undefined:
    /// NaN, and so are its applied value and `pHF`.
    init(residualSSP: Matrix, errorDF: Double, cellCount: Int, f: Double, df: Double) {
        let d = Double(residualSSP.rows)
        let nu = errorDF
        let eigenvalues = residualSSP.symmetricEigenvalues()
        let trace = eigenvalues.reduce(0, +)
        let squares = eigenvalues.reduce(0) { $0 + $1 * $1 }
        let largest = eigenvalues.first ?? 0

        let singular = eigenvalues.contains { !($0 > largest * 1e-12) }
        let logW = singular ? -Double.infinity : eigenvalues.reduce(0) { $0 + log($1) } - d * log(trace / d)
        let rho = 1 - (2 * d * d + d + 2) / (6 * d * nu)
        let chiDF = d * (d + 1) / 2 - 1
        let chiSquare = singular ? Double.infinity : -nu * rho * logW
        var p = 0.0
        if !singular {
            let k = Double(cellCount)
            let omega2 =
                (d + 2) * (d - 1) * (d - 2) * (2 * d * d * d + 6 * d * d + 3 * k + 2)
                / (288 * pow(nu * d * rho, 2))
            let p1 = ChiSquared(df: chiDF).sf(chiSquare)
            let p2 = ChiSquared(df: chiDF + 4).sf(chiSquare)
            p = min(1, max(0, p1 + omega2 * (p2 - p1)))
        }

        let gg = min(1, trace * trace / (d * squares))
        // ν − d·ε_GG is exactly 0 with two subjects, but ε_GG = 1/d comes out a few ulp off:
        // a difference at rounding level is the zero it stands for, not a huge ε_HF.
        let gap = nu - d * gg
        let hf = abs(gap) <= 1e-10 * nu ? Double.nan : ((nu + 1) * d * gg - 2) / (d * gap)

        let errorDFTotal = nu * d
        self.init(
            mauchlyW: singular ? 0 : exp(logW), chiSquare: chiSquare, df: chiDF, p: p,
            epsilonGG: gg, epsilonHF: hf, epsilonLB: 1 / d,
            pGG: Self.correctedP(f: f, df1: df, df2: errorDFTotal, epsilon: gg),
            pHF: Self.correctedP(f: f, df1: df, df2: errorDFTotal, epsilon: Self.applied(hf, lowerBound: 1 / d)))
    }

    /// ε_HF as applied: capped at 1 and never below the lower bound `1/d` (the raw value can
    /// fall below it, even below 0, when the error df are few); NaN when it is undefined.
    static func applied(_ epsilonHF: Double, lowerBound: Double) -> Double {
        guard !epsilonHF.isNaN else { return .nan }
        return min(1, max(epsilonHF, lowerBound))
    }

    /// The upper-tail p of `f` on `(ε·df1, ε·df2)`.
    static func correctedP(f: Double, df1: Double, df2: Double, epsilon: Double) -> Double {
        FDistribution(df1: df1 * epsilon, df2: df2 * epsilon).sf(f)
    }
}
