import Foundation
import ThumbLabStats

extension Study {
    /// How many participants a study of a within factor needs, judged from a pilot in the
    /// study database. Analytic first: Cohen's f, the correlation among the repeated measures
    /// and ε from the pilot's per-participant level values give the RM-ANOVA's power at each
    /// sample size (G*Power's convention; Faul et al. 2007). Then by simulation, as simr does
    /// with lme4 (Green & MacLeod 2016): the measure's mixed model is fitted to the pilot's
    /// trials (``PilotModel``), studies of each sample size are drawn from its fixed effects
    /// (times the request's effect scale) and variance components with the pilot's trials per
    /// cell, each is analysed as ``compare(_:selection:)`` would, and the share with p < α is
    /// the power, with its 95% Clopper-Pearson interval.
    /// - Throws: ``ThumbLabError/parameter(_:)`` for a measure other than time or error or a
    ///   setting out of range; ``ThumbLabError/analysis(_:)`` when the selection holds fewer
    ///   than two levels of the factor or fewer than two participants with data at every
    ///   level; ``ThumbLabError/comparison(_:)`` when the mixed model cannot be fitted; the
    ///   selection's own errors (an unknown factor).
    public func power(fromStudy request: PilotPowerRequest, selection: Selection = Selection()) throws
        -> PilotPowerReport
    {
        try request.validate()
        let resolved = try resolve(selection)
        let scheme = try CellScheme(factors: [request.factor], selection: resolved)
        let levels = scheme.cells.map { $0[0] }
        let values = try ParticipantCellValues.aggregate(
            database: database, selection: resolved, scheme: scheme, measure: request.measure,
            aggregate: request.measure.defaultAggregate, twoReadersFrom: twoReadersFrom)
        let complete = values.participants.indices.compactMap { index -> (String, [Double])? in
            let row = values.values[index]
            guard row.count == levels.count, row.allSatisfy({ $0 != nil }) else { return nil }
            return (values.participants[index], row.map { $0! })
        }
        guard levels.count >= 2, complete.count >= 2 else {
            throw ThumbLabError.analysis(
                .pilotTooSmall(factor: request.factor, levels: levels, participants: complete.map(\.0)))
        }
        let observations = try MixedModelExecution.observations(
            database: database, selection: resolved, scheme: scheme, measure: request.measure)
        let trialsPerCell = Self.trialsPerCell(observations, cells: levels.count)
        let model = try PilotModel.fit(
            observations.map(\.observation), factor: request.factor, levels: levels, measure: request.measure,
            randomEffects: request.randomEffects, trialsPerCell: trialsPerCell)
        let analytic = PilotAnalyticPower.fromPilot(
            complete.map(\.1), effectScale: request.effectScale, participants: request.participants,
            alpha: request.alpha, target: request.target)
        let alpha = request.alpha
        let simulated =
            request.simulations == 0
            ? []
            : try Power.simulate(
                model.simulation, participants: request.participants, simulations: request.simulations,
                effectScale: request.effectScale, alpha: alpha, seed: request.seed
            ) { OneWayWithinTest.p($0, alpha: alpha) }
        let reaching =
            simulated.isEmpty
            ? (analytic.power?.curve ?? []).filter { $0.power >= request.target }.map(\.participants)
            : simulated.filter { $0.power >= request.target }.map(\.participants)
        var report = PilotPowerReport(
            request: request,
            selection: SelectionSummary(resolved, trials: observations.count, participants: values.participants.count),
            names: try displayNames(study: resolved.layout.study), levels: levels, pilotParticipants: complete.count,
            trialsPerCell: trialsPerCell, analytic: analytic.power, analyticMissing: analytic.missing, model: model,
            simulated: simulated, smallestSufficient: reaching.min(),
            analysis: "Each simulated study was analysed " + OneWayWithinTest.description + ".", assumptions: [],
            sentence: "")
        let text = PilotPowerText(report)
        report.assumptions = text.assumptions
        report.sentence = text.sentence
        return report
    }

    /// The trials per participant at each level: the rounded mean over the participants with
    /// trials there, at least 1.
    private static func trialsPerCell(
        _ observations: [(cell: Int, observation: MixedModelObservation)], cells: Int
    ) -> [Int] {
        var counts = Array(repeating: [String: Int](), count: cells)
        for item in observations { counts[item.cell][item.observation.subject, default: 0] += 1 }
        return counts.map { perSubject in
            guard !perSubject.isEmpty else { return 1 }
            let mean = Double(perSubject.values.reduce(0, +)) / Double(perSubject.count)
            return max(1, Int(mean.rounded()))
        }
    }
}

extension PilotPowerRequest {
    /// Refuses a measure other than time or error and settings out of range.
    func validate() throws {
        guard measure == .time || measure == .error else {
            throw ThumbLabError.parameter(.pilotPowerMeasure(measure: measure.description))
        }
        func refuse(_ setting: PilotPowerSetting, _ value: String) -> ThumbLabError {
            .parameter(.pilotPowerSetting(setting, value: value))
        }
        if participants.isEmpty { throw refuse(.participants, "none") }
        if let small = participants.first(where: { $0 < 2 }) { throw refuse(.participants, "\(small)") }
        guard (0...1_000_000).contains(simulations) else { throw refuse(.simulations, "\(simulations)") }
        guard effectScale.isFinite, effectScale >= 0 else { throw refuse(.effectScale, "\(effectScale)") }
        guard alpha > 0, alpha < 1 else { throw refuse(.alpha, "\(alpha)") }
        guard target > 0, target < 1 else { throw refuse(.target, "\(target)") }
    }
}
