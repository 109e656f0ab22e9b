import Foundation
import Testing

@testable import ThumbLabStats

/// Simulated RM-ANOVA power: within the 99% interval of the analytic power under compound
/// symmetry, in agreement with the independent R simulation of
/// `Fixtures/gen_power_simulation.R`, reproducible from its seed, and refusing bad input.
@Suite struct PowerSimulationTests {
    struct Case: Decodable, Sendable {
        let means: [Double]
        let participantSD: Double
        let residualSD: Double
        let trialsPerCell: Int
        let alpha: Double
        let participants: Int
        let simulations: Int
        let rejections: Int

        enum CodingKeys: String, CodingKey {
            case means, alpha, participants, simulations, rejections
            case participantSD = "participant_sd"
            case residualSD = "residual_sd"
            case trialsPerCell = "trials_per_cell"
        }

        var model: PowerSimulationModel {
            PowerSimulationModel(
                means: means, participantSD: participantSD, residualSD: residualSD, trialsPerCell: trialsPerCell)
        }
    }

    struct Fixture: Decodable {
        let cases: [Case]
    }

    static let cases: [Case] = (try? NumericFixtures.load("power_simulation", as: Fixture.self).cases) ?? []

    /// The analytic power of the model: f² = Σ(μ − μ̄)²/m over the variance of a cell
    /// mean, σ_u² + σ_e²/T, and ρ = σ_u² over that variance.
    static func analytic(_ model: PowerSimulationModel, n: Int, alpha: Double) throws -> Double {
        let m = Double(model.means.count)
        let grand = model.means.reduce(0, +) / m
        let spread = model.means.reduce(0) { $0 + ($1 - grand) * ($1 - grand) } / m
        let between = model.participantSD * model.participantSD
        let variance = between + model.residualSD * model.residualSD / Double(model.trialsPerCell)
        return try Power.rmANOVA(
            levels: model.means.count, f: (spread / variance).squareRoot(), n: Double(n), power: nil,
            correlation: between / variance, alpha: alpha
        ).power
    }

    @Test func fixtureLoads() {
        #expect(Self.cases.count == 7)
    }

    @Test(arguments: cases)
    func simulatedPowerLiesInTheIntervalOfTheAnalyticPower(_ entry: Case) throws {
        let simulated = try #require(
            try Power.simulateRMANOVA(
                entry.model, participants: [entry.participants], simulations: 4000, alpha: entry.alpha, seed: 11
            ).first)
        let analytic = try Self.analytic(entry.model, n: entry.participants, alpha: entry.alpha)
        let interval = try ProportionInterval(
            successes: simulated.rejections, trials: simulated.simulations, level: 0.99, method: .clopperPearson)
        #expect(
            interval.lower <= analytic && analytic <= interval.upper,
            "simulated \(simulated.power), analytic \(analytic)")
    }

    @Test(arguments: cases)
    func simulatedPowerAgreesWithTheRSimulation(_ entry: Case) throws {
        let ours = try #require(
            try Power.simulateRMANOVA(
                entry.model, participants: [entry.participants], simulations: entry.simulations, alpha: entry.alpha,
                seed: 5
            ).first)
        let theirs = Double(entry.rejections) / Double(entry.simulations)
        let pooled = (ours.power + theirs) / 2
        let se = (pooled * (1 - pooled) * 2 / Double(entry.simulations)).squareRoot()
        // Two independent estimates of one power: their difference within 2.58 SE (99%).
        #expect(abs(ours.power - theirs) <= 2.58 * se, "ours \(ours.power), R \(theirs)")
    }

    @Test func theSameSeedGivesTheSameResult() throws {
        let model = PowerSimulationModel(means: [0, 0.1, 0.2], participantSD: 0.3, residualSD: 0.5, trialsPerCell: 4)
        let first = try Power.simulateRMANOVA(model, participants: [6, 10], simulations: 333, seed: 42)
        let again = try Power.simulateRMANOVA(model, participants: [6, 10], simulations: 333, seed: 42)
        let other = try Power.simulateRMANOVA(model, participants: [6, 10], simulations: 333, seed: 43)
        #expect(first == again)
        #expect(first.map(\.rejections) != other.map(\.rejections))
        #expect(first.map(\.simulations) == [333, 333])
        #expect(first[0].interval.method == .clopperPearson)
    }

    @Test func aZeroEffectScaleRejectsAtAlpha() throws {
        let model = PowerSimulationModel(means: [0, 0.5, 1], participantSD: 0.3, residualSD: 0.5, trialsPerCell: 2)
        let result = try #require(
            try Power.simulateRMANOVA(model, participants: [8], simulations: 4000, effectScale: 0, seed: 3).first)
        let interval = try ProportionInterval(
            successes: result.rejections, trials: result.simulations, level: 0.99, method: .clopperPearson)
        #expect(interval.lower <= 0.05 && 0.05 <= interval.upper)
    }

    @Test func badInputIsRefused() {
        let model = PowerSimulationModel(means: [0, 0.1], participantSD: 0.3, residualSD: 0.5, trialsPerCell: 4)
        #expect(throws: StatsError.self) { try Power.simulateRMANOVA(model, participants: [1], simulations: 10) }
        #expect(throws: StatsError.self) { try Power.simulateRMANOVA(model, participants: [8], simulations: 0) }
        #expect(throws: StatsError.self) {
            try Power.simulateRMANOVA(model, participants: [8], simulations: 10, alpha: 1)
        }
        var one = model
        one.means = [0]
        #expect(throws: StatsError.self) { try Power.simulateRMANOVA(one, participants: [8], simulations: 10) }
        var flat = model
        flat.residualSD = 0
        #expect(throws: StatsError.self) { try Power.simulateRMANOVA(flat, participants: [8], simulations: 10) }
    }
}
