/// The identity of a trial within a study: rows sharing it are successive attempts.
struct TrialKey: Hashable {
    var participant: Int64
    var condition: Int64
    /// `Int64.min` stands for a missing block, which counts as one block of its own.
    var block: Int64
    var trial: Int64

    /// The key of a row, or nil for a row without a trial number (always attempt 1).
    init?(participant: Int64, condition: Int64, block: Int?, trial: Int?) {
        guard let trial else { return nil }
        self.participant = participant
        self.condition = condition
        self.block = block.map(Int64.init) ?? Int64.min
        self.trial = Int64(trial)
    }

    init(participant: Int64, condition: Int64, block: Int64?, trial: Int64) {
        self.participant = participant
        self.condition = condition
        self.block = block ?? Int64.min
        self.trial = trial
    }
}
