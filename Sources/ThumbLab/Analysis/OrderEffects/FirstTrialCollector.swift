/// Per scheme (each of one factor), per participant and level, the first (block, trial) at
/// which the level appears, fed one trial at a time. Trials are numbered in storage order,
/// which seldom goes back: the participant and condition of the last trial are remembered,
/// and a trial is compared with the first known only.
struct FirstTrialCollector {
    /// The columns ``add(_:)`` reads.
    static let fields: TrialFields = .numbers
    let schemes: [CellScheme]
    // `firsts[scheme][number * cells + cell]` for the participant numbered `number` in
    // `participantNumbers`; `nil` until the level appears.
    private var participantNumbers = FirstAppearanceNumbers<Int64>()
    private var firsts: [[FirstTrial?]]
    private var lastCondition: Int64?
    private var cellsOfCondition: [Int?] = []
    private var lastParticipant: Int64?
    private var participantNumber = 0

    init(schemes: [CellScheme]) {
        self.schemes = schemes
        firsts = Array(repeating: [], count: schemes.count)
    }

    mutating func add(_ trial: StoredTrial) {
        if trial.participantID != lastParticipant {
            lastParticipant = trial.participantID
            participantNumber = number(of: trial.participantID)
        }
        if trial.conditionID != lastCondition {
            lastCondition = trial.conditionID
            cellsOfCondition = schemes.map { $0.cell(ofCondition: trial.conditionID) }
        }
        let here = FirstTrial(block: trial.block, trial: trial.trial)
        for index in schemes.indices {
            guard let cell = cellsOfCondition[index] else { continue }
            let slot = participantNumber * schemes[index].cells.count + cell
            if let seen = firsts[index][slot], seen <= here { continue }
            firsts[index][slot] = here
        }
    }

    /// Adds the trials `other` was fed; the earlier of two firsts is kept, so the order of
    /// the feeds does not matter.
    mutating func merge(_ other: FirstTrialCollector) {
        for (otherNumber, id) in other.participantNumbers.values.enumerated() {
            let mine = number(of: id)
            for index in schemes.indices {
                let cells = schemes[index].cells.count
                for cell in 0..<cells {
                    guard let theirs = other.firsts[index][otherNumber * cells + cell] else { continue }
                    if let seen = firsts[index][mine * cells + cell], seen <= theirs { continue }
                    firsts[index][mine * cells + cell] = theirs
                }
            }
        }
        lastParticipant = nil
    }

    /// Per scheme, per participant label (`labels`, or the id where it has none) and level,
    /// the level's first trial.
    func firstTrials(labels: [Int64: String]) -> [[String: [String: FirstTrial]]] {
        schemes.indices.map { index in
            let scheme = schemes[index]
            var result: [String: [String: FirstTrial]] = [:]
            for (number, id) in participantNumbers.values.enumerated() {
                var levels: [String: FirstTrial] = [:]
                for cell in scheme.cells.indices {
                    if let first = firsts[index][number * scheme.cells.count + cell] {
                        levels[scheme.cells[cell][0]] = first
                    }
                }
                if !levels.isEmpty { result[labels[id] ?? "\(id)"] = levels }
            }
            return result
        }
    }

    /// The number of participant `id`, its slots made on its first appearance.
    private mutating func number(of id: Int64) -> Int {
        let number = participantNumbers.number(of: id)
        if number.isNew {
            for index in schemes.indices {
                firsts[index].append(contentsOf: repeatElement(nil, count: schemes[index].cells.count))
            }
        }
        return number.number
    }
}
