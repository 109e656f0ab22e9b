/// The full-factorial between-subjects linear model, reduced to its cells.
///
/// With every between cell present the sum-to-zero model is saturated (one parameter per
/// cell), so the least-squares fit reproduces the cell means: the coefficients solve
/// `diag(√n) X_cells · B = diag(√n) · means` exactly, `(XᵀX)⁻¹` comes from the same small
/// weighted system, and the residuals are the deviations of each subject from its cell mean
/// (Searle, *Linear Models for Unbalanced Data*, 1987, §4). The work grows with the number of
/// cells, not of subjects.
struct BetweenCellModel: Sendable {
    /// The between cell of each subject (first between factor varying slowest).
    let cellOfSubject: [Int]
    let counts: [Int]
    /// Model columns of each between term (the intercept is `[]`).
    let columns: [[Int]: [Int]]
    /// `(XᵀX)⁻¹` of the subject-level model matrix.
    let inverseGram: Matrix
    /// Subjects minus cells.
    let residualDF: Double
    private let qr: QRDecomposition

    init(_ layout: ANOVALayout) throws {
        let levelCounts = layout.betweenLevels.map(\.count)
        let cells = ANOVALayout.allCombinations(levelCounts)
        let cellIndex = Dictionary(uniqueKeysWithValues: cells.enumerated().map { ($1, $0) })
        cellOfSubject = layout.betweenIndices.map { cellIndex[$0]! }
        var counts = Array(repeating: 0, count: cells.count)
        for cell in cellOfSubject { counts[cell] += 1 }
        self.counts = counts
        let model = ANOVAContrasts.betweenModel(levelCounts: levelCounts, subjects: cells)
        var weighted = model.matrix
        for cell in 0..<cells.count {
            let weight = Double(counts[cell]).squareRoot()
            for column in 0..<weighted.columns { weighted[cell, column] *= weight }
        }
        qr = QRDecomposition(weighted)
        guard !qr.isRankDeficient, counts.allSatisfy({ $0 > 0 }) else {
            throw StatsError(
                .invalidDesign, "The between-subjects model is singular; every between cell needs its own subjects.")
        }
        columns = model.columns
        inverseGram = qr.inverseGram()
        residualDF = Double(layout.subjects.count - cells.count)
    }

    /// The fit of the model to each column of `scores` (subjects × scores).
    /// - Returns: the coefficients (parameters × scores), the residual sums of squares and
    ///   products (scores × scores), and the total sum of squares of the scores.
    func fit(_ scores: Matrix) -> (coefficients: Matrix, residualSSP: Matrix, totalSquares: Double) {
        let width = scores.columns
        var means = Matrix(rows: counts.count, columns: width)
        var totalSquares = 0.0
        for (subject, cell) in cellOfSubject.enumerated() {
            for column in 0..<width {
                let value = scores[subject, column]
                means[cell, column] += value
                totalSquares += value * value
            }
        }
        for cell in 0..<counts.count {
            for column in 0..<width { means[cell, column] /= Double(counts[cell]) }
        }
        var residualSSP = Matrix(rows: width, columns: width)
        var deviation = [Double](repeating: 0, count: width)
        for (subject, cell) in cellOfSubject.enumerated() {
            for column in 0..<width { deviation[column] = scores[subject, column] - means[cell, column] }
            for i in 0..<width {
                for j in i..<width { residualSSP[i, j] += deviation[i] * deviation[j] }
            }
        }
        for i in 0..<width {
            for j in 0..<i { residualSSP[i, j] = residualSSP[j, i] }
        }
        var weightedMeans = means
        for cell in 0..<counts.count {
            let weight = Double(counts[cell]).squareRoot()
            for column in 0..<width { weightedMeans[cell, column] *= weight }
        }
        return (qr.solveLeastSquares(weightedMeans), residualSSP, totalSquares)
    }
}
