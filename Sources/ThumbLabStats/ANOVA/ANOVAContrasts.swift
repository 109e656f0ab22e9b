/// The coding matrices of the multivariate linear model behind the ANOVA (Fox & Weisberg,
/// *An R Companion to Applied Regression*, 3rd ed., ch. 9; the method of `car::Anova` that
/// afex uses).
enum ANOVAContrasts {
    /// Every subset of `count` factor indices, the empty set first, then by size and in
    /// design order within a size: the term order of R's model formulae (A, B, A:B).
    static func termSubsets(_ count: Int) -> [[Int]] {
        var subsets: [[Int]] = [[]]
        for size in 1...max(count, 1) where size <= count {
            subsets += combinations(of: Array(0..<count), size: size)
        }
        return subsets
    }

    private static func combinations(of items: [Int], size: Int) -> [[Int]] {
        if size == 0 { return [[]] }
        guard items.count >= size else { return [] }
        let head = items[0]
        let rest = Array(items.dropFirst())
        return combinations(of: rest, size: size - 1).map { [head] + $0 } + combinations(of: rest, size: size)
    }

    /// Orthonormal Helmert contrasts for `levels` levels: a `levels × (levels − 1)` matrix
    /// whose columns are orthogonal to the constant and to each other, with unit length.
    static func orthonormalContrasts(levels: Int) -> Matrix {
        var matrix = Matrix(rows: levels, columns: levels - 1)
        for column in 1..<levels {
            let norm = Double(column * (column + 1)).squareRoot()
            for row in 0..<column { matrix[row, column - 1] = 1 / norm }
            matrix[column, column - 1] = -Double(column) / norm
        }
        return matrix
    }

    /// The transformation of a subject's within cells for the within term `subset`: the
    /// Kronecker product over within factors of their orthonormal contrasts (factors in the
    /// term) or the averaging vector `1/√k` (factors not in it). Its columns are orthonormal.
    static func withinTransform(levelCounts: [Int], subset: [Int]) -> Matrix {
        var result = Matrix(rows: 1, columns: 1, repeating: 1)
        for (factor, levels) in levelCounts.enumerated() {
            let part =
                subset.contains(factor)
                ? orthonormalContrasts(levels: levels)
                : Matrix(rows: levels, columns: 1, repeating: 1 / Double(levels).squareRoot())
            result = kronecker(result, part)
        }
        return result
    }

    static func kronecker(_ lhs: Matrix, _ rhs: Matrix) -> Matrix {
        var result = Matrix(rows: lhs.rows * rhs.rows, columns: lhs.columns * rhs.columns)
        for i in 0..<lhs.rows {
            for j in 0..<lhs.columns {
                for k in 0..<rhs.rows {
                    for l in 0..<rhs.columns {
                        result[i * rhs.rows + k, j * rhs.columns + l] = lhs[i, j] * rhs[k, l]
                    }
                }
            }
        }
        return result
    }

    /// Sum-to-zero (effects) coding of one level: `e_j` for all but the last level, and
    /// `−1` in every position for the last (R's `contr.sum`).
    static func sumToZeroCode(level: Int, levels: Int) -> [Double] {
        (0..<(levels - 1)).map { column in
            level == levels - 1 ? -1 : (column == level ? 1 : 0)
        }
    }

    /// The full-factorial between-subjects model matrix in sum-to-zero coding, one row per
    /// subject, and the columns belonging to each between term (the intercept is `[]`).
    static func betweenModel(levelCounts: [Int], subjects: [[Int]]) -> (matrix: Matrix, columns: [[Int]: [Int]]) {
        let terms = termSubsets(levelCounts.count)
        var columnsByTerm: [[Int]: [Int]] = [:]
        var next = 0
        for term in terms {
            let width = term.reduce(1) { $0 * (levelCounts[$1] - 1) }
            columnsByTerm[term] = Array(next..<(next + width))
            next += width
        }
        let rows = subjects.map { levels -> [Double] in
            terms.flatMap { term in
                term.reduce([1.0]) { partial, factor in
                    let code = sumToZeroCode(level: levels[factor], levels: levelCounts[factor])
                    return partial.flatMap { left in code.map { left * $0 } }
                }
            }
        }
        return (Matrix(rowArrays: rows, columns: next), columnsByTerm)
    }
}
