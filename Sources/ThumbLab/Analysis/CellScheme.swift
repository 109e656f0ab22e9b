/// The cells of an analysis: the combinations of levels of some factors that the
/// selected conditions reach, in the order of the study's levels (``FactorLevels``). Every analysis maps a
/// trial to its cell through its condition.
package struct CellScheme: Sendable, Equatable {
    /// The factors that define a cell, in the order given.
    package var factors: [String]
    /// One entry per cell: its level of each factor, in ``factors`` order.
    package var cells: [[String]]
    /// Condition id → cell index; conditions without a level of some factor are absent.
    var cellOfCondition: [Int64: Int]

    /// The cells of `factors` among the conditions `selection` keeps.
    /// - Parameters:
    ///   - factors: the factors whose level combinations are the cells, in order.
    ///   - selection: the resolved selection whose conditions are placed in cells.
    ///   - missingAsLevel: whether a condition that names a factor without a value falls
    ///     in a cell whose level is ``FactorLevels/missingLabel`` (after the factor's
    ///     levels), as summaries show it; otherwise it is in no cell.
    /// - Throws: ``ThumbLabError/selection(_:)`` for an unknown factor or one named twice.
    package init(factors: [String], selection: ResolvedSelection, missingAsLevel: Bool = false) throws {
        let layout = selection.layout
        if let repeated = factors.first(where: { name in factors.filter { $0 == name }.count > 1 }) {
            throw ThumbLabError.selection(.repeatedFactor(name: repeated))
        }
        let indices = try factors.map { try ResolvedSelection.factorIndex($0, layout: layout) }
        var levelsOfCondition: [Int64: [String]] = [:]
        for id in selection.conditionIDs {
            let levels = indices.compactMap { index in
                layout.conditions[id]?[index]
                    ?? (missingAsLevel && layout.isMissing(condition: id, factor: index)
                        ? FactorLevels.missingLabel : nil)
            }
            if levels.count == indices.count { levelsOfCondition[id] = levels }
        }
        let rank = indices.map { index in
            var order = Dictionary(uniqueKeysWithValues: layout.factors[index].levels.enumerated().map { ($1, $0) })
            if missingAsLevel, order[FactorLevels.missingLabel] == nil {
                order[FactorLevels.missingLabel] = order.count
            }
            return order
        }
        let distinct = Set(levelsOfCondition.values)
        self.factors = factors
        cells = distinct.sorted { a, b in
            for (position, order) in rank.enumerated() where a[position] != b[position] {
                return order[a[position], default: .max] < order[b[position], default: .max]
            }
            return false
        }
        let cellIndex = Dictionary(uniqueKeysWithValues: cells.enumerated().map { ($1, $0) })
        cellOfCondition = levelsOfCondition.mapValues { cellIndex[$0]! }
    }

    /// A scheme over given cells, mapping no condition: a part of another scheme.
    init(factors: [String], cells: [[String]]) {
        self.factors = factors
        self.cells = cells
        cellOfCondition = [:]
    }

    /// The cell a condition belongs to, if any.
    package func cell(ofCondition id: Int64) -> Int? { cellOfCondition[id] }

    /// The cell's levels as `factor: level` pairs.
    package func labelled(_ cell: Int) -> [(factor: String, level: String)] {
        zip(factors, cells[cell]).map { ($0, $1) }
    }

    /// A cell's levels joined for display: `Shift`, `Shift:9.6`.
    package func name(_ cell: Int) -> String { cells[cell].joined(separator: ":") }

    /// The levels of one factor that occur in some cell, in cell order.
    package func levels(ofFactor position: Int) -> [String] {
        var seen: [String] = []
        for cell in cells where !seen.contains(cell[position]) { seen.append(cell[position]) }
        return seen
    }
}
