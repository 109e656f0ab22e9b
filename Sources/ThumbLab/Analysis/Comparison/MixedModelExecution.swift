import Foundation
import ThumbLabStats

/// Comparisons by mixed models on trial-level data (issue: unbalanced designs): every trial
/// of every participant enters, so no participant is dropped for an empty cell.
enum MixedModelExecution {
    /// The most trials a trial-level model is fitted to: the observations are held in memory.
    static let trialLimit = 2_000_000

    /// The trial-level model a measure calls for: the linear model for time (on ln time)
    /// and numeric columns, the logistic model for errors; none for scores.
    static func model(for measure: Measure) -> ComparisonTest? {
        switch measure {
        case .time, .column, .logged, .phrase: .lmm
        case .error: .glmm
        case .score, .throughput, .item: nil
        }
    }

    /// Every selected trial as a model observation: the participant, the levels of the
    /// scheme's factors and the response (ln time, miss 1/0, or the column's value).
    static func observations(
        database: StudyDatabase, selection: ResolvedSelection, scheme: CellScheme, measure: Measure
    ) throws -> [(cell: Int, observation: MixedModelObservation)] {
        var result: [(cell: Int, observation: MixedModelObservation)] = []
        let labels = selection.layout.participants
        try database.forEachTrial(selection.trialQuery, fields: TrialFields.all.union(measure.trialFields)) { trial in
            guard let cell = scheme.cell(ofCondition: trial.conditionID), var value = measure.value(of: trial),
                value.isFinite
            else { return }
            if measure == .time {
                guard value > 0 else { return }
                value = Foundation.log(value)
            }
            if result.count == trialLimit {
                throw ThumbLabError.comparison(.tooManyTrials(limit: trialLimit))
            }
            let levels = Dictionary(uniqueKeysWithValues: scheme.labelled(cell).map { ($0.factor, $0.level) })
            result.append(
                (
                    cell,
                    MixedModelObservation(
                        subject: labels[trial.participantID] ?? "\(trial.participantID)", levels: levels, value: value)
                ))
        }
        return result
    }

    /// Fits the model over `factors` (full factorial; a random intercept per participant, or
    /// the random slopes of `randomEffects` over the factors that vary within participants,
    /// simplified while the fit is singular) and returns one outcome per term.
    static func run(
        _ test: ComparisonTest, observations: [MixedModelObservation], factors: [String], measure: Measure,
        adjust: PValueAdjustment, alpha: Double, dfMethod: MixedModelDFMethod,
        glmmCovariance: LogisticMixedModelCovariance = .lme4, randomEffects: RandomEffectsStructure = .intercept
    ) throws -> (tests: [TestOutcome], posthoc: [PairwiseOutcome], randomEffects: RandomEffectsOutcome?) {
        var model = MixedModelSpecification(factors: factors)
        let response =
            switch measure {
            case .time: "log(time_ms)"
            case .error: "miss"
            default: measure.description
            }
        var formula = model.formula(response: response, subject: "participant")
        if test == .glmm && randomEffects != .intercept {
            throw ThumbLabError.comparison(.randomSlopesNeedLinearModel(structure: randomEffects.rawValue))
        }
        switch test {
        case .lmm:
            let within = withinFactors(factors, observations)
            model.randomSlopes = randomEffects.slopeTerms(within: within)
            let simplified = try MixedModel.simplifiedLinear(
                observations, model: model, response: response, subject: "participant")
            let fit = simplified.fit
            formula = simplified.fittedFormula
            let outcome = RandomEffectsOutcome(
                requested: randomEffects, requestedFormula: simplified.requestedFormula,
                fittedFormula: simplified.fittedFormula, withinFactors: within,
                steps: simplified.steps.map(\.description))
            let kenwardRoger = dfMethod == .kenwardRoger
            let terms = kenwardRoger ? try fit.kenwardRogerTerms() : fit.terms
            let method = kenwardRoger ? "Kenward-Roger" : "Satterthwaite"
            let note =
                kenwardRoger
                ? " F tests with Kenward-Roger df and scaled F as pbkrtest (the post-hoc contrasts keep Satterthwaite df, as emmeans' default for lmer)."
                : ""
            let policy = ([fit.policy + note] + fit.messages + [outcome.summary]).joined(separator: " ")
            let tests = terms.map { term in
                TestOutcome(
                    test: test.rawValue, term: term.name, statistic: term.f, p: term.p, df1: term.numeratorDF,
                    df2: term.denominatorDF, dfMethod: method, model: formula, apaStatistic: term.apaStatistic,
                    policy: policy)
            }
            let scale: MixedModelResponseScale = measure == .time ? .log : .identity
            let posthoc = try contrasts(tests, factors: factors, adjust: adjust, alpha: alpha) {
                try fit.estimatedMarginalMeans(for: $0, scale: scale, adjustment: .none)
            }
            return (tests, posthoc, outcome)
        case .glmm:
            let covariance = glmmCovariance
            let fit = try MixedModel.logistic(observations, model: model, covariance: covariance)
            let policy = ([fit.policy] + fit.messages).joined(separator: " ")
            let tests = fit.terms.filter { $0.name != "(Intercept)" }.map { term in
                TestOutcome(
                    test: test.rawValue, term: term.name, statistic: term.chiSquare, p: term.p, df: term.df,
                    model: formula + ", family = binomial (logit link)", apaStatistic: term.apaStatistic, policy: policy
                )
            }
            let posthoc = try contrasts(tests, factors: factors, adjust: adjust, alpha: alpha) {
                try fit.estimatedMarginalMeans(for: $0, adjustment: .none)
            }
            return (tests, posthoc, nil)
        default:
            preconditionFailure("only lmm and glmm are mixed models")
        }
    }

    /// The factors of which at least one participant has trials at two or more levels.
    static func withinFactors(_ factors: [String], _ observations: [MixedModelObservation]) -> [String] {
        factors.filter { factor in
            var first: [String: String] = [:]
            for observation in observations {
                guard let level = observation.levels[factor] else { continue }
                if let seen = first[observation.subject] {
                    if seen != level { return true }
                } else {
                    first[observation.subject] = level
                }
            }
            return false
        }
    }

    /// Pairwise contrasts of estimated marginal means (emmeans) for each significant main
    /// effect with more than two levels, adjusted within the factor's family.
    private static func contrasts(
        _ tests: [TestOutcome], factors: [String], adjust: PValueAdjustment, alpha: Double,
        means: (String) throws -> EstimatedMarginalMeansResult
    ) throws -> [PairwiseOutcome] {
        var result: [PairwiseOutcome] = []
        for test in tests where factors.contains(test.term) && test.p < alpha {
            let emmeans = try means(test.term)
            guard emmeans.means.count > 2 else { continue }
            let adjusted = adjust.adjust(emmeans.contrasts.map(\.pUnadjusted))
            result += zip(emmeans.contrasts, adjusted).map { contrast, pAdjusted in
                PostHoc.pairwise(
                    test.term, contrast.a, contrast.b, "emmeans", contrast.statistic,
                    contrast.df.isFinite ? contrast.df : nil, contrast.pUnadjusted, pAdjusted, adjust)
            }
        }
        return result
    }
}
