import Foundation

/// The ART-C procedure (Elkin, Kay, Higgins & Wobbrock, UIST 2021,
/// doi:10.1145/3472749.3474784) as ARTool's `art.con` performs it: the factors of the term
/// are combined into one factor, the data are aligned and ranked for that factor's main
/// effect in the model `(other factors) × combined`, and the estimated marginal means of
/// the ranks are compared pairwise with the model's standard errors (emmeans' approach).
enum ARTContrastComputation {
    static func run(
        _ input: ARTInput, term: [String], adjustment: ARTContrastAdjustment, model: ARTContrastModel
    ) throws -> ARTContrastResult {
        let others = input.factors.filter { !term.contains($0) }
        let combinedName = term.joined(separator: ":")
        let levels = input.levels.map { assignment -> [String: String] in
            var combined = assignment
            combined[combinedName] = term.map { assignment[$0]! }.joined(separator: ",")
            return combined
        }
        let factors = others + [combinedName]
        let alignment = try ARTAlignment(values: input.values, levels: levels, factors: factors)
        let ranks = alignment.effects.first { $0.factors == [combinedName] }!.ranks
        let coding = try FactorCoding(levels: levels, factors: factors)
        let fullMask = (1 << factors.count) - 1
        let cells = ranks.indices.map { coding.cellKey(row: $0, mask: fullMask) }
        let groups = input.levels.map { assignment in input.between.map { assignment[$0]! }.joined(separator: "\u{1}") }
        let error = ARTContrastError(
            ranks: ranks, cells: cells, subjects: input.subjects, groups: groups,
            usesSubjects: model == .subjectIntercept && !input.within.isEmpty)

        let combinedIndex = factors.count - 1
        let levelNames = coding.levels[combinedIndex]
        let otherCells = Double(coding.levels.dropLast().reduce(1) { $0 * $1.count })
        var cellCounts: [Int: Double] = [:]
        for cell in cells { cellCounts[cell, default: 0] += 1 }
        // Weight of each observation in the marginal mean of its combined level: the mean over
        // cells of the other factors of the cell means (emmeans' equal weighting).
        let weights = cells.map { 1 / (otherCells * cellCounts[$0]!) }
        let level = ranks.indices.map { coding.codes[$0][combinedIndex] }
        let means = levelNames.indices.map { index in
            ranks.indices.filter { level[$0] == index }.reduce(0) { $0 + weights[$1] * ranks[$1] }
        }

        var contrasts: [ARTContrast] = []
        for (i, j) in PairIndices.of(levelNames.count) {
            let contrastWeights = ranks.indices.map { row in
                level[row] == i ? weights[row] : (level[row] == j ? -weights[row] : 0)
            }
            let (variance, df) = error.variance(of: contrastWeights)
            let estimate = means[i] - means[j]
            guard variance > 0, df > 0 else {
                throw StatsError(
                    .constantData,
                    "The aligned ranks of \(combinedName) have no residual variance; the contrast \(levelNames[i]) − \(levelNames[j]) is undefined.")
            }
            let se = variance.squareRoot()
            let t = estimate / se
            let p = min(1, 2 * StudentT(df: df).sf(abs(t)))
            contrasts.append(
                ARTContrast(a: levelNames[i], b: levelNames[j], estimate: estimate, se: se, df: df, t: t, p: p, pAdjusted: p))
        }
        switch adjustment {
        case .none:
            break
        case .method(let method):
            let adjusted = adjustPValues(contrasts.map(\.p), method: method)
            for index in contrasts.indices { contrasts[index].pAdjusted = adjusted[index] }
        case .tukey:
            for index in contrasts.indices {
                let range = StudentizedRange(groups: Double(levelNames.count), df: contrasts[index].df)
                contrasts[index].pAdjusted = min(1, range.sf(abs(contrasts[index].t) * 2.0.squareRoot()))
            }
        }
        let modelText =
            error.usesSubjects
            ? "subject random intercept (ARTool (1|S) / Error(S)); Satterthwaite df where subject and residual variance mix"
            : "fixed-effects linear model of the ranks (no subject term)"
        return ARTContrastResult(
            term: combinedName, levels: levelNames, marginalMeans: means, contrasts: contrasts,
            adjustment: adjustment, model: model, subjectsDropped: input.subjectsDropped,
            policy: "ART-C: \(combinedName) combined into one factor, aligned and ranked for it in the model "
                + "\(factors.joined(separator: " × ")); pairwise differences of estimated marginal mean ranks; "
                + "\(modelText); p adjusted by \(adjustment)",
            note: ARTNote.typeIError)
    }
}
