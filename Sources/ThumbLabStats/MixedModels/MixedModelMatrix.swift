import Foundation

/// Triangular solves, Cholesky inverses and a symmetric eigendecomposition with vectors, for
/// the mixed models (Golub & Van Loan, *Matrix Computations*, 4th ed., 2013: §3.1, §4.2,
/// §8.5 for the cyclic Jacobi method).
extension Matrix {
    /// `self · v`.
    func times(_ vector: [Double]) -> [Double] {
        (0..<rows).map { row in
            var sum = 0.0
            for column in 0..<columns { sum += self[row, column] * vector[column] }
            return sum
        }
    }

    /// The quadratic form `aᵀ · self · b`.
    func form(_ a: [Double], _ b: [Double]) -> Double {
        zip(a, times(b)).reduce(0) { $0 + $1.0 * $1.1 }
    }

    /// Solves `L x = b` for a lower-triangular `self`.
    func forwardSubstitute(_ b: [Double]) -> [Double] {
        var x = b
        for i in 0..<rows {
            for k in 0..<i { x[i] -= self[i, k] * x[k] }
            x[i] /= self[i, i]
        }
        return x
    }

    /// Solves `L X = B` column by column for a lower-triangular `self`.
    func forwardSubstitute(_ b: Matrix) -> Matrix {
        var x = b
        for j in 0..<b.columns {
            for i in 0..<rows {
                var value = x[i, j]
                for k in 0..<i { value -= self[i, k] * x[k, j] }
                x[i, j] = value / self[i, i]
            }
        }
        return x
    }

    /// Solves `Lᵀ x = b` for a lower-triangular `self`.
    func backSubstituteTransposed(_ b: [Double]) -> [Double] {
        var x = b
        for i in stride(from: rows - 1, through: 0, by: -1) {
            for k in (i + 1)..<rows { x[i] -= self[k, i] * x[k] }
            x[i] /= self[i, i]
        }
        return x
    }

    /// Solves `L Lᵀ x = b` for the lower Cholesky factor `self`.
    func choleskySolve(_ b: [Double]) -> [Double] {
        backSubstituteTransposed(forwardSubstitute(b))
    }

    /// `(L Lᵀ)⁻¹` for the lower Cholesky factor `self`.
    func choleskyInverse() -> Matrix {
        var inverse = Matrix(rows: rows, columns: rows)
        for j in 0..<rows {
            var unit = [Double](repeating: 0, count: rows)
            unit[j] = 1
            let column = choleskySolve(unit)
            for i in 0..<rows { inverse[i, j] = column[i] }
        }
        return inverse
    }

    /// The inverse of a symmetric positive definite matrix, or nil when it is singular.
    func symmetricInverse() -> Matrix? {
        choleskyFactor()?.choleskyInverse()
    }
}
