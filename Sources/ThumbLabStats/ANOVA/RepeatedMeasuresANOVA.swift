import Foundation

extension ANOVA {
    /// Analysis of variance for within-subjects (repeated-measures), between-subjects and
    /// mixed (split-plot) designs with any number of factors and all their interactions.
    ///
    /// The method is the multivariate linear model of `car::Anova`, which afex uses (Fox &
    /// Weisberg 2019, *An R Companion to Applied Regression*, ch. 9): for each subset `W` of the
    /// within factors, every subject's cell values are projected on the orthonormal contrasts of
    /// `W` (averaging over the other within factors), and a between-subjects linear model in
    /// sum-to-zero coding is fitted to the projected scores. Each between term `T` (the intercept
    /// included) gives the term `T × W`; its type III sum of squares is the trace of the
    /// hypothesis SSP `(LB)ᵀ (L (XᵀX)⁻¹ Lᵀ)⁻¹ (LB)`, tested against the residual SSP of `W`
    /// (the error stratum), whose eigenstructure also gives Mauchly's test and the epsilons
    /// (``Sphericity``). In balanced designs this equals the classical univariate split-plot
    /// ANOVA; in unbalanced between-subjects designs it is the type III ANOVA of afex and
    /// `car::Anova(type = 3)` with `contr.sum`.
    ///
    /// Subjects without a value in every within cell are removed (listwise deletion) and named in
    /// ``ANOVAResult/subjectsDropped``. Generalized eta squared follows Olejnik & Algina (2003)
    /// with all factors manipulated: `SS / (SS + Σ error SS of every stratum)`, as afex.
    ///
    /// ```swift
    /// let result = try ANOVA.repeatedMeasures(
    ///     observations, design: ANOVADesign(between: ["Group"], within: ["Technique", "Size"]),
    ///     correction: .greenhouseGeisser)
    /// result.term("Technique:Size")?.apa  // "F(2.08, 16.66) = 5.20, p = .017, η²G = .346"
    /// ```
    ///
    /// - Parameters:
    ///   - data: long-format observations, one per subject and within cell (between-only data:
    ///     one per subject, the subject being any unique row id).
    ///   - design: the between and within factors; each needs at least two levels.
    ///   - correction: the sphericity correction of within terms with df > 1 (default none;
    ///     ``SphericityCorrection/auto`` applies Greenhouse-Geisser when Mauchly's p < .05).
    /// - Returns: the ANOVA table in afex's term order.
    /// - Throws: ``StatsError`` with `.invalidDesign` for a factor with one level, an empty
    ///   between cell, a subject in two between groups or with two values in one cell;
    ///   `.nonFinite` for NaN or infinite values; `.tooFewObservations` when no error df remain;
    ///   `.constantData` when an error stratum has no variation.
    public static func repeatedMeasures(
        _ data: [ANOVAObservation],
        design: ANOVADesign,
        correction: SphericityCorrection = .none
    ) throws -> ANOVAResult {
        let layout = try ANOVALayout(data, design: design)
        let betweenCounts = layout.betweenLevels.map(\.count)
        let withinCounts = layout.withinLevels.map(\.count)
        let model = try BetweenCellModel(layout)
        let residualDF = model.residualDF
        let betweenTerms = ANOVAContrasts.termSubsets(betweenCounts.count)

        struct PendingTerm {
            var factors: [String]
            var ss, df, errorSS, errorDF: Double
            var sphericityInput: (ssp: Matrix, nu: Double)?
        }
        var pending: [PendingTerm] = []
        var totalErrorSS = 0.0

        for withinTerm in ANOVAContrasts.termSubsets(withinCounts.count) {
            let transform = ANOVAContrasts.withinTransform(levelCounts: withinCounts, subset: withinTerm)
            let (coefficients, residualSSP, totalSquares) = model.fit(layout.values * transform)
            let contrastCount = Double(transform.columns)
            let errorSS = residualSSP.trace
            let withinNames = withinTerm.map { design.within[$0] }
            guard errorSS > 0, errorSS > totalSquares * 1e-24 else {
                let stratum = withinNames.isEmpty ? "between subjects" : withinNames.joined(separator: ":")
                throw StatsError(
                    .constantData,
                    "The error stratum \(stratum) has no variation (residual sum of squares 0); F is undefined.")
            }
            totalErrorSS += errorSS
            for betweenTerm in betweenTerms where !(betweenTerm.isEmpty && withinTerm.isEmpty) {
                let columns = model.columns[betweenTerm]!
                let hypothesisCovariance = model.inverseGram.submatrix(rows: columns, columns: columns)
                var ss = 0.0
                for score in 0..<coefficients.columns {
                    let estimate = columns.map { coefficients[$0, score] }
                    guard let solved = hypothesisCovariance.solveSymmetricPositiveDefinite(estimate) else {
                        throw StatsError(
                            .invalidDesign, "The between-subjects model is singular; check for empty cells.")
                    }
                    ss += zip(estimate, solved).reduce(0) { $0 + $1.0 * $1.1 }
                }
                let factors = betweenTerm.map { design.between[$0] } + withinNames
                pending.append(
                    PendingTerm(
                        factors: factors, ss: ss,
                        df: Double(columns.count) * contrastCount,
                        errorSS: errorSS, errorDF: residualDF * contrastCount,
                        sphericityInput: transform.columns > 1 ? (residualSSP, residualDF) : nil))
            }
        }

        let terms = pending.map { term -> ANOVATerm in
            let ms = term.ss / term.df
            let f = ms / (term.errorSS / term.errorDF)
            let p = FDistribution(df1: term.df, df2: term.errorDF).sf(f)
            let sphericity = term.sphericityInput.map {
                Sphericity(residualSSP: $0.ssp, errorDF: $0.nu, cellCount: layout.cellCount, f: f, df: term.df)
            }
            let (applied, epsilon) = appliedCorrection(correction, sphericity)
            let ges = term.ss / (term.ss + totalErrorSS)
            var row = ANOVATerm(
                name: term.factors.joined(separator: ":"), factors: term.factors,
                ss: term.ss, df: term.df, ms: ms, f: f, p: p,
                errorSS: term.errorSS, errorDF: term.errorDF,
                ges: ges, pes: term.ss / (term.ss + term.errorSS),
                sphericity: sphericity, correction: applied, epsilon: epsilon, apaStatistic: APAStatistic([]))
            row.apaStatistic = ANOVAFormat.apa(row)
            return row
        }
        return ANOVAResult(
            design: design, terms: terms,
            subjectsUsed: layout.subjects.count, subjectsDropped: layout.dropped, correction: correction)
    }
}

/// The correction actually applied to a term and its epsilon.
private func appliedCorrection(
    _ requested: SphericityCorrection, _ sphericity: Sphericity?
) -> (SphericityCorrection, Double) {
    guard let sphericity else { return (.none, 1) }
    switch requested {
    case .none: return (.none, 1)
    case .greenhouseGeisser: return (.greenhouseGeisser, sphericity.epsilonGG)
    case .huynhFeldt: return (.huynhFeldt, sphericity.epsilonHFApplied)
    case .auto:
        return sphericity.p < 0.05 ? (.greenhouseGeisser, sphericity.epsilonGG) : (.none, 1)
    }
}
