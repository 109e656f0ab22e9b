/// Holds each participant's touches of the current trial until that trial's row arrives,
/// so that touches of a touch log are stored already linked to the trial derived from
/// them, without a second pass over the touch table.
///
/// A touch log lists a trial's events together and the importer adds the derived trial
/// right after them; a touch with another trial number closes the participant's group,
/// whose touches are then stored unlinked (linked later in SQL where their trial is
/// unique). Groups are capped, so memory stays flat.
struct TouchGroups {
    /// Touches held per participant at most; more are stored unlinked.
    static let maxGroupSize = 10_000

    private var open: [Int64: (key: TrialKey, rows: [TouchRow])] = [:]
    /// Touches held now.
    private(set) var waiting = 0
    /// Touches with a trial number stored without a link.
    private(set) var unlinked = 0

    /// Takes a touch with a trial number; stores whatever it closes through `store`.
    mutating func add(_ row: TouchRow, key: TrialKey, store: (TouchRow) throws -> Void) throws {
        if let group = open[row.participant], group.key == key, group.rows.count < Self.maxGroupSize {
            open[row.participant]?.rows.append(row)
        } else {
            try close(participant: row.participant, trialID: nil, store: store)
            open[row.participant] = (key, [row])
        }
        waiting += 1
    }

    /// A trial row is about to be stored with `id`: the participant's touches with the
    /// same key are stored linked to it.
    mutating func trialArrives(key: TrialKey, id: Int64, store: (TouchRow) throws -> Void) throws {
        guard !open.isEmpty, open[key.participant]?.key == key else { return }
        try close(participant: key.participant, trialID: id, store: store)
    }

    /// Stores every held touch, unlinked.
    mutating func closeAll(store: (TouchRow) throws -> Void) throws {
        for participant in Array(open.keys) {
            try close(participant: participant, trialID: nil, store: store)
        }
    }

    private mutating func close(participant: Int64, trialID: Int64?, store: (TouchRow) throws -> Void) throws {
        guard let group = open.removeValue(forKey: participant) else { return }
        waiting -= group.rows.count
        if trialID == nil { unlinked += group.rows.count }
        for var row in group.rows {
            row.trialID = trialID
            try store(row)
        }
    }
}
