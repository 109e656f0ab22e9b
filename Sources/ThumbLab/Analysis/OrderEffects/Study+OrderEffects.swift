import ThumbLabStats

extension Study {
    /// Whether the order in which participants met a within factor's levels affected a
    /// measure. Each participant's order comes from the study's saved counterbalancing plan
    /// (``saveCounterbalancing(_:study:)``) or else from the data: the first block, then
    /// the first trial, at which each level appears. The report gives the sequence counts
    /// and each level's count per position; position 1 to k compared as a within factor
    /// with the test ``compare(_:selection:)`` would choose; and sequence as a between factor
    /// beside the factor (a mixed ANOVA with type III sums of squares as afex; the measure's
    /// mixed model when some participant lacks a level), whose interaction with the factor
    /// is the asymmetric-transfer check (Keppel & Wickens 2004, "Design and Analysis").
    /// - Throws: ``ThumbLabError/parameter(_:)`` for a measure other than time or error;
    ///   ``ThumbLabError/analysis(_:)`` when the selection holds fewer than two levels of
    ///   the factor or no participant's order is known; the errors of
    ///   ``compare(_:selection:)`` for the position test.
    public func orderEffects(_ request: OrderEffectsRequest, selection: Selection = Selection()) throws
        -> OrderEffectsReport
    {
        try orderEffects(request, selection: selection, firstTrials: nil)
    }

    /// As ``orderEffects(_:selection:)``, with each level's first (block, trial) per
    /// participant read already when `prefetched` is given.
    func orderEffects(
        _ request: OrderEffectsRequest, selection: Selection, firstTrials prefetched: [String: [String: FirstTrial]]?
    ) throws -> OrderEffectsReport {
        guard request.measure == .time || request.measure == .error else {
            throw ThumbLabError.parameter(.orderEffectsMeasure(measure: request.measure.description))
        }
        let resolved = try resolve(selection)
        let scheme = try CellScheme(factors: [request.factor], selection: resolved)
        let levels = scheme.cells.map { $0[0] }
        guard levels.count >= 2 else {
            throw ThumbLabError.analysis(.tooFewLevelsForOrder(factor: request.factor, levels: levels))
        }
        // The orders come first: data that show none are refused before the values are read.
        let plan = request.usePlan ? try counterbalancing(factor: request.factor, study: resolved.layout.study) : nil
        let firsts = try prefetched ?? firstTrials(resolved, schemes: [scheme])[0]
        let observed = ObservedOrders(
            participants: firsts.keys.sorted(by: naturalOrder), levels: levels, plan: plan, firstTrials: firsts)
        guard !observed.orders.isEmpty else {
            throw ThumbLabError.analysis(
                .noOrderShown(
                    factor: request.factor,
                    example: observed.unordered.first.map { "\($0.participant): \($0.reason)" } ?? ""))
        }
        let values = try ParticipantCellValues.aggregate(
            database: database, selection: resolved, scheme: scheme, measure: request.measure,
            aggregate: request.measure.defaultAggregate, twoReadersFrom: twoReadersFrom)
        if values.participants.isEmpty { throw resolved.empty(.data(measure: request.measure.description)) }
        let summary = SelectionSummary(resolved, trials: values.trialCount, participants: values.participants.count)
        let data = OrderedValues(values: values, orders: observed.orders, factor: request.factor)
        var trialObservations: [(cell: Int, observation: MixedModelObservation)]?
        func trials(_ levelsOf: (String, String) -> [String: String]?) throws -> [MixedModelObservation] {
            if trialObservations == nil {
                trialObservations = try MixedModelExecution.observations(
                    database: database, selection: resolved, scheme: scheme, measure: request.measure)
            }
            return trialObservations!.compactMap { item in
                guard let levels = levelsOf(item.observation.subject, scheme.cells[item.cell][0]) else { return nil }
                var observation = item.observation
                observation.levels = levels
                return observation
            }
        }
        let names = try displayNames(study: resolved.layout.study)
        let positionRequest = ComparisonRequest(measure: request.measure, factors: ["position"], alpha: request.alpha)
        let position = try compareOne(
            data.positionValues, request: positionRequest, names: names,
            trials: { try trials { data.position(of: $1, for: $0).map { ["position": $0] } } })
        var sequence: Comparison?
        var sequenceMissing: String?
        if let reason = data.sequenceUntestable {
            sequenceMissing = reason
        } else {
            let complete = data.everyoneComplete
            let test = complete ? .mixedANOVA : MixedModelExecution.model(for: request.measure) ?? .mixedANOVA
            let sequenceRequest = ComparisonRequest(
                measure: request.measure, factors: ["sequence", request.factor], test: test, alpha: request.alpha)
            do {
                var tested = try compareOne(
                    data.sequenceValues, request: sequenceRequest, names: names,
                    trials: {
                        try trials { subject, level in
                            data.sequence(of: subject).map { ["sequence": $0, request.factor: level] }
                        }
                    })
                tested.reasons[tested.reasons.count - 1] =
                    complete
                    ? "Every participant met every level: a mixed ANOVA (type III sums of squares, as afex)."
                    : "Some participant lacks a level: " + TestChoice.mixedModelReason(test)
                sequence = tested
            } catch let error as ThumbLabError where error.refusesAnalysis {
                sequenceMissing = "\(error)"
            }
        }
        var report = OrderEffectsReport(
            request: request, selection: summary,
            scheme: observed.orders.contains { $0.source == .plan } ? plan?.scheme : nil,
            levels: levels, orders: observed.orders, unordered: observed.unordered, sequences: data.sequenceCounts,
            positionCounts: data.positionCounts(levels: levels), position: position, sequence: sequence,
            sequenceMissing: sequenceMissing, sentences: [], methods: "")
        let known = Set(firsts.keys)
        report.unmatchedPlanLabels = (plan?.participants ?? []).map(\.participant).filter { !known.contains($0) }
        let text = OrderEffectsText(report)
        report.sentences = text.sentences
        report.methods = text.methods
        return report
    }
}
