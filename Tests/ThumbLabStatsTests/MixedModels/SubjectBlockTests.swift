import Foundation
import Testing

@testable import ThumbLabStats

/// The per-subject algebra of the Kenward-Roger computation against dense n_i × n_i
/// matrices: `Σ_i⁻¹` by Woodbury, `Xᵀ Σ⁻¹ G_r Σ⁻¹ X`, `Xᵀ Σ⁻¹ G_r Σ⁻¹ G_s Σ⁻¹ X` and
/// `tr(Σ⁻¹ G_r Σ⁻¹ G_s)`.
@Suite("Subject blocks of the marginal covariance")
struct SubjectBlockTests {
    @Test func parametersFollowPbkrtestsOrder() {
        let parameters = MixedModelCovarianceParameter.free(randomColumns: 2)
        #expect(parameters.count == 4)
        #expect(parameters.map(\.residual) == [0, 0, 0, 1])
        #expect(parameters[0].randomEffects.elements == [1, 0, 0, 0])
        #expect(parameters[1].randomEffects.elements == [0, 1, 1, 0])
        #expect(parameters[2].randomEffects.elements == [0, 0, 0, 1])
        #expect(MixedModelCovarianceParameter.free(randomColumns: 1).count == 2)
        #expect(MixedModelCovarianceParameter.free(randomColumns: 3).count == 7)
    }

    @Test(arguments: ["sleepstudy-slope", "lmm-slope-01", "lmm-slope-06"])
    func blocksMatchDenseMatrices(_ name: String) throws {
        let reference = try #require(MixedModelCase.linear.first { $0.name == name })
        let design = try MixedModelDesign(reference.observations, specification: reference.specification)
        let q = design.z.columns
        let p = design.x.columns
        let theta = reference.expected.theta.values
        let sigma2 = 0.7
        let lambda = LinearMixedModelDeviance.lambda(theta, q: q)
        let parameters = MixedModelCovarianceParameter.free(randomColumns: q)
        let blocks = SubjectBlock.all(design)
        #expect(blocks.count == design.subjectCount)
        for subject in [0, design.subjectCount - 1] {
            let rows = design.subjectIndex.indices.filter { design.subjectIndex[$0] == subject }
            let zi = design.z.submatrix(rows: rows, columns: Array(0..<q))
            let xi = design.x.submatrix(rows: rows, columns: Array(0..<p))
            var sigma = zi * (lambda * lambda.transposed).scaled(sigma2) * zi.transposed
            for k in rows.indices { sigma[k, k] += sigma2 }
            let inverse = try #require(sigma.symmetricInverse())
            let g = parameters.map { zi * $0.randomEffects * zi.transposed + identity(rows.count).scaled($0.residual) }

            let block = blocks[subject]
            #expect(block.count == rows.count)
            let sigmaInverse = block.marginalInverse(lambda: lambda, residualVariance: sigma2)
            let h = parameters.map { block.product(sigmaInverse, block.derivative($0)) }
            let o = h.map { block.product($0, sigmaInverse) }
            expectClose(block.fixedForm(sigmaInverse), xi.transposed * inverse * xi)
            for r in parameters.indices {
                expectClose(block.fixedForm(o[r]), xi.transposed * inverse * g[r] * inverse * xi)
                for s in parameters.indices {
                    let dense = xi.transposed * inverse * g[r] * inverse * g[s] * inverse * xi
                    expectClose(block.fixedForm(block.product(h[r], o[s])), dense)
                    let trace = (inverse * g[r] * inverse * g[s]).trace
                    #expect(abs(block.trace(block.product(h[r], h[s])) - trace) <= 1e-10 * max(1, abs(trace)))
                }
            }
        }
    }

    @Test func aNonFiniteFactorGivesNaNNotATrap() throws {
        let reference = try #require(MixedModelCase.linear.first { $0.name == "sleepstudy-slope" })
        let design = try MixedModelDesign(reference.observations, specification: reference.specification)
        let block = try #require(SubjectBlock.all(design).first)
        let lambda = LinearMixedModelDeviance.lambda([.nan, 0, 1], q: 2)
        let inverse = block.marginalInverse(lambda: lambda, residualVariance: 1)
        #expect(inverse.identity.isNaN)
        let form = block.fixedForm(inverse)
        #expect(form.elements.allSatisfy { $0.isNaN })
    }

    private func identity(_ n: Int) -> Matrix {
        var m = Matrix(rows: n, columns: n)
        for i in 0..<n { m[i, i] = 1 }
        return m
    }

    private func expectClose(
        _ actual: Matrix, _ expected: Matrix, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let scale = max(1, expected.elements.map(abs).max() ?? 0)
        let difference = zip(actual.elements, expected.elements).map { abs($0 - $1) }.max() ?? 0
        #expect(difference <= 1e-10 * scale, "largest difference \(difference)", sourceLocation: sourceLocation)
    }
}
