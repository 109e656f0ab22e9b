import Foundation

/// One difference-of-differences contrast of an interaction on its aligned ranks, e.g.
/// `(A1 − A2) × (B1 − B2)`.
public struct ARTInteractionContrast: Sendable, Equatable {
    /// For each factor of the term, the pair of levels contrasted (first minus second).
    public var pairs: [(factor: String, a: String, b: String)]
    /// The interaction contrast of the estimated marginal means of the ranks:
    /// `Σ_cells Π_f c_f(level) · EMM(cell)` with `c_f = +1` for `a`, −1 for `b`, 0 otherwise.
    public var estimate: Double
    /// Standard error of the estimate.
    public var se: Double
    /// Degrees of freedom (Satterthwaite when between- and within-subject variance mix).
    public var df: Double
    /// `estimate / se`.
    public var t: Double
    /// Two-sided unadjusted p-value.
    public var p: Double
    /// p-value after the adjustment over all contrasts of the term.
    public var pAdjusted: Double
    /// A label in emmeans' style: "A1 - A2 × B1 - B2".
    public var label: String { pairs.map { "\($0.a) - \($0.b)" }.joined(separator: " × ") }
}

/// Interaction contrasts of ART results, as ARTool's `art.con(m, term, interaction = TRUE)`:
/// the ranks aligned for the interaction itself (not ART-C's combined factor), with every
/// pairwise contrast of each factor crossed (emmeans `contrast(..., interaction = TRUE)`;
/// Elkin et al. 2021, §"Interaction contrasts").
enum ARTInteractionContrastComputation {
    /// - Parameters:
    ///   - factors: the factors of the interaction, in design order, two or more.
    ///   - adjust: the correction over all the term's contrasts; nil for none.
    ///   - model: the error model.
    /// - Returns: the contrasts, ordered by the first factor's pairs slowest.
    static func run(
        _ input: ARTInput, factors: [String], adjust: PAdjustMethod?, model: ARTContrastModel
    ) throws -> [ARTInteractionContrast] {
        let term = factors.joined(separator: ":")
        let alignment = try ARTAlignment(values: input.values, levels: input.levels, factors: input.factors)
        let ranks = alignment.effects.first { $0.factors == factors }!.ranks
        let termIndices = factors.map { input.factors.firstIndex(of: $0)! }
        let fit = try ARTRankModel(
            input: input, levels: input.levels, factors: input.factors, ranks: ranks, termIndices: termIndices,
            model: model)
        let coding = fit.coding

        // Every combination of one level pair per factor.
        var combinations: [[(Int, Int)]] = [[]]
        for index in termIndices {
            let pairs = PairIndices.of(coding.levels[index].count)
            combinations = combinations.flatMap { prefix in pairs.map { prefix + [$0] } }
        }
        var contrasts: [ARTInteractionContrast] = []
        for combination in combinations {
            let signs = ranks.indices.map { row -> Double in
                var sign = 1.0
                for (position, index) in termIndices.enumerated() {
                    let code = coding.codes[row][index]
                    let (i, j) = combination[position]
                    sign *= code == i ? 1 : (code == j ? -1 : 0)
                }
                return sign
            }
            let pairs = zip(termIndices, combination).map { index, pair in
                (factor: input.factors[index], a: coding.levels[index][pair.0], b: coding.levels[index][pair.1])
            }
            let test = try fit.test(signs: signs, name: "\(term) interaction contrast")
            contrasts.append(
                ARTInteractionContrast(
                    pairs: pairs, estimate: test.estimate, se: test.se, df: test.df, t: test.t, p: test.p,
                    pAdjusted: test.p))
        }
        if let adjust {
            let adjusted = PValues.adjust(contrasts.map(\.p), method: adjust)
            for index in contrasts.indices { contrasts[index].pAdjusted = adjusted[index] }
        }
        return contrasts
    }
}
