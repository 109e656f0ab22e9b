import Foundation

/// The hypothesis matrices of the F tests of a linear mixed model, built as lmerTest builds
/// them, because the Satterthwaite df of an F test with more than one numerator df depend on
/// the basis of the hypothesis, not only on its row space (Kuznetsova et al. 2017, §3.4).
enum MixedModelContrasts {
    /// For each fixed term, the rows `L` of its type III hypothesis `Lβ = 0`.
    ///
    /// With two or more terms, lmerTest maps SAS's type III contrasts of treatment coding
    /// (level j minus the first level, crossed over the factors of the term) onto the
    /// sum-to-zero coefficients; with no empty cell they involve only the term's own
    /// coefficients: the Kronecker product, first factor fastest, of one matrix per factor
    /// whose row `j − 1` is `effect(j) − effect(1)` in sum coding (a covariate contributes 1).
    /// With one term, lmerTest uses type I contrasts, the rows of the Doolittle factor of
    /// `XᵀX` (Goodnight 1978), and so does this function.
    static func typeIII(_ design: MixedModelDesign) -> [(String, [[Double]])] {
        let p = design.x.columns
        if design.terms.count <= 1 { return typeI(design) }
        return design.terms.map { term in
            let variables = term.name.split(separator: ":").map(String.init)
            var block: [[Double]] = [[1]]
            for variable in variables {
                let d = design.levels[variable].map { differences(levels: $0.count) } ?? [[1]]
                // First variable varies fastest: new index = old + oldCount · j.
                var next: [[Double]] = []
                for row in d {
                    for previous in block {
                        var combined: [Double] = []
                        for value in row { combined += previous.map { $0 * value } }
                        next.append(combined)
                    }
                }
                block = next
            }
            let rows = block.map { local -> [Double] in
                var row = [Double](repeating: 0, count: p)
                for (offset, column) in term.columns.enumerated() { row[column] = local[offset] }
                return row
            }
            return (term.name, rows)
        }
    }

    /// Rows `effect(j) − effect(1)`, j = 2...k, with `effect(j)` the sum-coded coefficients
    /// of level j: the unit vector e_j for j < k, all −1 for the last level.
    static func differences(levels k: Int) -> [[Double]] {
        func effect(_ j: Int) -> [Double] {
            (0..<(k - 1)).map { j == k - 1 ? -1 : ($0 == j ? 1 : 0) }
        }
        let first = effect(0)
        return (1..<k).map { j in zip(effect(j), first).map { $0 - $1 } }
    }

    /// lmerTest's `get_contrasts_type1`: rows of `Uᵀ` where `XᵀX = L U` (Doolittle, unit
    /// lower-triangular L, entries below 1e-6 set to 0 as lmerTest does).
    static func typeI(_ design: MixedModelDesign) -> [(String, [[Double]])] {
        let x = design.x.gram
        let n = x.rows
        var lower = Matrix(rows: n, columns: n)
        var upper = Matrix(rows: n, columns: n)
        for i in 0..<n { lower[i, i] = 1 }
        for i in 0..<n {
            for j in 0..<n {
                var value = x[i, j]
                for k in 0..<i { value -= lower[i, k] * upper[k, j] }
                upper[i, j] = value
            }
            for j in (i + 1)..<n {
                var value = x[j, i]
                for k in 0..<i { value -= lower[j, k] * upper[k, i] }
                lower[j, i] = abs(upper[i, i]) < 1e-6 ? 0 : value / upper[i, i]
            }
        }
        return design.terms.map { term in
            (term.name, term.columns.map { row in (0..<n).map { abs(lower[$0, row]) < 1e-6 ? 0 : lower[$0, row] } })
        }
    }
}
