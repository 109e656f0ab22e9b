import Foundation

/// The alignment-and-ranking step of the Aligned Rank Transform for a full factorial design.
///
/// For every effect *E* of the factorial model (each main effect and each interaction), the
/// response is aligned as `y − (mean of y's full cell) + estimated effect of E`, where the
/// estimated effect is the inclusion–exclusion sum of marginal means over the factors of
/// *E*: `Σ_{S ⊆ E} (−1)^{|E|−|S|} mean_S` (the empty set contributes the grand mean). The
/// aligned responses are rounded to 8 decimals and ranked with average ties. This is the
/// procedure of Wobbrock et al. (CHI 2011, doi:10.1145/1978942.1978963) as implemented by
/// ARTool's `art()` (R package ARTool, Kay et al.), including its rounding before ranking.
public struct ARTAlignment: Sendable, Equatable {
    /// The aligned and ranked responses for one effect.
    public struct Effect: Sendable, Equatable {
        /// The effect's name: its factors joined by `:` ("A", "A:B").
        public var name: String
        /// The factors of the effect, in design order.
        public var factors: [String]
        /// Aligned responses, one per observation, in input order.
        public var aligned: [Double]
        /// Average ranks of the aligned responses after rounding to ``ARTAlignment/rankDigits``.
        public var ranks: [Double]
        /// The sum of `aligned`; ≈ 0 when the alignment is appropriate (Wobbrock et al. 2011, §"Verification").
        public var alignedSum: Double
    }

    /// Decimal places to which aligned responses are rounded before ranking (ARTool's
    /// `rank.comparison.digits`, −floor(log10(√ε)) = 8).
    public static let rankDigits = 8

    /// The factors, in the order given.
    public let factors: [String]
    /// `y − mean of y's full cell`, one per observation.
    public let residuals: [Double]
    /// One entry per effect: main effects first, then two-way interactions and so on, each
    /// order listed in design order (as R's `terms()` lists `A*B*C`).
    public let effects: [Effect]

    /// Aligns and ranks `values` for every effect of the full factorial model over `factors`.
    ///
    /// - Parameters:
    ///   - values: the response, one per observation; finite.
    ///   - levels: for each observation, its level of every factor in `factors`.
    ///   - factors: the factor names, at least one; each needs two or more levels and every
    ///     combination of levels needs at least one observation.
    /// - Throws: ``StatsError`` when a value is not finite, a level is missing, a factor has
    ///   one level or a cell of the design has no data.
    public init(values: [Double], levels: [[String: String]], factors: [String]) throws {
        try Self.validate(values: values, levels: levels, factors: factors)
        let coded = try FactorCoding(levels: levels, factors: factors)
        let subsetCount = 1 << factors.count
        var means = [[Double]](repeating: [], count: subsetCount)
        for mask in 0..<subsetCount {
            means[mask] = Self.marginalMeans(values, coded: coded, mask: mask)
        }
        let full = subsetCount - 1
        let residuals = zip(values, means[full]).map { $0 - $1 }

        var effects: [Effect] = []
        for mask in Self.effectMasks(factorCount: factors.count) {
            let order = mask.nonzeroBitCount
            var estimated = [Double](repeating: 0, count: values.count)
            for subset in 0...mask where subset & mask == subset {
                let sign: Double = (order - subset.nonzeroBitCount) % 2 == 0 ? 1 : -1
                for row in values.indices {
                    estimated[row] += sign * means[subset][row]
                }
            }
            let aligned = zip(residuals, estimated).map { $0 + $1 }
            let rounded = aligned.map { RankingSupport.rounded($0, digits: Self.rankDigits) }
            let names = factors.indices.filter { mask & (1 << $0) != 0 }.map { factors[$0] }
            effects.append(
                Effect(
                    name: names.joined(separator: ":"), factors: names, aligned: aligned,
                    ranks: RankingSupport.ranks(rounded), alignedSum: aligned.reduce(0, +)))
        }
        self.factors = factors
        self.residuals = residuals
        self.effects = effects
    }

    /// The effect named `name` ("A:B"), if the design has it.
    public func effect(named name: String) -> Effect? {
        effects.first { $0.name == name }
    }

    /// Bit masks of all non-empty factor subsets, ordered by size, then by the design order
    /// of their factors (A, B, C, A:B, A:C, B:C, A:B:C).
    static func effectMasks(factorCount: Int) -> [Int] {
        let masks = Array(1..<(1 << factorCount))
        func indices(_ mask: Int) -> [Int] { (0..<factorCount).filter { mask & (1 << $0) != 0 } }
        return masks.sorted { lhs, rhs in
            let (left, right) = (indices(lhs), indices(rhs))
            if left.count != right.count { return left.count < right.count }
            return left.lexicographicallyPrecedes(right)
        }
    }

    /// For each observation, the mean response of all observations sharing its levels of the
    /// factors in `mask` (the grand mean for the empty mask).
    private static func marginalMeans(_ values: [Double], coded: FactorCoding, mask: Int) -> [Double] {
        let keys = values.indices.map { coded.cellKey(row: $0, mask: mask) }
        var sums: [Int: Double] = [:]
        var counts: [Int: Int] = [:]
        for (row, key) in keys.enumerated() {
            sums[key, default: 0] += values[row]
            counts[key, default: 0] += 1
        }
        return keys.map { sums[$0]! / Double(counts[$0]!) }
    }

    private static func validate(values: [Double], levels: [[String: String]], factors: [String]) throws {
        guard !factors.isEmpty else {
            throw StatsError(.invalidDesign, "The Aligned Rank Transform needs at least one factor.")
        }
        guard Set(factors).count == factors.count else {
            throw StatsError(.invalidDesign, "Factor names must be distinct; got \(factors).")
        }
        guard values.count == levels.count else {
            throw StatsError(.lengthMismatch, "\(values.count) values but \(levels.count) rows of factor levels.")
        }
        if let row = values.firstIndex(where: { !$0.isFinite }) {
            throw StatsError(.nonFinite, "Observation \(row + 1) has the non-finite value \(values[row]).")
        }
    }
}
