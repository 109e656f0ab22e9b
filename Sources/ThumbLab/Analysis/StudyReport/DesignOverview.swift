/// The dataset and design a report opens with: participants, factors with their levels
/// and kind, trials and attempts per cell, blocks, empty cells and rejected rows.
public struct DesignOverview: Sendable, Equatable {
    /// The factors trials are recorded under, with their levels and `within`/`between`.
    public var factors: [(name: String, levels: [String], kind: String)]
    /// Participant labels, in natural order.
    public var participants: [String]
    /// Per cell of all trial factors: trials (first attempts) and attempts (rows).
    public var cells: [(levels: [String], participants: Int, trials: Int, attempts: Int)]
    /// Blocks present in the selection, ascending; block 0 is the practice block by convention.
    public var blocks: [Int]
    /// Participant and cell pairs without any trial.
    public var emptyCells: [(participant: String, cell: String)]
    /// Rows that imports skipping invalid rows left out, over the study's batches.
    public var rejectedRows: Int

    public static func == (a: DesignOverview, b: DesignOverview) -> Bool {
        a.factors.map(\.name) == b.factors.map(\.name) && a.factors.map(\.levels) == b.factors.map(\.levels)
            && a.factors.map(\.kind) == b.factors.map(\.kind) && a.participants == b.participants
            && a.cells.map(\.levels) == b.cells.map(\.levels) && a.cells.map(\.trials) == b.cells.map(\.trials)
            && a.cells.map(\.attempts) == b.cells.map(\.attempts) && a.blocks == b.blocks
            && a.emptyCells.map(\.participant) == b.emptyCells.map(\.participant)
            && a.emptyCells.map(\.cell) == b.emptyCells.map(\.cell) && a.rejectedRows == b.rejectedRows
    }
}

extension Study {
    /// Reads the design of the selected trials in one pass over every attempt (in two halves
    /// on two threads from ``twoReadersFrom`` trials on), reading only their blocks and
    /// attempt numbers.
    func designOverview(_ resolved: ResolvedSelection, rejectedRows: Int) throws -> DesignOverview {
        var query = resolved.trialQuery
        query.attempts = .all
        let tally = try database.readSplit(
            query, minimumTrials: twoReadersFrom, start: try DesignTally(resolved),
            read: { query, database, tally in
                try database.forEachTrial(query, fields: DesignTally.fields) { tally.add($0) }
            },
            merge: { $0.merge($1) })
        return designOverview(resolved, tally: tally, rejectedRows: rejectedRows)
    }

    /// The design of the selected trials from `tally`, fed every attempt of them.
    func designOverview(_ resolved: ResolvedSelection, tally: DesignTally, rejectedRows: Int) -> DesignOverview {
        let layout = resolved.layout
        let trialFactors = layout.trialFactors
        let scheme = tally.scheme
        let counts = tally.countsByParticipant()
        let blocks = tally.blocks
        let labels = layout.participants
        let participants = counts.keys.sorted { naturalOrder(labels[$0] ?? "", labels[$1] ?? "") }
        var factors: [(String, [String], String)] = []
        for (position, name) in trialFactors.enumerated() {
            let levelsSeen = participants.map { id in
                Set((counts[id] ?? [:]).keys.map { scheme.cells[$0][position] }).count
            }
            let kind =
                levelsSeen.allSatisfy { $0 > 1 } ? "within" : levelsSeen.allSatisfy { $0 == 1 } ? "between" : "mixed"
            factors.append((name, scheme.levels(ofFactor: position), kind))
        }
        let cells = scheme.cells.indices.map { cell in
            let values = participants.compactMap { counts[$0]?[cell] }
            return (
                scheme.cells[cell], values.count, values.reduce(0) { $0 + $1.trials },
                values.reduce(0) { $0 + $1.attempts }
            )
        }
        var empty: [(String, String)] = []
        let betweenPositions = factors.indices.filter { factors[$0].2 == "between" }
        for id in participants {
            let own = counts[id] ?? [:]
            let group = own.keys.first.map { cell in betweenPositions.map { scheme.cells[cell][$0] } } ?? []
            for cell in scheme.cells.indices
            where own[cell] == nil && betweenPositions.map({ scheme.cells[cell][$0] }) == group {
                empty.append((labels[id] ?? "\(id)", scheme.name(cell)))
            }
        }
        return DesignOverview(
            factors: factors, participants: participants.map { labels[$0] ?? "\($0)" }, cells: cells,
            blocks: blocks.sorted(), emptyCells: empty, rejectedRows: rejectedRows)
    }
}

/// The trials (first attempts) and attempts of each participant and cell of every trial
/// factor, and the blocks, fed one attempt at a time.
struct DesignTally {
    /// The columns ``add(_:)`` reads.
    static let fields: TrialFields = .numbers
    let scheme: CellScheme
    private(set) var blocks: Set<Int> = []
    // Per participant and cell, in one flat array: `tallies[index * cellCount + cell]` for
    // the participant numbered `index` in `participantNumbers`. Trials arrive in storage order,
    // where runs of one participant, condition and block are the rule: the last lookup
    // of each is remembered, sparing a hash per trial.
    private var participantNumbers = FirstAppearanceNumbers<Int64>()
    private var tallies: [(trials: Int, attempts: Int)] = []
    private var lastBlock: Int?
    private var lastCondition: Int64?
    private var lastCell: Int?

    /// A tally over the cells of every trial factor of `resolved`.
    init(_ resolved: ResolvedSelection) throws {
        scheme = try CellScheme(factors: resolved.layout.trialFactors, selection: resolved)
    }

    mutating func add(_ trial: StoredTrial) {
        if let block = trial.block, block != lastBlock {
            lastBlock = block
            blocks.insert(block)
        }
        if trial.conditionID != lastCondition {
            lastCondition = trial.conditionID
            lastCell = scheme.cell(ofCondition: trial.conditionID)
        }
        guard let cell = lastCell else { return }
        let slot = self.slot(participant: trial.participantID) + cell
        tallies[slot].attempts += 1
        if trial.attempt == 1 { tallies[slot].trials += 1 }
    }

    /// Adds the trials `other` was fed after this one's.
    mutating func merge(_ other: DesignTally) {
        blocks.formUnion(other.blocks)
        for (index, id) in other.participantNumbers.values.enumerated() {
            let first = slot(participant: id)
            for cell in scheme.cells.indices {
                let added = other.tallies[index * scheme.cells.count + cell]
                tallies[first + cell].trials += added.trials
                tallies[first + cell].attempts += added.attempts
            }
        }
    }

    /// The first slot of `participant`'s cells in `tallies`, made on their first appearance.
    private mutating func slot(participant: Int64) -> Int {
        let cellCount = scheme.cells.count
        let number = participantNumbers.number(of: participant)
        if number.isNew { tallies.append(contentsOf: repeatElement((trials: 0, attempts: 0), count: cellCount)) }
        return number.number * cellCount
    }

    /// Per participant, the counts of each cell with an attempt.
    func countsByParticipant() -> [Int64: [Int: (trials: Int, attempts: Int)]] {
        let cellCount = scheme.cells.count
        var counts: [Int64: [Int: (trials: Int, attempts: Int)]] = [:]
        for (index, id) in participantNumbers.values.enumerated() {
            for cell in 0..<cellCount where tallies[index * cellCount + cell].attempts > 0 {
                counts[id, default: [:]][cell] = tallies[index * cellCount + cell]
            }
        }
        return counts
    }
}
