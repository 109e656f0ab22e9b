import Foundation

/// Long-format data checked for the Aligned Rank Transform: every observation has a level
/// of every factor, each subject belongs to one between-subjects cell, and (for within
/// factors) has exactly one value per within cell. Subjects missing a within cell are
/// removed before alignment (listwise deletion, as the repeated-measures ANOVA does) and
/// reported.
struct ARTInput: Sendable {
    var subjects: [String]
    var levels: [[String: String]]
    var values: [Double]
    /// Between-subjects factors, then within-subjects factors.
    var factors: [String]
    var between: [String]
    var within: [String]
    /// Subjects kept, in order of first appearance.
    var subjectsUsed: [String]
    /// Subjects removed because a within cell had no value.
    var subjectsDropped: [String]

    init(subjects: [String], levels: [[String: String]], values: [Double], between: [String], within: [String]) throws {
        let factors = between + within
        guard !factors.isEmpty else {
            throw StatsError(.invalidDesign, "The Aligned Rank Transform needs at least one factor.")
        }
        guard Set(factors).count == factors.count else {
            throw StatsError(.invalidDesign, "A factor is listed twice in the design: \(factors).")
        }
        for (row, assignment) in levels.enumerated() {
            for factor in factors where assignment[factor] == nil {
                throw StatsError(
                    .invalidDesign,
                    "Observation \(row + 1) (subject \(subjects[row])) has no level for factor \(factor).")
            }
        }
        if let row = values.firstIndex(where: { !$0.isFinite }) {
            throw StatsError(
                .nonFinite, "Observation \(row + 1) (subject \(subjects[row])) has the non-finite value \(values[row])."
            )
        }
        var order: [String] = []
        var rowsOf: [String: [Int]] = [:]
        for (row, subject) in subjects.enumerated() {
            if rowsOf[subject] == nil { order.append(subject) }
            rowsOf[subject, default: []].append(row)
        }
        try Self.checkBetweenGroups(rowsOf: rowsOf, order: order, levels: levels, between: between)
        var keep = Array(levels.indices)
        var dropped: [String] = []
        if within.isEmpty {
            if let repeated = order.first(where: { rowsOf[$0]!.count > 1 }) {
                throw StatsError(
                    .invalidDesign,
                    "Subject \(repeated) has \(rowsOf[repeated]!.count) observations in a between-subjects design; give each observation its own subject id or aggregate first."
                )
            }
        } else {
            let cells = Set(levels.map { assignment in within.map { assignment[$0]! } })
            var kept: [Int] = []
            for subject in order {
                let rows = rowsOf[subject]!
                let seen = rows.map { row in within.map { levels[row][$0]! } }
                if Set(seen).count != seen.count {
                    throw StatsError(
                        .invalidDesign,
                        "Subject \(subject) has more than one value in a within-subjects cell; aggregate to one value per subject and cell first."
                    )
                }
                if Set(seen) == cells { kept += rows } else { dropped.append(subject) }
            }
            keep = kept.sorted()
        }
        self.subjects = keep.map { subjects[$0] }
        self.levels = keep.map { levels[$0] }
        self.values = keep.map { values[$0] }
        self.factors = factors
        self.between = between
        self.within = within
        self.subjectsUsed = order.filter { !dropped.contains($0) }
        self.subjectsDropped = dropped
        guard subjectsUsed.count >= 2 else {
            throw StatsError(.tooFewObservations, "Only \(subjectsUsed.count) subject(s) with complete data remain.")
        }
    }

    private static func checkBetweenGroups(
        rowsOf: [String: [Int]], order: [String], levels: [[String: String]], between: [String]
    ) throws {
        for subject in order {
            let rows = rowsOf[subject]!
            for factor in between {
                let seen = Set(rows.map { levels[$0][factor]! })
                if seen.count > 1 {
                    throw StatsError(
                        .invalidDesign,
                        "Subject \(subject) appears in levels \(seen.sorted().joined(separator: " and ")) of the between-subjects factor \(factor); a subject belongs to one group."
                    )
                }
            }
        }
    }
}
