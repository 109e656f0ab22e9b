/// Finds or creates the condition (level combination) of a row's factor levels, keeping
/// the ids it has seen in memory so that each combination costs one lookup per import.
///
/// A condition is identified by its set of level ids: `condition.key` holds them sorted
/// and comma-separated, so the same combination reached from files that list their
/// factors in another order is one condition. A factor whose value is missing has no
/// level: it is linked with a NULL `level_id` and enters the key as its negated factor id.
struct ConditionCache {
    private let studyID: Int64
    private var conditionIDs: [[String?]: Int64] = [:]
    private var levelIDs: [LevelKey: Int64] = [:]
    private var last: (levels: [String?], id: Int64)?

    private struct LevelKey: Hashable {
        var factorID: Int64
        var name: String
    }

    init(studyID: Int64) {
        self.studyID = studyID
    }

    /// The id of the previous row's condition when `levels` repeat it: the common case
    /// in logs, which list a condition's trials together.
    func lastID(for levels: [String?]) -> Int64? {
        guard let last, last.levels == levels else { return nil }
        return last.id
    }

    /// The id of the condition with these levels (one per factor, in the order of
    /// `factorIDs`; `nil` for a missing value), created with its levels when new.
    mutating func id(
        for levels: [String?], factorIDs: [Int64], factorNames: [String], in database: StudyDatabase
    ) throws -> Int64 {
        if let id = conditionIDs[levels] {
            last = (levels, id)
            return id
        }
        var levelIDsOfRow: [Int64?] = []
        for (factorID, name) in zip(factorIDs, levels) {
            guard let name else {
                levelIDsOfRow.append(nil)
                continue
            }
            let key = LevelKey(factorID: factorID, name: name)
            if let id = levelIDs[key] {
                levelIDsOfRow.append(id)
            } else {
                let id = try database.ensureLevel(named: name, factorID: factorID)
                levelIDs[key] = id
                levelIDsOfRow.append(id)
            }
        }
        let key = StudyDatabase.conditionKey(zip(factorIDs, levelIDsOfRow).map { ($0, $1) })
        let label = zip(factorNames, levels).map { "\($0)=\($1 ?? FactorLevels.missingLabel)" }.joined(separator: "; ")
        let id = try database.ensureCondition(
            key: key, label: label, studyID: studyID,
            levels: Array(zip(factorIDs, levelIDsOfRow)))
        conditionIDs[levels] = id
        last = (levels, id)
        return id
    }
}
