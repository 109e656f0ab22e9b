import Foundation

/// Aligned ranks together with the cell structure and error model that linear contrasts of
/// their estimated marginal means need (emmeans' approach, as ARTool's `art.con` uses it).
struct ARTRankModel {
    /// The aligned ranks.
    let ranks: [Double]
    /// Level codes of the model's factors.
    let coding: FactorCoding
    /// Weight of each observation in the estimated marginal mean of its cell of the term's
    /// factors: `1 / (cells of the other factors × observations in its full cell)`, so that
    /// the marginal mean averages the cell means with equal weight (emmeans' default).
    let marginalWeights: [Double]
    private let error: ARTContrastError

    /// - Parameters:
    ///   - input: the checked data (subjects and between groups).
    ///   - levels: per observation, its levels of `factors`.
    ///   - factors: the factors of the full factorial model of the ranks.
    ///   - ranks: the response.
    ///   - termIndices: positions in `factors` of the term whose marginal means are contrasted.
    ///   - model: the error model.
    init(
        input: ARTInput, levels: [[String: String]], factors: [String], ranks: [Double], termIndices: [Int],
        model: ARTContrastModel
    ) throws {
        let coding = try FactorCoding(levels: levels, factors: factors)
        let fullMask = (1 << factors.count) - 1
        let cells = ranks.indices.map { coding.cellKey(row: $0, mask: fullMask) }
        let groups = input.levels.map { assignment in input.between.map { assignment[$0]! }.joined(separator: "\u{1}") }
        var cellCounts: [Int: Double] = [:]
        for cell in cells { cellCounts[cell, default: 0] += 1 }
        let otherCells = Double(
            factors.indices.filter { !termIndices.contains($0) }.reduce(1) { $0 * coding.levels[$1].count })
        self.ranks = ranks
        self.coding = coding
        self.marginalWeights = cells.map { 1 / (otherCells * cellCounts[$0]!) }
        self.error = ARTContrastError(
            ranks: ranks, cells: cells, subjects: input.subjects, groups: groups,
            usesSubjects: model == .subjectIntercept && !input.within.isEmpty)
    }

    /// Whether the error model includes the subject intercept.
    var usesSubjects: Bool { error.usesSubjects }

    /// The t test of `Σ signᵢ · marginalWeightᵢ · rankᵢ = 0`, two-sided.
    ///
    /// - Parameters:
    ///   - signs: per observation, its cell's coefficient in the contrast (+1, −1, 0, …).
    ///   - name: the contrast, for the error message.
    /// - Throws: ``StatsError/Kind/constantData`` when the ranks have no residual variance.
    func test(signs: [Double], name: String) throws -> (estimate: Double, se: Double, df: Double, t: Double, p: Double)
    {
        let weights = zip(signs, marginalWeights).map { $0 * $1 }
        let estimate = zip(weights, ranks).reduce(0) { $0 + $1.0 * $1.1 }
        let (variance, df) = error.variance(of: weights)
        guard variance > 0, df > 0 else {
            throw StatsError(
                .constantData, "The aligned ranks have no residual variance; the contrast \(name) is undefined.")
        }
        let se = variance.squareRoot()
        let t = estimate / se
        return (estimate, se, df, t, min(1, 2 * StudentT(df: df).sf(abs(t))))
    }
}
