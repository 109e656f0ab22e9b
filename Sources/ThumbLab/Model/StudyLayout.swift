/// The shape of one study as the database holds it: its factors and levels, its
/// conditions (level combinations), participants, blocks and the devices its imports
/// ran on. Small (no trial data); analyses read it once and then stream rows.
public struct StudyLayout: Sendable, Equatable {
    /// The study's name.
    public var study: String
    /// The study's factors in the order they were first imported, each with its levels
    /// in the order they first appeared.
    public var factors: [FactorLevels]
    /// Condition id → the level of each factor of ``factors`` (same order); `nil` where
    /// the condition does not name that factor (a questionnaire file that records only
    /// the technique, for example).
    public var conditions: [Int64: [String?]]
    /// Participant id → label.
    public var participants: [Int64: String]
    /// The distinct block numbers of the study's trials, ascending (empty when the layout
    /// was read without them).
    public var blocks: [Int]
    /// Batch id → the device it was recorded on, for batches that named one.
    public var batchDevices: [Int64: Device]
    /// The conditions questionnaire answers were recorded under.
    public var answerConditions: Set<Int64>
    /// Condition id → the indices (in ``factors``) of the factors the condition names
    /// without a value: rows whose file has the factor but left it empty or out. Those
    /// entries of ``conditions`` are `nil`; level filters never match them.
    public var missingLevels: [Int64: Set<Int>]
    /// The conditions and blocks that hold trials derived from touch events, with the
    /// model that timed them (`batch.trial_time`); trials a trial log covered are not
    /// among them.
    public var derivedTrialCells: Set<DerivedTrialCell>

    /// How the study's trials derived from touch events were timed: the models of
    /// ``derivedTrialCells``, in ``TrialTimeModel`` order; empty when no such trial is left.
    public var trialTiming: [TrialTimeModel] { Set(derivedTrialCells.map(\.model)).sorted() }

    /// Creates a layout from its parts, as ``StudyDatabase`` reads it.
    package init(
        study: String, factors: [FactorLevels], conditions: [Int64: [String?]],
        participants: [Int64: String], blocks: [Int], batchDevices: [Int64: Device],
        answerConditions: Set<Int64> = [], missingLevels: [Int64: Set<Int>] = [:],
        derivedTrialCells: Set<DerivedTrialCell> = []
    ) {
        self.derivedTrialCells = derivedTrialCells
        self.study = study
        self.factors = factors
        self.conditions = conditions
        self.participants = participants
        self.blocks = blocks
        self.batchDevices = batchDevices
        self.answerConditions = answerConditions
        self.missingLevels = missingLevels
    }

    /// The factors trials are recorded under: those every condition without questionnaire
    /// answers names, with a level or a missing value (answers often record fewer factors,
    /// such as the technique alone).
    public var trialFactors: [String] {
        let trialConditions = conditions.filter { !answerConditions.contains($0.key) }
        return factors.indices.filter { index in
            trialConditions.allSatisfy { id, levels in
                levels[index] != nil || missingLevels[id]?.contains(index) == true
            }
        }
        .map { factors[$0].name }
    }

    /// Whether condition `id` names factor `index` with a missing value.
    public func isMissing(condition id: Int64, factor index: Int) -> Bool {
        missingLevels[id]?.contains(index) == true
    }

    /// The index of the factor named `name` in ``factors``.
    public func factorIndex(_ name: String) -> Int? {
        factors.firstIndex { $0.name == name }
    }
}

/// Which attempts of a repeated trial count: loggers repeat a missed trial under the
/// same number until it is hit, and each repetition is stored as one attempt.
public enum AttemptPolicy: String, CaseIterable, Sendable, Codable {
    /// A trial's first attempt: its time, and a miss when the first attempt missed.
    case first
    /// A trial's last attempt.
    case last
    /// Every attempt as a trial of its own.
    case all
}

extension StudyLayout {
    /// A condition's place in the study's order: each level's index among its factor's
    /// levels (past the last for a missing or unknown level), for sorting conditions.
    func levelRanks(_ levels: [String?]) -> [Int] {
        zip(factors.map(\.levels), levels).map { known, level in
            level.flatMap { known.firstIndex(of: $0) } ?? known.count
        }
    }
}
