import Foundation
import Testing

@testable import ThumbLabStats

/// The logistic regression's behaviour on inputs without a finite maximum, and a fit
/// whose maximum is known in closed form. Its agreement with statsmodels' `Logit` is
/// tested on the bundled study in ThumbLabTests (TargetSizeReferenceTests).
@Suite struct LogisticRegressionTests {
    /// With a two-level predictor the fit reproduces each group's observed log-odds:
    /// x = 0 has 3 of 10 events, x = 1 has 6 of 10, so β₀ = logit(0.3) and
    /// β₁ = logit(0.6) − logit(0.3); SEs are √(1/a + 1/b + ...) of the 2x2 table.
    @Test func twoGroupsGiveTheirObservedLogOdds() throws {
        let x = Array(repeating: 0.0, count: 10) + Array(repeating: 1.0, count: 10)
        let y = (0..<10).map { $0 < 3 } + (0..<10).map { $0 < 6 }
        let fit = try Regression.logistic(x, y)
        let logit = { (p: Double) in log(p / (1 - p)) }
        #expect(abs(fit.intercept - logit(0.3)) < 1e-10)
        #expect(abs(fit.slope - (logit(0.6) - logit(0.3))) < 1e-10)
        #expect(abs(fit.interceptSE - (1.0 / 3 + 1.0 / 7).squareRoot()) < 1e-10)
        #expect(abs(fit.slopeSE - (1.0 / 3 + 1.0 / 7 + 1.0 / 6 + 1.0 / 4).squareRoot()) < 1e-10)
        #expect(abs(fit.probability(at: 1).estimate - 0.6) < 1e-10)
        #expect(abs(fit.predictor(atProbability: 0.3)) < 1e-10)
    }

    @Test func inputsWithoutAFiniteMaximumAreRefused() {
        #expect(throws: StatsError.self) { try Regression.logistic([1, 2, 3, 4], [false, false, true, true]) }
        #expect(throws: StatsError.self) { try Regression.logistic([1, 2, 3], [true, true, true]) }
        #expect(throws: StatsError.self) { try Regression.logistic([2, 2, 2], [true, false, true]) }
        #expect(throws: StatsError.self) { try Regression.logistic([1, .nan, 3], [true, false, true]) }
        #expect(throws: StatsError.self) { try Regression.logistic([1, 2], [true]) }
    }
}
