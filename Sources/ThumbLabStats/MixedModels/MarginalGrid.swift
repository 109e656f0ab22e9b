import Foundation

/// The reference grid of emmeans (Lenth, *emmeans: Estimated Marginal Means*, "basics"
/// vignette) for one factor: every combination of the factor levels, covariates at their
/// means, predictions averaged with equal weights over the other factors, so each level's
/// marginal mean is the linear combination `lᵀβ` of one row of ``rows``.
struct MarginalGrid {
    let factor: String
    let levels: [String]
    /// One coefficient vector per level of `factor`.
    let rows: [[Double]]
    let confidenceLevel: Double
    let policy: String

    init(_ design: MixedModelDesign, factor: String, confidenceLevel: Double) throws {
        guard let factorLevels = design.levels[factor] else {
            throw StatsError(
                .invalidArgument,
                "\(factor) is not a factor of the model (its factors: \(design.specification.factors.joined(separator: ", ")))."
            )
        }
        guard confidenceLevel > 0 && confidenceLevel < 1 else {
            throw StatsError(
                .invalidArgument, "The confidence level must lie strictly between 0 and 1, not \(confidenceLevel).")
        }
        let factors = design.specification.factors
        let covariates = design.covariateMeans
        let cells = ANOVALayout.allCombinations(factors.map { design.levels[$0]!.count })
        let grid = cells.map { cell in
            MixedModelObservation(
                subject: "",
                levels: Dictionary(uniqueKeysWithValues: zip(factors, cell).map { ($0, design.levels[$0]![$1]) }),
                covariates: covariates, value: 0)
        }
        var columns: [[Double]] = [Array(repeating: 1, count: grid.count)]
        for term in design.specification.orderedTerms {
            columns += MixedModelDesign.columns(of: term, grid, design.levels).map(\.values)
        }
        let position = factors.firstIndex(of: factor)!
        rows = factorLevels.indices.map { level in
            let members = cells.indices.filter { cells[$0][position] == level }
            return columns.map { column in members.reduce(0) { $0 + column[$1] } / Double(members.count) }
        }
        self.factor = factor
        levels = factorLevels
        self.confidenceLevel = confidenceLevel
        let others = factors.filter { $0 != factor }
        let averaged = others.isEmpty ? "" : " averaged with equal weights over \(others.joined(separator: ", "))"
        let atMeans = covariates.isEmpty ? "" : ", covariates at their means"
        policy = "Estimated marginal means of \(factor) as emmeans (Lenth)\(averaged)\(atMeans)."
    }

    /// All pairs `a − b` (a before b in level order), tested and adjusted as emmeans' `pairs()`.
    func pairs(
        adjustment: ContrastAdjustment,
        _ evaluate: ([Double]) -> (estimate: Double, se: Double, df: Double, response: Double)
    ) -> [MarginalContrast] {
        var contrasts: [MarginalContrast] = []
        for i in levels.indices {
            for j in (i + 1)..<levels.count {
                let l = zip(rows[i], rows[j]).map { $0 - $1 }
                let (estimate, se, df, response) = evaluate(l)
                let statistic = estimate / se
                let raw =
                    df.isInfinite
                    ? 2 * Normal().sf(abs(statistic)) : (df > 0 ? 2 * StudentT(df: df).sf(abs(statistic)) : .nan)
                contrasts.append(
                    MarginalContrast(
                        a: levels[i], b: levels[j], estimate: estimate, standardError: se, df: df, statistic: statistic,
                        pUnadjusted: min(1, raw), p: min(1, raw), response: response, apaStatistic: APAStatistic([])))
            }
        }
        switch adjustment {
        case .none: break
        case .method(let method):
            let adjusted = PValues.adjust(contrasts.map(\.pUnadjusted), method: method)
            for index in contrasts.indices { contrasts[index].p = adjusted[index] }
        case .tukey:
            for index in contrasts.indices where levels.count >= 2 {
                let contrast = contrasts[index]
                let range = StudentizedRange(groups: Double(levels.count), df: contrast.df)
                contrasts[index].p = contrast.df > 0 ? range.sf(abs(contrast.statistic) * 2.0.squareRoot()) : .nan
            }
        }
        for index in contrasts.indices {
            let contrast = contrasts[index]
            let statistic: APAStatistic.Part =
                contrast.df.isInfinite
                ? .init("z", APA.value(contrast.statistic))
                : .init("t", df: [APA.df(contrast.df)], APA.value(contrast.statistic))
            contrasts[index].apaStatistic = APAStatistic([statistic, .p(contrast.p)])
        }
        return contrasts
    }

    func adjustmentText(_ adjustment: ContrastAdjustment) -> String {
        let count = levels.count * (levels.count - 1) / 2
        switch adjustment {
        case .method(.holm): return "pairwise p-values Holm-adjusted over \(count) contrasts"
        case .method(let method): return "pairwise p-values adjusted over \(count) contrasts (\(method.rawValue))"
        case .tukey: return "pairwise p-values by Tukey's method (studentized range, \(levels.count) means)"
        case .none: return "pairwise p-values not adjusted"
        }
    }
}
