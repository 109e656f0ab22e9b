import Foundation
import ThumbLabStats

extension Study {
    /// Compares a measure across the levels of one or more factors, first attempts counted
    /// by default (`Selection()`), as DESIGN.md sets out ("Aggregation
    /// before testing"): one value per participant and cell, the design inferred, the test
    /// chosen (or checked), post-hoc tests after a significant omnibus test, and with `by`
    /// one comparison per level of that factor, p-values adjusted across them.
    /// - Throws: ``ThumbLabError`` for unknown factors or levels, a factor that is
    ///   neither within nor between, a test that does not fit the design, or no data.
    public func compare(_ request: ComparisonRequest, selection: Selection = Selection()) throws -> ComparisonReport {
        try compare(request, selection: selection, values: nil)
    }

    /// As ``compare(_:selection:)``, with the values per participant and cell read already
    /// when `prefetched` is given: the request's measure and aggregate over its factors,
    /// under `selection`, as a report reads several measures' values in one pass.
    func compare(_ request: ComparisonRequest, selection: Selection, values prefetched: ParticipantCellValues?)
        throws -> ComparisonReport
    {
        guard !request.factors.isEmpty else {
            throw ThumbLabError.comparison(.noFactor)
        }
        if let by = request.by, request.factors.contains(by) {
            throw ThumbLabError.comparison(.repeatedOverComparedFactor(factor: by))
        }
        if request.aggregate == .trialLevel {
            guard [.auto, .lmm, .glmm].contains(request.test) else {
                throw ThumbLabError.comparison(.trialLevelNeedsMixedModel(test: request.test.rawValue))
            }
            guard MixedModelExecution.model(for: request.measure) != nil else {
                throw ThumbLabError.comparison(
                    .aggregateNotApplicable(
                        aggregate: Aggregate.trialLevel.rawValue, measure: request.measure.description))
            }
        }
        var selection = selection
        if let levels = request.levels {
            guard Set(levels).count >= 2 else {
                throw ThumbLabError.comparison(.tooFewLevels(factor: request.factors[0]))
            }
            selection.keep.append(LevelFilter(factor: request.factors[0], levels: levels))
        }
        let resolved = try resolve(selection, measuring: request.measure)
        let names = try displayNames(study: resolved.layout.study)
        let scheme = try CellScheme(factors: (request.by.map { [$0] } ?? []) + request.factors, selection: resolved)
        let values = try prefetched ?? cellValues(request, resolved: resolved, scheme: scheme)
        if values.participants.isEmpty {
            throw resolved.empty(.data(measure: request.measure.description))
        }
        var comparisons: [Comparison] = []
        // Trial-level observations, read once and only when a mixed model needs them.
        var observations: [(cell: Int, observation: MixedModelObservation)]?
        func trials(atFirstLevel level: String?) throws -> [MixedModelObservation] {
            if observations == nil {
                observations = try MixedModelExecution.observations(
                    database: database, selection: resolved, scheme: scheme, measure: request.measure)
            }
            guard let level, let by = request.by else { return observations!.map(\.observation) }
            return observations!.filter { scheme.cells[$0.cell][0] == level }.map { item in
                var observation = item.observation
                observation.levels[by] = nil
                return observation
            }
        }
        if let by = request.by {
            for level in scheme.levels(ofFactor: 0) {
                var comparison = try compareOne(
                    values.restricted(toFirstFactorLevel: level), request: request, names: names,
                    trials: { try trials(atFirstLevel: level) })
                comparison.byLevel = (by, level)
                comparisons.append(comparison)
            }
            Self.adjustAcrossRepeats(&comparisons, method: request.adjust)
        } else {
            comparisons.append(
                try compareOne(values, request: request, names: names, trials: { try trials(atFirstLevel: nil) }))
        }
        let summary = SelectionSummary(resolved, trials: values.trialCount, participants: values.participants.count)
        let text = ComparisonText(request: request, selection: summary, comparisons: comparisons, names: names)
        return ComparisonReport(
            request: request, selection: summary, comparisons: comparisons, sentences: text.sentences,
            methods: text.methods, names: names)
    }

    private func cellValues(
        _ request: ComparisonRequest, resolved: ResolvedSelection, scheme: CellScheme
    ) throws -> ParticipantCellValues {
        let aggregate = request.cellAggregate
        if case .score(let instrument) = request.measure {
            guard aggregate == .mean else {
                throw ThumbLabError.comparison(
                    .aggregateNotApplicable(aggregate: aggregate.rawValue, measure: request.measure.description))
            }
            return try scoreValues(instrument: instrument, resolved: resolved, scheme: scheme)
        }
        if case .item(let item) = request.measure {
            guard aggregate == .mean else {
                throw ThumbLabError.comparison(
                    .aggregateNotApplicable(aggregate: aggregate.rawValue, measure: request.measure.description))
            }
            return try itemValues(item: item, resolved: resolved, scheme: scheme)
        }
        if request.measure == .throughput {
            guard aggregate == .mean else {
                throw ThumbLabError.comparison(
                    .aggregateNotApplicable(aggregate: aggregate.rawValue, measure: request.measure.description))
            }
            return try throughputValues(resolved: resolved, scheme: scheme)
        }
        if (aggregate == .proportion) != (request.measure == .error) {
            throw ThumbLabError.comparison(
                .aggregateNotApplicable(aggregate: aggregate.rawValue, measure: request.measure.description))
        }
        return try ParticipantCellValues.aggregate(
            database: database, selection: resolved, scheme: scheme, measure: request.measure, aggregate: aggregate,
            twoReadersFrom: twoReadersFrom)
    }

    /// One comparison; `trials` reads the trial-level observations a mixed model needs.
    func compareOne(
        _ values: ParticipantCellValues, request: ComparisonRequest, names: DisplayNames,
        trials: () throws -> [MixedModelObservation]
    ) throws -> Comparison {
        let mixedModel = request.effectiveAggregate == .median ? nil : MixedModelExecution.model(for: request.measure)
        // Only a mixed model takes a factor some participants have data at only one level of.
        let mixedModelPossible =
            mixedModel != nil && (request.test == mixedModel || request.test == .auto && !request.measure.isOrdinal)
        var design = try InferredDesign(values, acceptingPartlyWithin: mixedModelPossible)
        var data = ComparisonData(values, design: design)
        let plan = try TestChoice.plan(
            requested: request.test, data: data, ordinal: request.measure.isOrdinal, mixedModel: mixedModel,
            alpha: request.alpha, trialLevel: request.wantsTrialLevel, names: names)
        let outcomes: [TestOutcome]
        var posthoc: [PairwiseOutcome]
        var randomEffects: RandomEffectsOutcome?
        do {
            if plan.test == .lmm || plan.test == .glmm {
                design = design.keepingEveryone(values)
                data = ComparisonData(values, design: design)
                (outcomes, posthoc, randomEffects) = try MixedModelExecution.run(
                    plan.test, observations: trials(), factors: values.scheme.factors, measure: request.measure,
                    adjust: request.adjust, alpha: request.alpha, dfMethod: request.dfMethod,
                    glmmCovariance: request.glmmCovariance, randomEffects: request.randomEffects)
                if request.posthoc == .none { posthoc = [] }
            } else {
                outcomes = try TestExecution.run(plan.test, on: data)
                posthoc = try PostHoc.run(
                    after: plan.test, outcomes: outcomes, data: data, adjust: request.adjust, alpha: request.alpha,
                    scope: request.posthoc)
            }
        } catch let error as StatsError {
            throw ThumbLabError.comparison(.notComputable(test: plan.test.rawValue, reason: error.message))
        }
        let geometric = request.cellAggregate == .geomean && !request.measure.isScore
        let simpleEffects =
            request.posthoc.testsSimpleEffects
            ? SimpleEffects.run(
                after: plan.test, outcomes: outcomes, data: data, adjust: request.adjust, alpha: request.alpha,
                geometric: geometric) : []
        let levels = data.scheme.cells.indices.map { cell in
            let summary = SampleSummary(data.rows.compactMap { $0[cell] })
            let shown = geometric ? summary.exponentiated : summary
            return LevelDescriptives(
                level: data.scheme.name(cell), levels: data.scheme.cells[cell], n: shown.n, mean: shown.mean,
                sd: shown.sd, median: shown.median, ciLow: shown.ciLow, ciHigh: shown.ciHigh)
        }
        let marginalMeans = data.scheme.factors.indices.map { position in
            let (names, values) = data.marginal(factor: position)
            let means = names.indices.map { level in
                let mean = SampleSummary(values.compactMap { $0[level] }).mean
                return (level: names[level], mean: geometric ? Foundation.exp(mean) : mean)
            }
            return (factor: data.scheme.factors[position], means: means)
        }
        return Comparison(
            byLevel: nil, design: design, levels: levels, tests: outcomes, posthoc: posthoc, reasons: plan.reasons,
            marginalMeans: marginalMeans, randomEffects: randomEffects, simpleEffects: simpleEffects,
            rationale: plan.rationale)
    }

    /// Adjusts each term's omnibus p-value over the repeats of the `by` factor.
    private static func adjustAcrossRepeats(_ comparisons: inout [Comparison], method: PValueAdjustment) {
        let terms = Set(comparisons.flatMap { $0.tests.map(\.term) })
        for term in terms {
            let positions = comparisons.indices.flatMap { c in
                comparisons[c].tests.indices.filter { comparisons[c].tests[$0].term == term }.map { (c, $0) }
            }
            let adjusted = method.adjust(positions.map { comparisons[$0.0].tests[$0.1].decisiveP })
            for ((c, t), p) in zip(positions, adjusted) {
                comparisons[c].tests[t].pAdjusted = p
                comparisons[c].tests[t].adjust = method.rawValue
            }
        }
    }
}

extension ResolvedSelection {
    /// The error for a selection that holds nothing for `wanted`, naming its filters and
    /// `device`.
    func empty(_ wanted: EmptySelection.Wanted, device: String? = nil) -> ThumbLabError {
        .selection(
            .empty(
                EmptySelection(
                    wanted: wanted, keep: selection.keep.map(\.description),
                    exclude: selection.exclude.map(\.description), device: device)))
    }
}
