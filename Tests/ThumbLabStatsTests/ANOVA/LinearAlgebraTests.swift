import Foundation
import Testing

@testable import ThumbLabStats

@Suite("Linear algebra for the ANOVA engine")
struct LinearAlgebraTests {
    typealias Support = ANOVATestSupport

    @Test func leastSquaresRecoversAnExactFit() {
        // y = 2 + 3x exactly, plus a second response y = -1 + 0.5x.
        let x = Matrix(rowArrays: [[1, 0], [1, 1], [1, 2], [1, 3], [1, 4]])
        let y = Matrix(rowArrays: [[2, -1], [5, -0.5], [8, 0], [11, 0.5], [14, 1]])
        let b = QRDecomposition(x).solveLeastSquares(y)
        #expect(Support.close(b[0, 0], 2) && Support.close(b[1, 0], 3))
        #expect(Support.close(b[0, 1], -1) && Support.close(b[1, 1], 0.5))
    }

    @Test func leastSquaresMatchesTheNormalEquations() {
        // Simple regression of y on x: slope = Sxy / Sxx, intercept = ȳ − slope·x̄.
        let xs: [Double] = [1.2, 2.3, 2.9, 4.1, 5.0, 6.4]
        let ys: [Double] = [2.0, 2.9, 3.1, 4.8, 5.1, 7.2]
        let meanX = xs.reduce(0, +) / 6
        let meanY = ys.reduce(0, +) / 6
        let sxx = xs.reduce(0) { $0 + ($1 - meanX) * ($1 - meanX) }
        let sxy = zip(xs, ys).reduce(0) { $0 + ($1.0 - meanX) * ($1.1 - meanY) }
        let qr = QRDecomposition(Matrix(rowArrays: xs.map { [1, $0] }))
        let b = qr.solveLeastSquares(Matrix(rowArrays: ys.map { [$0] }))
        #expect(Support.close(b[1, 0], sxy / sxx, relative: 1e-12))
        #expect(Support.close(b[0, 0], meanY - sxy / sxx * meanX, relative: 1e-12))
        // (XᵀX)⁻¹: the slope's entry is 1/Sxx, the intercept's 1/n + x̄²/Sxx.
        let inverse = qr.inverseGram()
        #expect(Support.close(inverse[1, 1], 1 / sxx, relative: 1e-12))
        #expect(Support.close(inverse[0, 0], 1.0 / 6 + meanX * meanX / sxx, relative: 1e-12))
        #expect(Support.close(inverse[0, 1], -meanX / sxx, relative: 1e-12))
        #expect(!qr.isRankDeficient)
    }

    @Test func rankDeficiencyIsDetected() {
        let x = Matrix(rowArrays: [[1, 2], [1, 2], [1, 2]])
        #expect(QRDecomposition(x).isRankDeficient)
    }

    @Test func choleskySolvesAndRejectsSingularMatrices() throws {
        let a = Matrix(rowArrays: [[4, 2, 0.6], [2, 5, 1], [0.6, 1, 3]])
        let x: [Double] = [1, -2, 0.5]
        let b = (0..<3).map { row in (0..<3).reduce(0) { $0 + a[row, $1] * x[$1] } }
        let solved = try #require(a.solveSymmetricPositiveDefinite(b))
        #expect(zip(solved, x).allSatisfy { Support.close($0, $1, relative: 1e-12) })
        #expect(Matrix(rowArrays: [[1, 1], [1, 1]]).solveSymmetricPositiveDefinite([1, 1]) == nil)
    }

    @Test(arguments: [[3.0, 1.0], [5.0, 2.0, 0.5], [9.0, 4.0, 4.0, 1e-3]])
    func jacobiRecoversKnownEigenvalues(_ eigenvalues: [Double]) {
        // A = Q diag(λ) Qᵀ with Q the orthonormal Helmert basis completed by the constant.
        let n = eigenvalues.count
        let contrasts = ANOVAContrasts.orthonormalContrasts(levels: n)
        var q = Matrix(rows: n, columns: n)
        for row in 0..<n {
            q[row, 0] = 1 / Double(n).squareRoot()
            for column in 1..<n { q[row, column] = contrasts[row, column - 1] }
        }
        var diagonal = Matrix(rows: n, columns: n)
        for index in 0..<n { diagonal[index, index] = eigenvalues[index] }
        let a = q * diagonal * q.transposed
        let computed = a.symmetricEigenvalues()
        #expect(zip(computed, eigenvalues.sorted(by: >)).allSatisfy { Support.close($0, $1, relative: 1e-10) })
    }

    @Test(arguments: 2...6)
    func helmertContrastsAreOrthonormal(_ levels: Int) {
        let c = ANOVAContrasts.orthonormalContrasts(levels: levels)
        let gram = c.gram
        for i in 0..<(levels - 1) {
            #expect(abs(c.column(i).reduce(0, +)) < 1e-12, "column \(i) sums to zero")
            for j in 0..<(levels - 1) {
                #expect(abs(gram[i, j] - (i == j ? 1 : 0)) < 1e-12)
            }
        }
    }

    @Test func withinTransformHasOrthonormalColumns() {
        let transform = ANOVAContrasts.withinTransform(levelCounts: [3, 4], subset: [1])
        #expect(transform.rows == 12 && transform.columns == 3)
        let gram = transform.gram
        for i in 0..<3 { for j in 0..<3 { #expect(abs(gram[i, j] - (i == j ? 1 : 0)) < 1e-12) } }
        let averaging = ANOVAContrasts.withinTransform(levelCounts: [3, 4], subset: [])
        #expect(averaging.columns == 1 && averaging.column(0).allSatisfy { abs($0 - 1 / 12.0.squareRoot()) < 1e-15 })
    }

    @Test func termsFollowTheOrderOfModelFormulae() {
        #expect(ANOVAContrasts.termSubsets(0) == [[]])
        #expect(ANOVAContrasts.termSubsets(3) == [[], [0], [1], [2], [0, 1], [0, 2], [1, 2], [0, 1, 2]])
    }

    @Test func sumToZeroCodingMatchesContrSum() {
        #expect(ANOVAContrasts.sumToZeroCode(level: 0, levels: 3) == [1, 0])
        #expect(ANOVAContrasts.sumToZeroCode(level: 1, levels: 3) == [0, 1])
        #expect(ANOVAContrasts.sumToZeroCode(level: 2, levels: 3) == [-1, -1])
        let model = ANOVAContrasts.betweenModel(levelCounts: [2, 3], subjects: [[1, 2]])
        #expect(model.matrix.elements == [1, -1, -1, -1, 1, 1])
        #expect(model.columns[[0, 1]] == [4, 5])
    }
}
