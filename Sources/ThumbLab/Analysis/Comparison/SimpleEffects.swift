import Foundation
import ThumbLabStats

/// The effect of an interaction's first factor (in the order the request names the factors) at one level of its other factor (or one
/// combination of levels of the others): how a significant interaction is read.
///
/// The test is the omnibus test's kind run again on the participants' values at that
/// level, averaged over the factors the interaction leaves out: a repeated-measures ANOVA
/// (Greenhouse-Geisser corrected where Mauchly's test rejects sphericity) for a within
/// factor, a one-way ANOVA for a between factor, a one-factor ART after ART. This is the
/// univariate approach of a separate test per level (Maxwell, Delaney & Kelley 2018,
/// ch. 12), as afex's `aov_ez` on each subset; p-values are adjusted across the levels.
public struct SimpleEffect: Sendable, Equatable {
    /// The interaction this simple effect reads, such as `technique:target_size_mm`.
    public var term: String
    /// The factor whose effect is tested: the interaction's first factor.
    public var factor: String
    /// The interaction's other factors, in term order.
    public var atFactors: [String]
    /// The level of each of ``atFactors`` this effect is tested at.
    public var atLevels: [String]
    /// The test of ``factor`` at these levels; its ``TestOutcome/pAdjusted`` is adjusted
    /// across the levels of the other factors.
    public var test: TestOutcome
    /// The levels of ``factor``, in the study's order.
    public var levels: [String]
    /// Per level of ``factor``, the mean over participants of their values at these levels
    /// (back-transformed for `geomean`, as the marginal means).
    public var means: [Double]
}

/// Finds the simple effects of a comparison's significant interactions.
enum SimpleEffects {
    /// The simple effects of every interaction in `outcomes` significant at `alpha`: the
    /// first factor's effect at each combination of the other factors' levels, adjusted by
    /// `adjust` within each interaction's family. Terms whose subsets cannot be tested (a
    /// level without two participants, say) are left out.
    static func run(
        after test: ComparisonTest, outcomes: [TestOutcome], data: ComparisonData, adjust: PValueAdjustment,
        alpha: Double, geometric: Bool
    ) -> [SimpleEffect] {
        guard [.rmANOVA, .anova, .mixedANOVA, .art].contains(test) else { return [] }
        var result: [SimpleEffect] = []
        for outcome in outcomes where outcome.term.contains(":") && outcome.decisiveP < alpha {
            // The interaction's factors in the order the request named them: the first is tested.
            let named = outcome.term.split(separator: ":").map(String.init)
            let positions = named.compactMap { data.scheme.factors.firstIndex(of: $0) }.sorted()
            guard positions.count == named.count else { continue }
            let factors = positions.map { data.scheme.factors[$0] }
            var family: [SimpleEffect] = []
            for combination in combinations(data.scheme, positions: Array(positions.dropFirst())) {
                guard
                    let effect = simpleEffect(
                        term: outcome.term, factors: factors, positions: positions, at: combination, test: test,
                        data: data,
                        geometric: geometric)
                else { continue }
                family.append(effect)
            }
            let adjusted = adjust.adjust(family.map(\.test.decisiveP))
            for index in family.indices {
                family[index].test.pAdjusted = adjusted[index]
                family[index].test.adjust = adjust.rawValue
            }
            result += family
        }
        return result
    }

    /// The combinations of levels of the factors at `positions` that occur, in cell order.
    private static func combinations(_ scheme: CellScheme, positions: [Int]) -> [[String]] {
        var seen: [[String]] = []
        for cell in scheme.cells {
            let levels = positions.map { cell[$0] }
            if !seen.contains(levels) { seen.append(levels) }
        }
        return seen
    }

    private static func simpleEffect(
        term: String, factors: [String], positions: [Int], at combination: [String], test: ComparisonTest,
        data: ComparisonData, geometric: Bool
    ) -> SimpleEffect? {
        let tested = positions[0]
        let levels = data.scheme.levels(ofFactor: tested)
        let others = Array(positions.dropFirst())
        var values = ParticipantCellValues(
            scheme: CellScheme(factors: [factors[0]], cells: levels.map { [$0] }), participants: [], values: [],
            trials: [], unusable: 0)
        for (participant, row) in zip(data.participants, data.rows) {
            let means = levels.map { level -> Double? in
                let at = row.indices.filter { cell in
                    data.scheme.cells[cell][tested] == level
                        && others.map({ data.scheme.cells[cell][$0] }) == combination
                }.compactMap { row[$0] }
                return at.isEmpty ? nil : at.reduce(0, +) / Double(at.count)
            }
            guard means.contains(where: { $0 != nil }) else { continue }
            values.participants.append(participant)
            values.values.append(means)
            values.trials.append(means.map { $0 == nil ? 0 : 1 })
        }
        guard let design = try? InferredDesign(values, acceptingPartlyWithin: false) else { return nil }
        let subTest: ComparisonTest = test == .art ? .art : design.between.isEmpty ? .rmANOVA : .anova
        let subData = ComparisonData(values, design: design)
        guard let outcome = try? TestExecution.run(subTest, on: subData).first else { return nil }
        let (_, marginal) = subData.marginal(factor: 0)
        let means = levels.indices.map { level in
            let mean = SampleSummary(marginal.compactMap { $0[level] }).mean
            return geometric ? Foundation.exp(mean) : mean
        }
        return SimpleEffect(
            term: term, factor: factors[0], atFactors: Array(factors.dropFirst()),
            atLevels: combination, test: outcome, levels: levels, means: means)
    }
}
