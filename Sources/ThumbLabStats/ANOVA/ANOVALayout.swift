/// Long-format observations checked against a design and arranged as one row per
/// subject: the subject's between-subjects levels and its values in every within cell.
///
/// Levels keep the order of their first appearance in the data. Within cells are ordered
/// with the first within factor varying slowest. Subjects with an empty within cell are
/// removed (listwise deletion) and listed in ``dropped``.
struct ANOVALayout: Sendable {
    let design: ANOVADesign
    /// Levels of each between factor, in design order.
    let betweenLevels: [[String]]
    /// Levels of each within factor, in design order.
    let withinLevels: [[String]]
    /// Subjects kept, in order of first appearance.
    let subjects: [String]
    /// Subjects removed because a within cell had no value, in order of first appearance.
    let dropped: [String]
    /// For each kept subject, the level index of each between factor.
    let betweenIndices: [[Int]]
    /// Kept subjects × within cells.
    let values: Matrix

    /// The number of within cells (1 without within factors).
    var cellCount: Int { values.columns }

    init(_ data: [ANOVAObservation], design: ANOVADesign) throws {
        try Self.validate(design)
        guard !data.isEmpty else {
            throw StatsError(.tooFewObservations, "The ANOVA received no observations.")
        }
        self.design = design
        for (index, observation) in data.enumerated() {
            guard observation.value.isFinite else {
                throw StatsError(
                    .nonFinite,
                    "Observation \(index + 1) (subject \(observation.subject)) has the value \(observation.value); remove it or give a finite value."
                )
            }
            for factor in design.factors where observation.levels[factor] == nil {
                throw StatsError(
                    .invalidDesign,
                    "Observation \(index + 1) (subject \(observation.subject)) has no level for factor \(factor).")
            }
        }
        let betweenLevels = design.between.map { factor in Self.levels(of: factor, in: data) }
        let withinLevels = design.within.map { factor in Self.levels(of: factor, in: data) }
        for (factor, levels) in zip(design.factors, betweenLevels + withinLevels) where levels.count < 2 {
            throw StatsError(
                .invalidDesign,
                "Factor \(factor) has only one level (\(levels[0])); a factor needs at least two.")
        }
        self.betweenLevels = betweenLevels
        self.withinLevels = withinLevels

        let cellCount = withinLevels.reduce(1) { $0 * $1.count }
        let withinLookup = withinLevels.map { Dictionary(uniqueKeysWithValues: $0.enumerated().map { ($1, $0) }) }
        let betweenLookup = betweenLevels.map { Dictionary(uniqueKeysWithValues: $0.enumerated().map { ($1, $0) }) }

        var order: [String] = []
        var groups: [String: [Int]] = [:]
        var cells: [String: [Double?]] = [:]
        for observation in data {
            let subject = observation.subject
            let group = zip(design.between, betweenLookup).map { factor, lookup in
                lookup[observation.levels[factor]!]!
            }
            if let known = groups[subject] {
                if known != group {
                    throw StatsError(
                        .invalidDesign,
                        "Subject \(subject) appears in two between-subjects groups (\(Self.describe(known, betweenLevels, design.between)) and \(Self.describe(group, betweenLevels, design.between))); each subject belongs to one group."
                    )
                }
            } else {
                groups[subject] = group
                order.append(subject)
                cells[subject] = Array(repeating: nil, count: cellCount)
            }
            var cell = 0
            for (factor, lookup) in zip(design.within, withinLookup) {
                cell = cell * lookup.count + lookup[observation.levels[factor]!]!
            }
            if cells[subject]![cell] != nil {
                let location = design.within.isEmpty ? "" : " in cell \(Self.describeCell(observation, design.within))"
                throw StatsError(
                    .invalidDesign,
                    "Subject \(subject) has two values\(location); aggregate to one value per subject and cell first.")
            }
            cells[subject]![cell] = observation.value
        }

        let complete = order.filter { subject in cells[subject]!.allSatisfy { $0 != nil } }
        dropped = order.filter { subject in cells[subject]!.contains { $0 == nil } }
        subjects = complete
        betweenIndices = complete.map { groups[$0]! }
        values = Matrix(rowArrays: complete.map { cells[$0]!.map { $0! } }, columns: cellCount)
        try checkCells()
    }

    /// Every between cell has a subject, and there are more subjects than between cells.
    private func checkCells() throws {
        let groupCount = betweenLevels.reduce(1) { $0 * $1.count }
        guard !subjects.isEmpty else {
            throw StatsError(
                .tooFewObservations,
                "No subject has a value in every within cell (\(dropped.count) removed); the ANOVA needs complete "
                    + "subjects. Check that each within factor (\(design.within.joined(separator: ", "))) was measured "
                    + "on every subject, or declare it between-subjects.")
        }
        var seen = Set<[Int]>()
        for group in betweenIndices { seen.insert(group) }
        if seen.count < groupCount {
            for group in Self.allCombinations(betweenLevels.map(\.count)) where !seen.contains(group) {
                throw StatsError(
                    .invalidDesign,
                    "The between-subjects cell \(Self.describe(group, betweenLevels, design.between)) has no data; every combination of between levels needs at least one subject."
                )
            }
        }
        guard subjects.count > groupCount else {
            throw StatsError(
                .tooFewObservations,
                "\(subjects.count) complete subjects for \(groupCount) between-subjects cells leave no error degrees of freedom."
            )
        }
    }

    private static func validate(_ design: ANOVADesign) throws {
        let factors = design.factors
        guard !factors.isEmpty else {
            throw StatsError(.invalidDesign, "The design names no factor.")
        }
        var seen = Set<String>()
        for factor in factors where !seen.insert(factor).inserted {
            throw StatsError(.invalidDesign, "Factor \(factor) is named twice in the design.")
        }
    }

    private static func levels(of factor: String, in data: [ANOVAObservation]) -> [String] {
        var seen = Set<String>()
        var levels: [String] = []
        for observation in data {
            let level = observation.levels[factor]!
            if seen.insert(level).inserted { levels.append(level) }
        }
        return levels
    }

    /// All index tuples of a grid with the given sizes, the first index varying slowest.
    static func allCombinations(_ sizes: [Int]) -> [[Int]] {
        sizes.reduce([[]]) { partial, size in
            partial.flatMap { prefix in (0..<size).map { prefix + [$0] } }
        }
    }

    private static func describe(_ group: [Int], _ levels: [[String]], _ factors: [String]) -> String {
        zip(factors, zip(group, levels)).map { factor, pair in "\(factor)=\(pair.1[pair.0])" }
            .joined(separator: ", ")
    }

    private static func describeCell(_ observation: ANOVAObservation, _ factors: [String]) -> String {
        factors.map { "\($0)=\(observation.levels[$0]!)" }.joined(separator: ", ")
    }
}
