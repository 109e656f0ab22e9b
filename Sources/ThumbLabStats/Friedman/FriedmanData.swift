import Foundation

/// Complete-block data for the Friedman family: one row per subject (block), one column per
/// condition (treatment).
///
/// Rows with a missing value (NaN) are removed listwise and reported, as pingouin's
/// `friedman` and R's `friedman.test` on complete cases do.
public struct FriedmanData: Sendable, Equatable {
    /// Condition names, one per column.
    public let conditions: [String]
    /// Subject names of the rows kept.
    public let subjects: [String]
    /// Subjects removed because a value was missing.
    public let subjectsDropped: [String]
    /// `values[i][j]`: subject `i`, condition `j`; complete and finite.
    public let values: [[Double]]
    /// Ranks within each row (average ties), `ranks[i][j]`.
    public let ranks: [[Double]]

    /// Number of subjects (blocks) kept.
    public var n: Int { values.count }
    /// Number of conditions.
    public var k: Int { conditions.count }

    /// Creates the table, dropping rows that contain NaN.
    ///
    /// - Parameters:
    ///   - conditions: two or more distinct condition names.
    ///   - values: one row per subject with one value per condition; NaN marks a missing value.
    ///   - subjects: subject names; defaults to "1", "2", … .
    /// - Throws: ``StatsError`` on rows of the wrong length, infinite values, fewer than two
    ///   conditions or fewer than two complete rows.
    public init(conditions: [String], values: [[Double]], subjects: [String]? = nil) throws {
        guard conditions.count >= 2 else {
            throw StatsError(
                .tooFewObservations, "The Friedman test needs at least two conditions; got \(conditions.count).")
        }
        guard Set(conditions).count == conditions.count else {
            throw StatsError(.invalidDesign, "Condition names must be distinct; got \(conditions).")
        }
        let names = subjects ?? values.indices.map { String($0 + 1) }
        guard names.count == values.count else {
            throw StatsError(.lengthMismatch, "\(names.count) subject names for \(values.count) rows.")
        }
        var kept: [[Double]] = []
        var keptNames: [String] = []
        var dropped: [String] = []
        for (row, subject) in zip(values, names) {
            guard row.count == conditions.count else {
                throw StatsError(
                    .lengthMismatch, "Subject \(subject) has \(row.count) values for \(conditions.count) conditions.")
            }
            if let bad = row.first(where: { $0.isInfinite }) {
                throw StatsError(.nonFinite, "Subject \(subject) has the infinite value \(bad).")
            }
            if row.contains(where: \.isNaN) {
                dropped.append(subject)
            } else {
                kept.append(row)
                keptNames.append(subject)
            }
        }
        guard kept.count >= 2 else {
            throw StatsError(
                .tooFewObservations,
                "The Friedman test needs at least two subjects with complete data; got \(kept.count) (\(dropped.count) dropped for missing values)."
            )
        }
        self.conditions = conditions
        self.subjects = keptNames
        self.subjectsDropped = dropped
        self.values = kept
        self.ranks = kept.map(RankingSupport.ranks)
    }

    /// Builds the table from long data: one (subject, condition, value) triple per
    /// observation. Conditions keep their order of first appearance; a subject without a
    /// value for some condition is dropped.
    ///
    /// - Throws: ``StatsError`` when a subject has two values for one condition, or as
    ///   ``init(conditions:values:subjects:)``.
    public init(long observations: [(subject: String, condition: String, value: Double)]) throws {
        var conditions: [String] = []
        var subjects: [String] = []
        var cells: [String: [String: Double]] = [:]
        for observation in observations {
            if !conditions.contains(observation.condition) { conditions.append(observation.condition) }
            if cells[observation.subject] == nil { subjects.append(observation.subject) }
            if cells[observation.subject]?[observation.condition] != nil {
                throw StatsError(
                    .invalidDesign,
                    "Subject \(observation.subject) has more than one value for condition \(observation.condition); aggregate to one value per subject and condition first."
                )
            }
            cells[observation.subject, default: [:]][observation.condition] = observation.value
        }
        let rows = subjects.map { subject in conditions.map { cells[subject]?[$0] ?? .nan } }
        try self.init(conditions: conditions, values: rows, subjects: subjects)
    }

    /// Rank sums per condition, `R_j = Σ_i r_ij`.
    public var rankSums: [Double] {
        (0..<k).map { column in ranks.reduce(0) { $0 + $1[column] } }
    }

    /// `Σ_i Σ_t (t³ − t)` over the groups of tied values within each row.
    var tieSum: Double {
        values.reduce(0) { total, row in
            total + AverageRanks(row).tieCorrectionSum
        }
    }
}
