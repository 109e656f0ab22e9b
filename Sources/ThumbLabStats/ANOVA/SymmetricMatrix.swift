import Foundation

extension Matrix {
    /// The lower Cholesky factor `L` with `self = L Lᵀ`, or nil when the matrix is not
    /// numerically positive definite (Golub & Van Loan 2013, Algorithm 4.2.1).
    func choleskyFactor() -> Matrix? {
        precondition(rows == columns, "Cholesky needs a square matrix")
        var lower = Matrix(rows: rows, columns: rows)
        let scale = (0..<rows).map { abs(self[$0, $0]) }.max() ?? 0
        for j in 0..<rows {
            var diagonal = self[j, j]
            for k in 0..<j { diagonal -= lower[j, k] * lower[j, k] }
            if !(diagonal > scale * 1e-13) { return nil }
            let root = diagonal.squareRoot()
            lower[j, j] = root
            for i in (j + 1)..<rows {
                var sum = self[i, j]
                for k in 0..<j { sum -= lower[i, k] * lower[j, k] }
                lower[i, j] = sum / root
            }
        }
        return lower
    }

    /// Solves `self · x = b` for a symmetric positive definite matrix, or nil when the
    /// matrix is singular.
    func solveSymmetricPositiveDefinite(_ b: [Double]) -> [Double]? {
        guard let lower = choleskyFactor() else { return nil }
        var y = b
        for i in 0..<rows {
            for k in 0..<i { y[i] -= lower[i, k] * y[k] }
            y[i] /= lower[i, i]
        }
        for i in stride(from: rows - 1, through: 0, by: -1) {
            for k in (i + 1)..<rows { y[i] -= lower[k, i] * y[k] }
            y[i] /= lower[i, i]
        }
        return y
    }

    /// The eigenvalues of a symmetric matrix in descending order, by cyclic Jacobi
    /// rotations until the off-diagonal mass is negligible (Golub & Van Loan 2013, §8.5.3).
    func symmetricEigenvalues() -> [Double] {
        symmetricEigen(tolerance: 1e-30).values
    }

    /// Eigenvalues (descending) and unit eigenvectors (as columns) of a symmetric matrix, by
    /// cyclic Jacobi rotations until the off-diagonal mass is below `tolerance` times the
    /// total (Golub & Van Loan 2013, §8.5.3).
    func symmetricEigen(tolerance: Double = 1e-32) -> (values: [Double], vectors: Matrix) {
        precondition(rows == columns, "eigenvalues need a square matrix")
        let n = rows
        var a = self
        var v = Matrix(rows: n, columns: n)
        for i in 0..<n { v[i, i] = 1 }
        let total = a.elements.reduce(0) { $0 + $1 * $1 }
        for _ in 0..<100 {
            var offDiagonal = 0.0
            for i in 0..<n { for j in (i + 1)..<n { offDiagonal += 2 * a[i, j] * a[i, j] } }
            if offDiagonal <= total * tolerance || offDiagonal == 0 { break }
            for p in 0..<n {
                for q in (p + 1)..<n where a[p, q] != 0 {
                    a.rotate(p, q, vectors: &v)
                }
            }
        }
        let order = (0..<n).sorted { a[$0, $0] > a[$1, $1] }
        var vectors = Matrix(rows: n, columns: n)
        for (newColumn, old) in order.enumerated() {
            for i in 0..<n { vectors[i, newColumn] = v[i, old] }
        }
        return (order.map { a[$0, $0] }, vectors)
    }

    /// One Jacobi rotation that zeroes the element (p, q) of a symmetric matrix, applied
    /// to the columns of `vectors` too.
    private mutating func rotate(_ p: Int, _ q: Int, vectors v: inout Matrix) {
        let theta = (self[q, q] - self[p, p]) / (2 * self[p, q])
        let t = (theta >= 0 ? 1.0 : -1.0) / (abs(theta) + (theta * theta + 1).squareRoot())
        let c = 1 / (t * t + 1).squareRoot()
        let s = t * c
        for k in 0..<rows {
            let akp = self[k, p]
            let akq = self[k, q]
            self[k, p] = c * akp - s * akq
            self[k, q] = s * akp + c * akq
        }
        for k in 0..<rows {
            let apk = self[p, k]
            let aqk = self[q, k]
            self[p, k] = c * apk - s * aqk
            self[q, k] = s * apk + c * aqk
            let vkp = v[k, p]
            let vkq = v[k, q]
            v[k, p] = c * vkp - s * vkq
            v[k, q] = s * vkp + c * vkq
        }
    }
}
