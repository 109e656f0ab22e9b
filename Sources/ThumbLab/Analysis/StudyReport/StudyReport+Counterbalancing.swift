extension Study {
    /// The order analyses of a report (``orderEffects(_:selection:)`` on time): one per
    /// within factor of more than one level whose order is known, from a saved plan or from
    /// the data. A factor whose data show no order (every level starting at the same block
    /// and trial, as when blocks are numbered afresh for each level) gets none; another
    /// refusal is listed with its reason in `notComputed`.
    func reportOrderEffects(
        factors: [(name: String, levels: [String], kind: String)], selection: Selection,
        firstTrials firstsOfFactor: [String: [String: [String: FirstTrial]]], notComputed: inout [String]
    ) throws -> [OrderEffectsReport] {
        let candidates = factors.filter { $0.kind == "within" && $0.levels.count > 1 }.map(\.name)
        guard !candidates.isEmpty else { return [] }
        let study = try resolve(selection).layout.study
        var reports: [OrderEffectsReport] = []
        for factor in candidates {
            let firsts = firstsOfFactor[factor] ?? [:]
            let planned = try counterbalancing(factor: factor, study: study) != nil
            let shown = firsts.values.contains { levels in Set(levels.values).count == levels.count && levels.count > 1
            }
            guard planned || shown else { continue }
            do {
                reports.append(
                    try orderEffects(OrderEffectsRequest(factor: factor), selection: selection, firstTrials: firsts))
            } catch ThumbLabError.analysis(.noOrderShown) {
                continue
            } catch let error as ThumbLabError where error.refusesAnalysis {
                notComputed.append("order effects of \(factor) on time: \(error)")
            }
        }
        return reports
    }
}

extension StudyReport {
    /// The Counterbalancing paragraph: for each factor whose order is known, the sentences
    /// of its order analysis and the orders met; empty when no factor's order is known.
    public var counterbalancingParagraphs: [String] {
        counterbalancing.map { report in
            let orders = report.sequences.map { "\($0.order.joined(separator: " > ")) (\($0.participants))" }
            return report.sentences.joined(separator: " ") + " Orders met (participants): "
                + orders.joined(separator: "; ") + "."
        }
    }
}
