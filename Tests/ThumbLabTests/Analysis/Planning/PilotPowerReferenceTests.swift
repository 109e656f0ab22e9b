import Foundation
import Testing

@testable import ThumbLab

/// `Study.power(fromStudy:)` on the pilot of Fixtures/planning/pilot_power against
/// `gen_pilot_power.R`: the lmer and glmer fits (lme4), the analytic f, ρ, ε and power, and
/// the simulated power of an independent simulation from the same fitted model, analysed by
/// the same rule (Shapiro-Wilk, then RM-ANOVA with Mauchly and Greenhouse-Geisser, or Friedman).
@Suite struct PilotPowerReferenceTests {
    let folder = TemporaryFolder()

    static let pilot = OrderEffectsReferenceTests.fixture("pilot_power/pilot.csv")
    static let sizes = [6, 10, 16]

    static func expected() throws -> [String: Any] {
        try OrderEffectsReferenceTests.expected("pilot_power/expected.json")
    }

    static func numbers(_ object: [String: Any], _ path: String...) throws -> [Double] {
        var current: Any? = object
        for key in path { current = (current as? [String: Any])?[key] }
        return try #require(current as? [Any], "\(path)").map {
            try #require($0 as? Double ?? ($0 as? Int).map(Double.init))
        }
    }

    func study(_ path: String = Self.pilot) throws -> Study {
        let database = try StudyDatabase(path: folder.url.appendingPathComponent("\(UUID().uuidString).sqlite").path)
        _ = try Importer(database: database).importFile(at: path, options: ImportOptions(study: "pilot"))
        return Study(database: database)
    }

    @Test func theLinearModelAndTheAnalyticCurveMatchR() throws {
        let expected = try Self.expected()
        let report = try study().power(
            fromStudy: PilotPowerRequest(
                factor: "technique", participants: Self.sizes, simulations: 0, randomEffects: .intercept))
        #expect(report.levels == ["Direct", "Shift", "ThumbSpace"] && report.pilotParticipants == 8)
        #expect(report.trialsPerCell == [20, 20, 20])
        #expect(report.model.test == .lmm && report.simulated.isEmpty)
        let means = try Self.numbers(expected, "lmm", "means_log")
        for (ours, theirs) in zip(report.model.simulation.means, means) { #expect(close(ours, theirs, 1e-6)) }
        for (ours, theirs) in zip(report.model.levelMeans, means) { #expect(close(ours, exp(theirs), 1e-6)) }
        let participantSD = try OrderEffectsReferenceTests.number(expected, "lmm", "participant_sd")
        let residualSD = try OrderEffectsReferenceTests.number(expected, "lmm", "residual_sd")
        #expect(report.model.formula == "log(time_ms) ~ technique + (1 | participant)")
        #expect(close(report.model.variances[0].sd, participantSD, 1e-5))
        #expect(close(report.model.variances.last?.sd, residualSD, 1e-6))
        #expect(
            report.model.simulation.randomCovariance.joined().allSatisfy {
                close($0, participantSD * participantSD, 1e-5)
            })
        let analytic = try #require(report.analytic)
        #expect(close(analytic.f, try OrderEffectsReferenceTests.number(expected, "analytic", "f"), 1e-9))
        #expect(close(analytic.correlation, try OrderEffectsReferenceTests.number(expected, "analytic", "rho"), 1e-9))
        #expect(
            close(analytic.epsilon, try OrderEffectsReferenceTests.number(expected, "analytic", "epsilon_gg"), 1e-9))
        for point in analytic.curve {
            let power = try OrderEffectsReferenceTests.number(expected, "analytic", "power", "\(point.participants)")
            #expect(close(point.power, power, 1e-6), "n = \(point.participants)")
        }
    }

    @Test func simulatedPowerMatchesTheIndependentSimulation() throws {
        let expected = try Self.expected()
        let report = try study().power(
            fromStudy: PilotPowerRequest(
                factor: "technique", participants: Self.sizes, simulations: 4000, seed: 17, randomEffects: .intercept))
        #expect(report.model.simplification.isEmpty && report.simulated.count == 3)
        for point in report.simulated {
            let theirs = try OrderEffectsReferenceTests.number(expected, "simulation", "power", "\(point.participants)")
            let theirCount = 4000.0
            let pooled = (point.power + theirs) / 2
            let se = (pooled * (1 - pooled) * (1 / Double(point.simulations) + 1 / theirCount)).squareRoot()
            // Two independent estimates of one power: their difference within 2.58 SE (99%).
            #expect(
                abs(point.power - theirs) <= max(2.58 * se, 1e-9),
                "n = \(point.participants): ours \(point.power), R \(theirs)")
            #expect(point.untestable == 0)
        }
        #expect(report.sentence.contains("4,000 simulated studies per sample size"))
    }

    @Test func theLogisticModelOfMissesMatchesGlmer() throws {
        let expected = try Self.expected()
        let report = try study().power(
            fromStudy: PilotPowerRequest(factor: "technique", measure: .error, participants: [8], simulations: 200))
        #expect(report.model.test == .glmm)
        #expect(report.model.formula == "miss ~ technique + (1 | participant), family = binomial (logit link)")
        let means = try Self.numbers(expected, "glmm", "means_logit")
        for (ours, theirs) in zip(report.model.simulation.means, means) { #expect(close(ours, theirs, 1e-4)) }
        let sd = try OrderEffectsReferenceTests.number(expected, "glmm", "participant_sd")
        #expect(close(report.model.variances[0].sd, sd, 1e-3))
        #expect(report.model.simulation.response == .binary && report.simulated[0].simulations == 200)
    }

    @Test func theSameSeedGivesTheSameReportAndTheScaleShrinksThePower() throws {
        let study = try study()
        let request = PilotPowerRequest(factor: "technique", participants: [6, 10], simulations: 300, seed: 5)
        let first = try study.power(fromStudy: request)
        #expect(try study.power(fromStudy: request) == first)
        var other = request
        other.seed = 6
        #expect(try study.power(fromStudy: other).simulated.map(\.rejections) != first.simulated.map(\.rejections))
        var smaller = request
        smaller.effectScale = 0.5
        let scaled = try study.power(fromStudy: smaller)
        #expect(zip(scaled.simulated, first.simulated).allSatisfy { $0.power < $1.power })
        #expect(try #require(scaled.analytic).f < (try #require(first.analytic)).f)
        #expect(scaled.assumptions.contains { $0.contains("scaled by 0.50") })
    }

    @Test func theSmallestSufficientSampleIsTheSmallestAskedWhateverTheOrder() throws {
        let report = try study().power(
            fromStudy: PilotPowerRequest(factor: "technique", participants: [40, 4, 24, 12], simulations: 0))
        let analytic = try #require(report.analytic)
        #expect(analytic.curve.map(\.participants) == [40, 4, 24, 12])
        let reaching = analytic.curve.filter { $0.power >= 0.8 }.map(\.participants)
        #expect(reaching.count >= 2, "the pilot's curve crosses .8 between 4 and 40")
        #expect(report.smallestSufficient == reaching.min())
    }
}
