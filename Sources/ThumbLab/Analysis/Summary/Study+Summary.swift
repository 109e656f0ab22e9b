extension Study {
    /// Per cell of `by` (every factor of the study when empty): participants, trials,
    /// geometric-mean time with its interval across participants, mean/SD/median time,
    /// error rate with its adjusted-Wald interval, and touch offsets in px and mm. With
    /// `perParticipant`, one row per participant and cell. One pass over the trials.
    /// - Throws: ``ThumbLabError/usage(_:)`` for unknown factors or levels.
    public func summary(by: [String] = [], perParticipant: Bool = false, selection: Selection = Selection()) throws
        -> SummaryReport
    {
        let resolved = try resolve(selection)
        let factors = by.isEmpty ? resolved.layout.factors.map(\.name) : by
        let scheme = try CellScheme(factors: factors, selection: resolved)
        var cells = Array(repeating: SummaryAccumulator(), count: scheme.cells.count)
        var participantCells: [Int64: [Int: SummaryAccumulator]] = [:]
        let devices = resolved.layout.batchDevices
        try database.forEachTrial(resolved.trialQuery) { trial in
            guard let cell = scheme.cell(ofCondition: trial.conditionID) else { return }
            let device = devices[trial.batchID]
            cells[cell].add(trial, device: device)
            participantCells[trial.participantID, default: [:]][cell, default: SummaryAccumulator()].add(trial, device: device)
        }
        let labels = resolved.layout.participants
        let participants = participantCells.keys.sorted { naturalOrder(labels[$0] ?? "", labels[$1] ?? "") }
        var rows: [SummaryRow] = []
        for cell in scheme.cells.indices where cells[cell].trials > 0 {
            let inCell = participants.compactMap { participantCells[$0]?[cell] }
            if perParticipant {
                for id in participants {
                    guard let accumulator = participantCells[id]?[cell] else { continue }
                    rows.append(
                        accumulator.row(levels: scheme.cells[cell], participant: labels[id], participants: 1, logMeans: nil))
                }
            } else {
                rows.append(
                    cells[cell].row(
                        levels: scheme.cells[cell], participant: nil, participants: inCell.count,
                        logMeans: inCell.compactMap(\.logTimes.mean)))
            }
        }
        let trials = cells.reduce(0) { $0 + $1.trials }
        let summary = SelectionSummary(resolved, trials: trials, participants: participants.count)
        return SummaryReport(
            selection: summary, factors: factors, perParticipant: perParticipant, rows: rows,
            methods: Self.summaryMethods(summary, perParticipant: perParticipant))
    }

    private static func summaryMethods(_ selection: SelectionSummary, perParticipant: Bool) -> String {
        let geomean =
            perParticipant
            ? "the geometric mean time is exp of the mean ln time of the participant's trials, its 95% interval the back-transformed t interval of that mean"
            : "the geometric mean time is exp of the mean of the participants' per-cell mean ln times, its 95% interval the back-transformed t interval across participants"
        return "Summary of \(selection.sentence). Per cell, \(geomean); mean, SD and median time pool the cell's trials; "
            + "the error rate is misses over trials with a recorded hit, pooled, with the adjusted-Wald 95% interval "
            + "(Agresti & Coull 1998); offsets are touch minus target centre, in px and, where every trial's import "
            + "named a device, in mm."
    }
}
