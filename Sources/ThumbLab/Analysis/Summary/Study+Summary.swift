extension Study {
    /// Per cell of `by` (every trial factor of the study when empty): participants, trials,
    /// geometric-mean time with its interval across participants, mean/SD/median time,
    /// error rate with its adjusted-Wald interval, and touch offsets in px and mm. With
    /// `perParticipant`, one row per participant and cell. One pass over the trials. Trials
    /// without a value for a factor form cells at level ``FactorLevels/missingLabel``.
    /// - Throws: ``ThumbLabError/usage(_:)`` for unknown factors or levels.
    public func summary(by: [String] = [], perParticipant: Bool = false, selection: Selection = Selection()) throws
        -> SummaryReport
    {
        let resolved = try resolve(selection)
        let factors = by.isEmpty ? resolved.layout.trialFactors : by
        let scheme = try CellScheme(factors: factors, selection: resolved, missingAsLevel: true)
        let cellCount = scheme.cells.count
        var cells = Array(repeating: SummaryAccumulator(), count: cellCount)
        // Per participant and cell, in one flat array: `participantCells[index * cellCount + cell]`
        // for the participant numbered `index` in `participantNumbers`. Only per-participant rows
        // need all their figures: across participants only their trial counts and mean ln times count.
        var participantNumbers = FirstAppearanceNumbers<Int64>()
        var participantCells: [SummaryAccumulator] = []
        var participantTemplate = SummaryAccumulator()
        participantTemplate.collectsRow = perParticipant
        let devices = resolved.layout.batchDevices
        // Trials arrive in storage order, where runs of one participant, condition and batch
        // are the rule: the last lookup of each is remembered, sparing a hash per trial.
        var lastCondition: Int64?
        var lastCell: Int?
        var lastBatch: Int64?
        var device: Device?
        let fields: TrialFields = [.batch, .target, .touch, .time, .hit]
        try database.forEachTrial(resolved.trialQuery, fields: fields) { trial in
            if trial.conditionID != lastCondition {
                lastCondition = trial.conditionID
                lastCell = scheme.cell(ofCondition: trial.conditionID)
            }
            guard let cell = lastCell else { return }
            if trial.batchID != lastBatch {
                lastBatch = trial.batchID
                device = devices[trial.batchID]
            }
            let participant = participantNumbers.number(of: trial.participantID)
            if participant.isNew {
                participantCells.append(contentsOf: repeatElement(participantTemplate, count: cellCount))
            }
            cells[cell].add(trial, device: device)
            participantCells[participant.number * cellCount + cell].add(trial, device: device)
        }
        /// A participant's accumulator of a cell, `nil` when the cell has no trial of theirs.
        func accumulator(_ id: Int64, _ cell: Int) -> SummaryAccumulator? {
            guard let index = participantNumbers.number(ifSeen: id) else { return nil }
            let accumulator = participantCells[index * cellCount + cell]
            return accumulator.trials > 0 ? accumulator : nil
        }
        let labels = resolved.layout.participants
        let participants = participantNumbers.values.sorted { naturalOrder(labels[$0] ?? "", labels[$1] ?? "") }
        var rows: [SummaryRow] = []
        for cell in scheme.cells.indices where cells[cell].trials > 0 {
            let inCell = participants.compactMap { accumulator($0, cell) }
            if perParticipant {
                for id in participants {
                    guard let accumulator = accumulator(id, cell) else { continue }
                    rows.append(
                        accumulator.row(
                            levels: scheme.cells[cell], participant: labels[id], participants: 1, logMeans: nil))
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
        return
            "Summary of \(selection.sentence). Per cell, \(geomean); mean, SD and median time pool the cell's trials; "
            + "the error rate is misses over trials with a recorded hit, pooled, with the adjusted-Wald 95% interval "
            + "(Agresti & Coull 1998); offsets are touch minus target centre, in px and, where every trial's import "
            + "named a device, in mm."
    }
}
