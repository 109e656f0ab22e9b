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

    /// Counts per predictor value give the fit of the observations one by one: the same
    /// estimates, standard errors and log-likelihood, on seeded data with several sizes.
    @Test func countsGiveTheFitOfTheirObservations() throws {
        var state: UInt64 = 0x5EED
        func unit() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        for sizes in [[2.0, 4], [3.6, 5.8, 9.6], [1, 2, 3, 4, 5, 6, 7, 8]] {
            var counts = sizes.map { BinomialCount(x: $0, trials: 0, events: 0) }
            var x: [Double] = []
            var y: [Bool] = []
            for _ in 0..<3000 {
                let index = Int(unit() * Double(sizes.count))
                let missed = unit() < 1 / (1 + exp(-(1.5 - 0.6 * sizes[index])))
                x.append(sizes[index])
                y.append(missed)
                counts[index].trials += 1
                counts[index].events += missed ? 1 : 0
            }
            let single = try Regression.logistic(x, y)
            let grouped = try Regression.logistic(counts: counts + [BinomialCount(x: 99, trials: 0, events: 0)])
            #expect(grouped.n == single.n)
            for (a, b) in [
                (grouped.intercept, single.intercept), (grouped.slope, single.slope),
                (grouped.interceptSE, single.interceptSE), (grouped.slopeSE, single.slopeSE),
                (grouped.covariance, single.covariance), (grouped.logLikelihood, single.logLikelihood),
            ] {
                #expect(abs(a - b) <= 1e-9 * max(1, abs(b)), "\(a) vs \(b) for sizes \(sizes)")
            }
        }
    }

    /// The closed-form two-group fit from its two counts.
    @Test func twoCountsGiveTheirObservedLogOdds() throws {
        let fit = try Regression.logistic(counts: [
            BinomialCount(x: 0, trials: 10, events: 3), BinomialCount(x: 1, trials: 10, events: 6),
        ])
        let logit = { (p: Double) in log(p / (1 - p)) }
        #expect(fit.n == 20)
        #expect(abs(fit.intercept - logit(0.3)) < 1e-10)
        #expect(abs(fit.slope - (logit(0.6) - logit(0.3))) < 1e-10)
        #expect(abs(fit.slopeSE - (1.0 / 3 + 1.0 / 7 + 1.0 / 6 + 1.0 / 4).squareRoot()) < 1e-10)
    }

    @Test func countsThatCannotBeObservationsOrHaveNoMaximumAreRefused() {
        func refused(_ counts: [BinomialCount], _ kind: StatsError.Kind) {
            do {
                _ = try Regression.logistic(counts: counts)
                Issue.record("\(counts) was fitted")
            } catch let error as StatsError {
                #expect(error.kind == kind, "\(counts): \(error)")
            } catch {
                Issue.record("\(error)")
            }
        }
        refused(
            [BinomialCount(x: 1, trials: 3, events: 4), BinomialCount(x: 2, trials: 3, events: 1)], .invalidArgument)
        refused(
            [BinomialCount(x: 1, trials: -1, events: 0), BinomialCount(x: 2, trials: 3, events: 1)], .invalidArgument)
        refused(
            [BinomialCount(x: 1, trials: 3, events: -1), BinomialCount(x: 2, trials: 3, events: 1)], .invalidArgument)
        refused([BinomialCount(x: .nan, trials: 3, events: 1), BinomialCount(x: 2, trials: 3, events: 1)], .nonFinite)
        refused([], .tooFewObservations)
        refused([BinomialCount(x: 1, trials: 1, events: 1)], .tooFewObservations)
        refused([BinomialCount(x: 1, trials: 5, events: 2), BinomialCount(x: 2, trials: 0, events: 0)], .constantData)
        refused([BinomialCount(x: 1, trials: 5, events: 5), BinomialCount(x: 2, trials: 4, events: 4)], .constantData)
        refused([BinomialCount(x: 1, trials: 5, events: 0), BinomialCount(x: 2, trials: 4, events: 4)], .invalidDesign)
    }
}
