import Foundation

/// A small dense matrix of doubles stored row by row, with the few operations the
/// ANOVA engine needs: products, Householder QR least squares, Cholesky solves and
/// the eigenvalues of a symmetric matrix by cyclic Jacobi rotations.
///
/// Algorithms follow Golub & Van Loan, *Matrix Computations* (4th ed., 2013):
/// Householder QR §5.2, Cholesky §4.2, the cyclic Jacobi method §8.5.
struct Matrix: Equatable, Sendable {
    let rows: Int
    let columns: Int
    var elements: [Double]

    init(rows: Int, columns: Int, repeating value: Double = 0) {
        self.rows = rows
        self.columns = columns
        elements = Array(repeating: value, count: rows * columns)
    }

    /// A matrix from an array of rows, all of the same length.
    init(rowArrays: [[Double]], columns: Int? = nil) {
        rows = rowArrays.count
        self.columns = columns ?? rowArrays.first?.count ?? 0
        elements = rowArrays.flatMap { $0 }
        precondition(elements.count == rows * self.columns, "ragged rows")
    }

    subscript(row: Int, column: Int) -> Double {
        get { elements[row * columns + column] }
        set { elements[row * columns + column] = newValue }
    }

    func column(_ index: Int) -> [Double] {
        (0..<rows).map { self[$0, index] }
    }

    var transposed: Matrix {
        var result = Matrix(rows: columns, columns: rows)
        for row in 0..<rows {
            for column in 0..<columns { result[column, row] = self[row, column] }
        }
        return result
    }

    var trace: Double {
        (0..<min(rows, columns)).reduce(0) { $0 + self[$1, $1] }
    }

    static func * (lhs: Matrix, rhs: Matrix) -> Matrix {
        precondition(lhs.columns == rhs.rows, "matrix sizes do not match")
        var result = Matrix(rows: lhs.rows, columns: rhs.columns)
        for row in 0..<lhs.rows {
            for inner in 0..<lhs.columns {
                let factor = lhs[row, inner]
                if factor == 0 { continue }
                for column in 0..<rhs.columns {
                    result[row, column] += factor * rhs[inner, column]
                }
            }
        }
        return result
    }

    /// The cross product `selfᵀ · self`.
    var gram: Matrix { transposed * self }

    /// The submatrix of the given rows and columns.
    func submatrix(rows rowIndices: [Int], columns columnIndices: [Int]) -> Matrix {
        Matrix(
            rowArrays: rowIndices.map { row in columnIndices.map { self[row, $0] } },
            columns: columnIndices.count)
    }
}

/// The Householder QR factorisation `A = QR` of a matrix with at least as many rows as
/// columns, kept in compact form (Golub & Van Loan, Algorithm 5.2.1).
struct QRDecomposition: Sendable {
    /// The reflectors below the diagonal and R on and above it.
    private var factors: Matrix
    private var betas: [Double]
    /// The absolute diagonal of R, used to judge the rank.
    let diagonal: [Double]

    init(_ matrix: Matrix) {
        precondition(matrix.rows >= matrix.columns, "QR needs rows >= columns")
        var a = matrix
        var betas = [Double](repeating: 0, count: a.columns)
        for k in 0..<a.columns {
            var norm = 0.0
            for i in k..<a.rows { norm = hypot(norm, a[i, k]) }
            if norm == 0 { continue }
            let alpha = a[k, k] > 0 ? -norm : norm
            let v0 = a[k, k] - alpha
            // v = (1, a[k+1...]/v0), beta = -v0 / alpha
            for i in (k + 1)..<a.rows { a[i, k] /= v0 }
            betas[k] = -v0 / alpha
            a[k, k] = alpha
            for j in (k + 1)..<a.columns {
                var dot = a[k, j]
                for i in (k + 1)..<a.rows { dot += a[i, k] * a[i, j] }
                dot *= betas[k]
                a[k, j] -= dot
                for i in (k + 1)..<a.rows { a[i, j] -= dot * a[i, k] }
            }
        }
        factors = a
        self.betas = betas
        diagonal = (0..<a.columns).map { abs(a[$0, $0]) }
    }

    /// Whether R has a diagonal entry negligible against the largest one.
    var isRankDeficient: Bool {
        let largest = diagonal.max() ?? 0
        return diagonal.contains { $0 <= largest * 1e-10 }
    }

    /// `Qᵀ b` for each column of `b`.
    func applyQTransposed(_ b: Matrix) -> Matrix {
        var result = b
        for k in 0..<factors.columns where betas[k] != 0 {
            for j in 0..<result.columns {
                var dot = result[k, j]
                for i in (k + 1)..<factors.rows { dot += factors[i, k] * result[i, j] }
                dot *= betas[k]
                result[k, j] -= dot
                for i in (k + 1)..<factors.rows { result[i, j] -= dot * factors[i, k] }
            }
        }
        return result
    }

    /// The least-squares solution of `A X = b` for each column of `b`.
    func solveLeastSquares(_ b: Matrix) -> Matrix {
        let qtb = applyQTransposed(b)
        let n = factors.columns
        var x = Matrix(rows: n, columns: b.columns)
        for j in 0..<b.columns {
            for i in stride(from: n - 1, through: 0, by: -1) {
                var sum = qtb[i, j]
                for k in (i + 1)..<n { sum -= factors[i, k] * x[k, j] }
                x[i, j] = sum / factors[i, i]
            }
        }
        return x
    }

    /// `(AᵀA)⁻¹ = R⁻¹ R⁻ᵀ`, the unscaled covariance of the coefficients.
    func inverseGram() -> Matrix {
        let n = factors.columns
        var rInverse = Matrix(rows: n, columns: n)
        for j in 0..<n {
            rInverse[j, j] = 1 / factors[j, j]
            for i in stride(from: j - 1, through: 0, by: -1) {
                var sum = 0.0
                for k in (i + 1)...j { sum += factors[i, k] * rInverse[k, j] }
                rInverse[i, j] = -sum / factors[i, i]
            }
        }
        return rInverse * rInverse.transposed
    }
}
