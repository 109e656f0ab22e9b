/// A trial on its way from the reading thread to the writer: its participant and its
/// levels are numbers the reader gave them in order of first appearance (``ReaderNames``),
/// so a batch of them is one block of plain memory.
struct IndexedTrial: Sendable {
    var participant: Int32
    var condition: Int32
    var values: TrialValues
}

/// The participants' labels and the level combinations the reading thread has numbered,
/// in the order it numbered them: index *i* of ``IndexedTrial/participant`` is
/// `participants[i]`.
struct ReaderNames: Sendable {
    var participants: [String] = []
    var levelSets: [[String?]] = []

    /// The full record of an indexed trial.
    func record(_ trial: IndexedTrial) -> TrialRecord {
        TrialRecord(
            participant: participants[Int(trial.participant)], levels: levelSets[Int(trial.condition)],
            values: trial.values)
    }
}
