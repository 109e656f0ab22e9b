import Foundation
import Testing

@testable import ThumbLabStats

/// `Fixtures/optimizer_paths.json` (written by `gen_optimizer_paths.R`): every point lme4's
/// `Nelder_Mead` and minqa's `bobyqa` (one variable, θ ≥ 0 from 1, as glmer's first stage)
/// evaluate on small polynomials, in order.
struct OptimizerPathFixture: Decodable, Sendable {
    struct NelderMeadCase: Decodable, Sendable, CustomStringConvertible {
        let name: String
        let start: [Double]
        /// nil for an unbounded coordinate.
        let lower: [Double?]
        let step: [Double]
        let points: [[Double]]
        let par: [Double]
        var description: String { name }
    }

    struct BobyqaCase: Decodable, Sendable, CustomStringConvertible {
        let name: String
        let points: [Double]
        let par: Double
        var description: String { name }
    }

    let nelderMead: [NelderMeadCase]
    let bobyqa: [BobyqaCase]

    static var fixture: OptimizerPathFixture? { try? NumericFixtures.load("optimizer_paths", as: Self.self) }

    /// The polynomials of the fixture, with the products written as in the R script.
    static func function(_ name: String) -> ([Double]) -> Double {
        switch name {
        case "rosenbrock":
            { x in 100 * (x[1] - x[0] * x[0]) * (x[1] - x[0] * x[0]) + (1 - x[0]) * (1 - x[0]) }
        case "boundedQuadratic":
            { x in
                (x[0] + 0.3) * (x[0] + 0.3) + 2 * (x[1] - 1) * (x[1] - 1) + (x[2] + 0.5) * (x[2] + 0.5) + 0.5 * x[0]
                    * x[1] + 0.3 * x[1] * x[2]
            }
        case "quartic": { x in (x[0] - 0.3) * (x[0] - 0.3) + 0.05 * x[0] * x[0] * x[0] * x[0] }
        case "boundary": { x in (x[0] + 0.2) * (x[0] + 0.2) + x[0] * x[0] * x[0] }
        default: { x in (x[0] - 3.7) * (x[0] - 3.7) * (1 + 0.01 * x[0] * x[0]) }
        }
    }
}

@Suite("glmer's default optimisers against lme4's Nelder_Mead and minqa's bobyqa")
struct GlmerOptimizerPathTests {
    @Test func fixtureLoads() {
        #expect(OptimizerPathFixture.fixture?.nelderMead.count == 2)
        #expect(OptimizerPathFixture.fixture?.bobyqa.count == 3)
    }

    @Test(arguments: OptimizerPathFixture.fixture?.nelderMead ?? [])
    func nelderMeadEvaluatesLme4sPoints(_ reference: OptimizerPathFixture.NelderMeadCase) {
        let f = OptimizerPathFixture.function(reference.name)
        var evaluated: [[Double]] = []
        let result = Lme4NelderMead.minimize(
            start: reference.start, step: reference.step, tolerance: reference.step.map { $0 * 5e-4 },
            lowerBounds: reference.lower.map { $0 ?? -.infinity },
            upperBounds: Array(repeating: .infinity, count: reference.start.count)
        ) { x in
            evaluated.append(x)
            return f(x)
        }
        #expect(evaluated.count == reference.points.count)
        for (index, (point, expected)) in zip(evaluated, reference.points).enumerated() {
            let gap = zip(point, expected).map { abs($0 - $1) }.max() ?? 0
            #expect(gap < 1e-12, "\(reference.name) evaluation \(index + 1): \(point) vs \(expected)")
            if gap >= 1e-12 { break }
        }
        for (value, expected) in zip(result.point, reference.par) {
            #expect(abs(value - expected) < 1e-12, "\(reference.name) \(result.point) vs \(reference.par)")
        }
    }

    /// BOBYQA's geometry steps put points at exact multiples of ρ, so some of its comparisons
    /// (a distance against 10ρ, two equal Lagrange values) are ties that the last bit of
    /// Powell's own arithmetic decides. The search follows minqa's points until such a tie (past
    /// the first dozen on these functions) and stops where minqa stops, to well within `rhoend`.
    @Test(arguments: OptimizerPathFixture.fixture?.bobyqa ?? [])
    func bobyqaFollowsMinqa(_ reference: OptimizerPathFixture.BobyqaCase) {
        let f = OptimizerPathFixture.function(reference.name)
        var evaluated: [Double] = []
        let answer = Lme4Bobyqa.minimize(start: 1, lower: 0) { x in
            evaluated.append(x)
            return f([x])
        }
        let leading = 12
        #expect(evaluated.count >= leading)
        for (index, (point, expected)) in zip(evaluated, reference.points).prefix(leading).enumerated() {
            #expect(abs(point - expected) < 1e-12, "\(reference.name) evaluation \(index + 1): \(point) vs \(expected)")
        }
        #expect(abs(answer - reference.par) < 1e-8, "\(reference.name) \(answer) vs \(reference.par)")
    }
}
