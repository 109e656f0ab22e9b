import Foundation

/// Integer codes for the levels of a set of factors, with checks that the design is a
/// complete factorial (every factor has two or more levels, every cell has data).
///
/// Levels are ordered as R orders the levels of a character column turned into a factor
/// (sorted), so contrasts come out in the order R users expect.
struct FactorCoding: Sendable {
    /// The factor names, in the order given.
    let factors: [String]
    /// The sorted levels of each factor.
    let levels: [[String]]
    /// `codes[row][f]` is the index of observation `row`'s level in `levels[f]`.
    let codes: [[Int]]

    init(levels rows: [[String: String]], factors: [String]) throws {
        var levelSets = [Set<String>](repeating: [], count: factors.count)
        for (row, assignment) in rows.enumerated() {
            for (index, factor) in factors.enumerated() {
                guard let level = assignment[factor] else {
                    throw StatsError(.invalidDesign, "Observation \(row + 1) has no level for factor \(factor).")
                }
                levelSets[index].insert(level)
            }
        }
        let sortedLevels = levelSets.map { $0.sorted() }
        for (index, factor) in factors.enumerated() where sortedLevels[index].count < 2 {
            throw StatsError(
                .invalidDesign,
                "Factor \(factor) has \(sortedLevels[index].count) level(s) (\(sortedLevels[index].joined(separator: ", "))); it needs at least two."
            )
        }
        let lookup = sortedLevels.map { Dictionary(uniqueKeysWithValues: $0.enumerated().map { ($1, $0) }) }
        let codes = rows.map { assignment in
            factors.indices.map { lookup[$0][assignment[factors[$0]]!]! }
        }
        self.factors = factors
        self.levels = sortedLevels
        self.codes = codes
        try checkCellsFilled()
    }

    /// A key that is equal for two observations exactly when they share their levels of the
    /// factors in `mask` (bit *i* set = factor *i* included).
    func cellKey(row: Int, mask: Int) -> Int {
        var key = 0
        for index in factors.indices where mask & (1 << index) != 0 {
            key = key * levels[index].count + codes[row][index]
        }
        return key
    }

    /// The levels of `row` for the factors in `mask`, joined by `,` (ARTool's names for
    /// combined levels, "A1,B2").
    func cellLabel(row: Int, mask: Int) -> String {
        factors.indices.filter { mask & (1 << $0) != 0 }
            .map { levels[$0][codes[row][$0]] }
            .joined(separator: ",")
    }

    private func checkCellsFilled() throws {
        let full = (1 << factors.count) - 1
        let cellCount = levels.reduce(1) { $0 * $1.count }
        let filled = Set(codes.indices.map { cellKey(row: $0, mask: full) })
        guard filled.count < cellCount else { return }
        for key in 0..<cellCount where !filled.contains(key) {
            var remainder = key
            var names: [String] = []
            for index in factors.indices.reversed() {
                let count = levels[index].count
                names.append("\(factors[index])=\(levels[index][remainder % count])")
                remainder /= count
            }
            throw StatsError(
                .invalidDesign,
                "The cell \(names.reversed().joined(separator: ", ")) has no data; every combination of levels needs at least one observation."
            )
        }
    }
}
