extension Study {
    /// One throughput per participant and cell, for comparisons of throughput: the mean of
    /// the participant's sequence throughputs in the cell (the first two steps of the
    /// mean of means; the comparison's descriptives take the third). Every attempt counts,
    /// whatever the selection's attempt policy, since misses are part of a sequence's
    /// effective width.
    /// - Throws: what ``fitts(_:selection:)`` throws.
    func throughputValues(resolved: ResolvedSelection, scheme: CellScheme) throws -> ParticipantCellValues {
        var selection = resolved.selection
        selection.attempts = .all
        let report = try fitts(FittsRequest(by: scheme.factors), selection: selection)
        let positions = scheme.factors.compactMap { report.factors.firstIndex(of: $0) }
        return ParticipantCellValues(
            meansOf: report.sequences.map { row in
                (row.participant, positions.map { row.levels[$0] }, row.measures.throughput, row.measures.trials)
            },
            scheme: scheme, unusable: 0)
    }
}
