import Foundation

/// The ART-C procedure (Elkin, Kay, Higgins & Wobbrock, UIST 2021,
/// doi:10.1145/3472749.3474784) as ARTool's `art.con` performs it: the factors of the term
/// are combined into one factor, the data are aligned and ranked for that factor's main
/// effect in the model `(other factors) × combined`, and the estimated marginal means of
/// the ranks are compared pairwise with the model's standard errors (emmeans' approach).
enum ARTContrastComputation {
    static func run(
        _ input: ARTInput, term: [String], adjustment: ContrastAdjustment, model: ARTContrastModel
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
        let combinedIndex = factors.count - 1
        let fit = try ARTRankModel(
            input: input, levels: levels, factors: factors, ranks: ranks, termIndices: [combinedIndex], model: model)
        let levelNames = fit.coding.levels[combinedIndex]
        let level = ranks.indices.map { fit.coding.codes[$0][combinedIndex] }
        let means = levelNames.indices.map { index in
            ranks.indices.filter { level[$0] == index }.reduce(0) { $0 + fit.marginalWeights[$1] * ranks[$1] }
        }
        var contrasts: [ARTContrast] = []
        for (i, j) in PairIndices.of(levelNames.count) {
            let signs = level.map { $0 == i ? 1.0 : ($0 == j ? -1.0 : 0) }
            let test = try fit.test(signs: signs, name: "\(levelNames[i]) − \(levelNames[j])")
            contrasts.append(
                ARTContrast(
                    a: levelNames[i], b: levelNames[j], estimate: test.estimate, se: test.se, df: test.df, t: test.t,
                    p: test.p, pAdjusted: test.p))
        }
        switch adjustment {
        case .none:
            break
        case .method(let method):
            let adjusted = PValues.adjust(contrasts.map(\.p), method: method)
            for index in contrasts.indices { contrasts[index].pAdjusted = adjusted[index] }
        case .tukey:
            for index in contrasts.indices {
                let range = StudentizedRange(groups: Double(levelNames.count), df: contrasts[index].df)
                contrasts[index].pAdjusted = min(1, range.sf(abs(contrasts[index].t) * 2.0.squareRoot()))
            }
        }
        let modelText =
            fit.usesSubjects
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
