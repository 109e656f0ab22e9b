import Foundation

/// The cross products of one subject's model matrices, `K = Wᵀ W` with `W = [Z_i X_i]`
/// (n_i × (q + p)), and the algebra of the n_i × n_i matrices `α I + W A Wᵀ` built on them.
///
/// Σ_i⁻¹ (by Woodbury's identity, as lme4's `V_i⁻¹`) and every pbkrtest `G_r` have this form,
/// and the form is closed under products:
/// `(αI + WAWᵀ)(βI + WBWᵀ) = αβ I + W(αB + βA + AKB)Wᵀ`. Traces and the fixed-effect forms
/// `Xᵀ (αI + WAWᵀ) X` follow from K too, so no n_i × n_i matrix is ever formed: each
/// operation costs O((q + p)³) whatever n_i.
struct SubjectBlock: Sendable {
    /// `α I + W A Wᵀ`, held by α and the (q + p) × (q + p) matrix A.
    struct Operator: Sendable {
        /// α.
        var identity: Double
        /// A.
        var inner: Matrix
    }

    /// The number of rows n_i.
    let count: Int
    /// The random-effect columns q and the fixed-effect columns p.
    let q: Int
    let p: Int
    /// `Wᵀ W`.
    let cross: Matrix

    /// The blocks of every subject from one pass over the rows: O(n (q + p)²).
    static func all(_ design: MixedModelDesign) -> [SubjectBlock] {
        let q = design.z.columns
        let p = design.x.columns
        let width = q + p
        var counts = [Int](repeating: 0, count: design.subjectCount)
        var crosses = [[Double]](repeating: Array(repeating: 0, count: width * width), count: design.subjectCount)
        var w = [Double](repeating: 0, count: width)
        for row in 0..<design.rowCount {
            for a in 0..<q { w[a] = design.z[row, a] }
            for a in 0..<p { w[q + a] = design.x[row, a] }
            let subject = design.subjectIndex[row]
            counts[subject] += 1
            crosses[subject].withUnsafeMutableBufferPointer { k in
                for a in 0..<width where w[a] != 0 {
                    for b in a..<width { k[a * width + b] += w[a] * w[b] }
                }
            }
        }
        return zip(counts, crosses).map { count, elements in
            var cross = Matrix(rows: width, columns: width)
            cross.elements = elements
            for a in 0..<width { for b in 0..<a { cross[a, b] = cross[b, a] } }
            return SubjectBlock(count: count, q: q, p: p, cross: cross)
        }
    }

    /// `Σ_i⁻¹` for `Σ_i = σ² (Z_i Λ Λᵀ Z_iᵀ + I)`: by Woodbury,
    /// `σ⁻² (I − Z_i Λ (Λᵀ Z_iᵀ Z_i Λ + I)⁻¹ Λᵀ Z_iᵀ)`, which needs only a q × q solve and holds
    /// for a singular Λ too. Not finite when Λ is not.
    func marginalInverse(lambda: Matrix, residualVariance sigma2: Double) -> Operator {
        let zz = cross.submatrix(rows: Array(0..<q), columns: Array(0..<q))
        var middle = lambda.transposed * zz * lambda
        for k in 0..<q { middle[k, k] += 1 }
        guard let inverse = middle.symmetricInverse() else {
            return Operator(identity: .nan, inner: Matrix(rows: q + p, columns: q + p, repeating: .nan))
        }
        let c = lambda * inverse * lambda.transposed
        return Operator(identity: 1 / sigma2, inner: padded(c).scaled(-1 / sigma2))
    }

    /// `∂Σ_i/∂γ_r = Z_i E_r Z_iᵀ + c_r I`.
    func derivative(_ parameter: MixedModelCovarianceParameter) -> Operator {
        Operator(identity: parameter.residual, inner: padded(parameter.randomEffects))
    }

    /// The product of two operators.
    func product(_ a: Operator, _ b: Operator) -> Operator {
        var inner = a.inner * cross * b.inner
        for index in inner.elements.indices {
            inner.elements[index] += a.identity * b.inner.elements[index] + b.identity * a.inner.elements[index]
        }
        return Operator(identity: a.identity * b.identity, inner: inner)
    }

    /// `tr(αI + WAWᵀ) = α n_i + tr(A K)`.
    func trace(_ a: Operator) -> Double {
        let width = q + p
        var sum = a.identity * Double(count)
        for i in 0..<width {
            for k in 0..<width { sum += a.inner[i, k] * cross[k, i] }
        }
        return sum
    }

    /// `X_iᵀ (αI + WAWᵀ) X_i = α X_iᵀX_i + (WᵀX_i)ᵀ A (WᵀX_i)`, p × p.
    func fixedForm(_ a: Operator) -> Matrix {
        let width = q + p
        let fixed = Array(q..<width)
        let wx = cross.submatrix(rows: Array(0..<width), columns: fixed)
        var result = wx.transposed * a.inner * wx
        for i in 0..<p {
            for j in 0..<p { result[i, j] += a.identity * cross[q + i, q + j] }
        }
        return result
    }

    /// A q × q matrix on the random-effect rows and columns of a (q + p) × (q + p) one.
    private func padded(_ m: Matrix) -> Matrix {
        var result = Matrix(rows: q + p, columns: q + p)
        for i in 0..<q {
            for j in 0..<q { result[i, j] = m[i, j] }
        }
        return result
    }
}
