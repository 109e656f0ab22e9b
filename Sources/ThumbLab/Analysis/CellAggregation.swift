import Foundation
import ThumbLabStats

/// One value per participant and cell: what a comparison tests.
package struct ParticipantCellValues: Sendable, Equatable {
    /// The cells the values belong to: the compared factors' level combinations.
    package var scheme: CellScheme
    /// Participant labels, sorted.
    package var participants: [String]
    /// `values[participant][cell]`: the aggregated value, `nil` for an empty cell.
    package var values: [[Double?]]
    /// `trials[participant][cell]`: the trials that entered the value.
    package var trials: [[Int]]
    /// Selected trials that could not enter (no value, or a time of 0 or below under `geomean`).
    package var unusable: Int
    /// Per participant (as ``participants``) and cell (as the scheme's cells): whether the
    /// participant had a selected trial there, with a usable value or not (a trial whose
    /// time the cleaning steps removed, say); `nil` when only the values are known. The
    /// design is inferred from it, so that a participant whose values in a cell were all
    /// removed is dropped for the empty cell, not taken for a between-subjects one.
    package var present: [[Bool]]? = nil

    /// Every trial the values rest on.
    package var trialCount: Int { trials.joined().reduce(0, +) }
}

extension ParticipantCellValues {
    /// Reads the selected trials once (in two halves on two threads from `twoReadersFrom`
    /// trials on) and aggregates `measure` per participant and cell. Memory grows with
    /// participants x cells, not with trials (except under `median`, which keeps each value).
    static func aggregate(
        database: StudyDatabase, selection: ResolvedSelection, scheme: CellScheme,
        measure: Measure, aggregate: Aggregate, twoReadersFrom: Int
    ) throws -> ParticipantCellValues {
        let collector = try database.readSplit(
            selection.trialQuery, minimumTrials: twoReadersFrom,
            start: ParticipantCellCollector(scheme: scheme, measures: [(measure, aggregate)]),
            read: { query, database, collector in
                try database.forEachTrial(query, fields: collector.fields) { collector.add($0) }
            },
            merge: { $0.merge($1) })
        return collector.values(labels: selection.layout.participants)[0]
    }
}

/// Several measures' values per participant and cell, fed one trial at a time, so that
/// one read of the trials can serve them and other analyses alike.
struct ParticipantCellCollector {
    let scheme: CellScheme
    /// The trial fields the measures read.
    let fields: TrialFields
    private var accumulators: [CellValueAccumulator]
    // Trials arrive in storage order, where runs of one condition are the rule: the last
    // lookup is remembered, sparing a hash per trial.
    private var lastCondition: Int64?
    private var lastCell: Int?

    init(scheme: CellScheme, measures: [(measure: Measure, aggregate: Aggregate)]) {
        self.scheme = scheme
        fields = measures.reduce(TrialFields()) { $0.union($1.measure.trialFields) }
        accumulators = measures.map {
            CellValueAccumulator(measure: $0.measure, aggregate: $0.aggregate, scheme: scheme)
        }
    }

    mutating func add(_ trial: StoredTrial) {
        if trial.conditionID != lastCondition {
            lastCondition = trial.conditionID
            lastCell = scheme.cell(ofCondition: trial.conditionID)
        }
        guard let cell = lastCell else { return }
        for index in accumulators.indices { accumulators[index].add(trial, cell: cell) }
    }

    /// Adds the trials `other` was fed (a collector made alike, fed the trials after this
    /// one's), as if they had been added here.
    mutating func merge(_ other: ParticipantCellCollector) {
        for index in accumulators.indices { accumulators[index].merge(other.accumulators[index]) }
    }

    /// One set of values per measure, in the order given.
    func values(labels: [Int64: String]) -> [ParticipantCellValues] {
        accumulators.map { $0.values(labels: labels) }
    }
}

/// One measure's running sums per participant and cell, fed one trial at a time.
private struct CellValueAccumulator {
    struct Sums {
        var count = 0
        var sum = 0.0
        var values: [Double] = []
        /// Whether a trial of the cell arrived, with a usable value or not.
        var seen = false
    }

    let measure: Measure
    let aggregate: Aggregate
    let scheme: CellScheme
    let keepValues: Bool
    var participantIndex: [Int64: Int] = [:]
    var sums: [[Sums]] = []
    var unusable = 0
    // Runs of one participant are the rule: the last lookup is remembered.
    var lastParticipantID: Int64?
    var lastParticipant = 0

    init(measure: Measure, aggregate: Aggregate, scheme: CellScheme) {
        self.measure = measure
        self.aggregate = aggregate
        self.scheme = scheme
        keepValues = aggregate == .median
    }

    mutating func add(_ trial: StoredTrial, cell: Int) {
        let participant = index(of: trial.participantID)
        sums[participant][cell].seen = true
        guard var value = measure.value(of: trial), value.isFinite else {
            unusable += 1
            return
        }
        if aggregate == .geomean {
            guard value > 0 else {
                unusable += 1
                return
            }
            value = Foundation.log(value)
        }
        sums[participant][cell].count += 1
        sums[participant][cell].sum += value
        if keepValues { sums[participant][cell].values.append(value) }
    }

    /// The row of participant `id`, made when it first appears.
    private mutating func index(of id: Int64) -> Int {
        let participant: Int
        if id == lastParticipantID {
            participant = lastParticipant
        } else if let known = participantIndex[id] {
            participant = known
        } else {
            participant = sums.count
            participantIndex[id] = participant
            sums.append(Array(repeating: Sums(), count: scheme.cells.count))
        }
        lastParticipantID = id
        lastParticipant = participant
        return participant
    }

    /// Adds the trials `other` was fed after this one's: a participant's values stay in
    /// storage order.
    mutating func merge(_ other: CellValueAccumulator) {
        unusable += other.unusable
        for (id, theirs) in other.participantIndex.sorted(by: { $0.value < $1.value }) {
            let participant: Int
            if let known = participantIndex[id] {
                participant = known
            } else {
                participant = sums.count
                participantIndex[id] = participant
                sums.append(Array(repeating: Sums(), count: scheme.cells.count))
            }
            for cell in sums[participant].indices {
                let added = other.sums[theirs][cell]
                sums[participant][cell].count += added.count
                sums[participant][cell].sum += added.sum
                sums[participant][cell].values += added.values
                sums[participant][cell].seen = sums[participant][cell].seen || added.seen
            }
        }
        lastParticipantID = nil
    }

    /// The values per participant (sorted by label) and cell.
    func values(labels: [Int64: String]) -> ParticipantCellValues {
        let labelled = participantIndex.map { (label: labels[$0.key] ?? "\($0.key)", index: $0.value) }
            .sorted { naturalOrder($0.label, $1.label) }
        var values: [[Double?]] = []
        var trials: [[Int]] = []
        var present: [[Bool]] = []
        var participants: [String] = []
        // A participant without a usable value anywhere has no row.
        for (label, index) in labelled where sums[index].contains(where: { $0.count > 0 }) {
            let row = sums[index]
            participants.append(label)
            present.append(row.map(\.seen))
            trials.append(row.map(\.count))
            values.append(
                row.map { sums in
                    guard sums.count > 0 else { return nil }
                    if keepValues { return (try? Descriptives.quantile(sums.values, 0.5)) }
                    return sums.sum / Double(sums.count)
                })
        }
        var result = ParticipantCellValues(
            scheme: scheme, participants: participants, values: values, trials: trials, unusable: unusable)
        result.present = present
        return result
    }
}

extension ParticipantCellValues {
    /// The cells at one level of the first factor, as a scheme over the other factors;
    /// participants without a value there are left out.
    func restricted(toFirstFactorLevel level: String) -> ParticipantCellValues {
        let columns = scheme.cells.indices.filter { scheme.cells[$0][0] == level }
        let sub = CellScheme(
            factors: Array(scheme.factors.dropFirst()), cells: columns.map { Array(scheme.cells[$0].dropFirst()) })
        var result = ParticipantCellValues(scheme: sub, participants: [], values: [], trials: [], unusable: 0)
        for (index, participant) in participants.enumerated() {
            let row = columns.map { values[index][$0] }
            guard row.contains(where: { $0 != nil }) else { continue }
            result.participants.append(participant)
            result.values.append(row)
            result.trials.append(columns.map { trials[index][$0] })
            if let present { result.present = (result.present ?? []) + [columns.map { present[index][$0] }] }
        }
        return result
    }
}

extension Measure {
    /// The trial fields ``value(of:)`` reads, so that a read fetches only those.
    var trialFields: TrialFields {
        switch self {
        case .time: .time
        case .error: .hit
        case .score, .throughput, .item: []
        case .logged, .phrase: .logged
        case .column(let column):
            switch column {
            case .errors: .errors
            case .targetWidth, .targetHeight: .targetSize
            case .targetX, .targetY: .target
            case .touchX, .touchY: .touch
            case .offsetX, .offsetY: [.target, .touch]
            }
        }
    }
}
