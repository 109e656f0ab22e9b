import Foundation
import Testing

@testable import ThumbLabStats

/// The general simulation of ``Power/simulate(_:participants:simulations:effectScale:alpha:seed:test:)``:
/// the covariance factor, the level covariance of sum-coded random slopes, binary trials at
/// their probability, level deviations with the covariance asked for, untestable studies, and
/// refused models.
@Suite struct StudySimulationTests {
    @Test func theCholeskyFactorReproducesTheMatrix() throws {
        let c = [[4.0, 2, 0.4], [2, 3, 0.6], [0.4, 0.6, 1]]
        let l = try #require(SimulatedStudyModel.choleskyFactor(c))
        for i in 0..<3 {
            for j in 0..<3 {
                let product = (0..<3).reduce(0.0) { $0 + l[i][$1] * l[j][$1] }
                #expect(abs(product - c[i][j]) < 1e-12)
                if j > i { #expect(l[i][j] == 0) }
            }
        }
    }

    @Test func aSingularMatrixGetsZeroColumnsAndANonPositiveOneNone() throws {
        // A random intercept alone: every entry the same variance, rank 1.
        let l = try #require(SimulatedStudyModel.choleskyFactor(Array(repeating: [0.09, 0.09, 0.09], count: 3)))
        #expect(l.map { $0[0] } == [0.3, 0.3, 0.3].map { $0 })
        #expect(l.allSatisfy { $0[1] == 0 && $0[2] == 0 })
        #expect(SimulatedStudyModel.choleskyFactor([[1, 2], [2, 1]]) == nil)
        #expect(SimulatedStudyModel.choleskyFactor([[0, 0], [0, 0]]) != nil)
    }

    @Test func sumCodedSlopesGiveEachLevelItsVariance() {
        // Intercept variance 1, slope variances 0.25 and 0.16, uncorrelated; three levels coded
        // (1, 1, 0), (1, 0, 1), (1, −1, −1).
        let sigma = [[1.0, 0, 0], [0, 0.25, 0], [0, 0, 0.16]]
        let coding: [[Double]] = [[1, 1, 0], [1, 0, 1], [1, -1, -1]]
        let c = SimulatedStudyModel.levelCovariance(sigma: sigma, coding: coding)
        #expect(abs(c[0][0] - 1.25) < 1e-12 && abs(c[1][1] - 1.16) < 1e-12 && abs(c[2][2] - 1.41) < 1e-12)
        #expect(abs(c[0][1] - 1) < 1e-12 && abs(c[0][2] - 0.75) < 1e-12 && abs(c[1][2] - 0.84) < 1e-12)
    }

    @Test func binaryTrialsOccurAtTheirProbability() throws {
        // logit(0.2) at every level, no participant variation, 50 trials per cell, 40
        // participants: the grand share of events lies within ±0.02 of 0.2 (3.8 SE) nearly always.
        let model = SimulatedStudyModel.randomIntercept(
            means: Array(repeating: log(0.2 / 0.8), count: 3), participantSD: 0, response: .binary,
            trialsPerCell: [50, 50, 50])
        let result = try #require(
            try Power.simulate(model, participants: [40], simulations: 500, seed: 9) { values in
                let all = values.joined()
                let share = all.reduce(0, +) / Double(all.count)
                return abs(share - 0.2) < 0.02 ? 0 : 1
            }.first)
        #expect(result.power >= 0.99, "\(result.power)")
        #expect(result.untestable == 0)
    }

    @Test func levelDeviationsHaveTheCovarianceAsked() throws {
        // Level 0 varies little across participants, level 2 much: its sample variance is the
        // larger in nearly every study, and the reverse model reverses that.
        func model(_ variances: [Double]) -> SimulatedStudyModel {
            SimulatedStudyModel(
                means: [0, 0, 0],
                randomCovariance: (0..<3).map { i in (0..<3).map { j in i == j ? variances[i] : 0 } },
                response: .normal(residualSD: 0.01), trialsPerCell: [1, 1, 1])
        }
        let test: @Sendable ([[Double]]) -> Double? = { values in
            func variance(_ column: Int) -> Double {
                let xs = values.map { $0[column] }
                let mean = xs.reduce(0, +) / Double(xs.count)
                return xs.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
            }
            return variance(2) > variance(0) ? 0 : 1
        }
        let wide = try Power.simulate(model([0.01, 0.1, 1]), participants: [12], simulations: 300, test: test)
        let narrow = try Power.simulate(model([1, 0.1, 0.01]), participants: [12], simulations: 300, test: test)
        #expect(wide[0].power > 0.99 && narrow[0].power < 0.01)
    }

    @Test func untestableStudiesCountAsNotRejected() throws {
        let model = SimulatedStudyModel.randomIntercept(
            means: [0, 1], participantSD: 0.5, response: .normal(residualSD: 1), trialsPerCell: [3, 3])
        let result = try Power.simulate(model, participants: [5, 9], simulations: 120) { _ in nil }
        #expect(result.map(\.untestable) == [120, 120] && result.map(\.rejections) == [0, 0])
    }

    @Test func badModelsAreRefused() {
        let ok = SimulatedStudyModel.randomIntercept(
            means: [0, 1], participantSD: 0.5, response: .normal(residualSD: 1), trialsPerCell: [3, 3])
        func refuses(_ model: SimulatedStudyModel) -> Bool {
            (try? Power.simulate(model, participants: [5], simulations: 10) { _ in 1 }) == nil
        }
        var notPositive = ok
        notPositive.randomCovariance = [[1, 2], [2, 1]]
        var wrongTrials = ok
        wrongTrials.trialsPerCell = [3]
        var noTrials = ok
        noTrials.trialsPerCell = [3, 0]
        var flat = ok
        flat.response = .normal(residualSD: 0)
        var infinite = ok
        infinite.means = [0, .infinity]
        #expect(!refuses(ok))
        for model in [notPositive, wrongTrials, noTrials, flat, infinite] { #expect(refuses(model)) }
        #expect(throws: StatsError.self) {
            try Power.simulate(ok, participants: [5], simulations: 10, effectScale: .nan) { _ in 1 }
        }
    }
}
