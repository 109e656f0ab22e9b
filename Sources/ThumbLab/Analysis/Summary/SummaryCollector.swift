/// The figures of a summary, fed one trial at a time, so that one read of the trials can
/// serve the summary and other analyses alike (``Study/summary(_:selection:)``
/// reads for it alone, a study report for it and its comparisons at once).
struct SummaryCollector {
    /// The trial fields a summary reads.
    static let fields: TrialFields = [.batch, .target, .touch, .time, .hit]

    private let resolved: ResolvedSelection
    private let factors: [String]
    private let perParticipant: Bool
    private let scheme: CellScheme
    private let devices: [Int64: Device]
    private var cells: [SummaryAccumulator]
    // Per participant and cell, in one flat array: `participantCells[index * cellCount + cell]`
    // for the participant numbered `index` in `participantNumbers`. Only per-participant rows
    // need all their figures: across participants only their trial counts and mean ln times count.
    private var participantNumbers = FirstAppearanceNumbers<Int64>()
    private var participantCells: [SummaryAccumulator] = []
    private var participantTemplate = SummaryAccumulator()
    // Trials arrive in storage order, where runs of one participant, condition and batch
    // are the rule: the last lookup of each is remembered, sparing a hash per trial.
    private var lastCondition: Int64?
    private var lastCell: Int?
    private var lastBatch: Int64?
    private var device: Device?

    /// The further measure summarised, if any.
    private let measure: Measure?

    /// The trial fields the summary reads, with those of its further measure.
    var fields: TrialFields { Self.fields.union(measure?.trialFields ?? []) }

    /// A summary per cell of `by` (every trial factor of the study when empty), with the
    /// figures of `measure` when given.
    /// - Throws: ``ThumbLabError/selection(_:)`` for unknown factors or levels.
    init(_ resolved: ResolvedSelection, by: [String], perParticipant: Bool, measure: Measure? = nil) throws {
        self.resolved = resolved
        self.measure = measure
        factors = by.isEmpty ? resolved.layout.trialFactors : by
        self.perParticipant = perParticipant
        scheme = try CellScheme(factors: factors, selection: resolved, missingAsLevel: true)
        cells = Array(repeating: SummaryAccumulator(), count: scheme.cells.count)
        participantTemplate.collectsRow = perParticipant
        devices = resolved.layout.batchDevices
    }

    mutating func add(_ trial: StoredTrial) {
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
            participantCells.append(contentsOf: repeatElement(participantTemplate, count: scheme.cells.count))
        }
        let index = participant.number * scheme.cells.count + cell
        cells[cell].add(trial, device: device)
        participantCells[index].add(trial, device: device)
        if let measure, let value = measure.value(of: trial), value.isFinite {
            cells[cell].measureValues.add(value)
            participantCells[index].measureValues.add(value)
        }
    }

    /// Adds the trials `other` was fed (a collector made alike, fed the trials after this
    /// one's), as if they had been added here.
    mutating func merge(_ other: SummaryCollector) {
        for cell in cells.indices { cells[cell].merge(other.cells[cell]) }
        let cellCount = scheme.cells.count
        for (theirs, id) in other.participantNumbers.values.enumerated() {
            let participant = participantNumbers.number(of: id)
            if participant.isNew {
                participantCells.append(contentsOf: repeatElement(participantTemplate, count: cellCount))
            }
            for cell in 0..<cellCount {
                participantCells[participant.number * cellCount + cell].merge(
                    other.participantCells[theirs * cellCount + cell])
            }
        }
    }

    /// The summary of the trials added.
    func report() -> SummaryReport {
        let labels = resolved.layout.participants
        let participants = participantNumbers.values.sorted { naturalOrder(labels[$0] ?? "", labels[$1] ?? "") }
        var rows: [SummaryRow] = []
        for cell in scheme.cells.indices where cells[cell].trials > 0 {
            let inCell = participants.compactMap { accumulator($0, cell) }
            if perParticipant {
                for id in participants {
                    guard let accumulator = accumulator(id, cell) else { continue }
                    var row = accumulator.row(
                        levels: scheme.cells[cell], participant: labels[id], participants: 1, logMeans: nil)
                    if measure != nil {
                        row.measure = MeasureFigures(
                            trials: accumulator.measureValues.count, values: accumulator.measureValues)
                    }
                    rows.append(row)
                }
            } else {
                var row = cells[cell].row(
                    levels: scheme.cells[cell], participant: nil, participants: inCell.count,
                    logMeans: inCell.compactMap(\.logTimes.mean))
                if measure != nil {
                    var means = RunningMoments()
                    for participant in inCell { if let mean = participant.measureValues.mean { means.add(mean) } }
                    row.measure = MeasureFigures(trials: cells[cell].measureValues.count, values: means)
                }
                rows.append(row)
            }
        }
        let trials = cells.reduce(0) { $0 + $1.trials }
        let summary = SelectionSummary(resolved, trials: trials, participants: participants.count)
        let figures = Study.summaryFigureMethods(perParticipant: perParticipant, measure: measure)
        var report = SummaryReport(
            selection: summary, factors: factors, perParticipant: perParticipant, rows: rows,
            methods: summary.withCleaningMethods("Summary of \(summary.sentence). " + figures))
        report.figureMethods = figures
        report.measure = measure
        return report
    }

    /// A participant's accumulator of a cell, `nil` when the cell has no trial of theirs.
    private func accumulator(_ id: Int64, _ cell: Int) -> SummaryAccumulator? {
        guard let index = participantNumbers.number(ifSeen: id) else { return nil }
        let accumulator = participantCells[index * scheme.cells.count + cell]
        return accumulator.trials > 0 ? accumulator : nil
    }
}
