/// A ``FactorMapping`` read against a study: which columns are keys, which are new
/// factors, and the new factors' levels by key.
///
/// A column naming a factor of the study is a key (exactly, else ignoring case); then one
/// naming a participant attribute; then `participant` (or another name the importer takes
/// for the participant column). Every other column is a new factor. Key values match a
/// level or attribute ignoring case, and numbers match by value (`1` is `1.0`).
struct MappingKeys {
    /// The key columns: their index in ``FactorMapping/columns`` and where their values come from.
    let keys: [(column: Int, source: MappingKeySource)]
    /// The new factors: their index in ``FactorMapping/columns`` and name.
    let newFactors: [(column: Int, name: String)]
    private let table: [[String]: [String?]]

    /// - Parameters:
    ///   - factors: the study's factor names.
    ///   - attributes: the participant attribute names of the study.
    ///   - derived: for each factor an earlier `factor add` derived, that batch's id.
    /// - Throws: ``ThumbLabError/invalidInput(problems:total:)`` when no column is a key or
    ///   none a new factor, a key value is empty, or a key repeats an earlier row's.
    init(_ mapping: FactorMapping, factors: [String], attributes: [String], derived: [String: Int64]) throws {
        var keys: [(Int, MappingKeySource)] = []
        var newFactors: [(Int, String)] = []
        for (index, column) in mapping.columns.enumerated() {
            if let factor = Self.match(column, in: factors) {
                keys.append((index, .factor(factor)))
            } else if let attribute = Self.match(column, in: attributes) {
                keys.append((index, .attribute(attribute)))
            } else if ImportField.participant.aliases(for: .trials).contains(ImportField.normalize(column)) {
                keys.append((index, .participant))
            } else {
                newFactors.append((index, column))
            }
        }
        let header = { (index: Int, message: String) in
            InputProblem(file: mapping.source, line: 1, column: mapping.filePositions[index], message: message)
        }
        if keys.isEmpty {
            let known = factors.isEmpty ? "none" : factors.joined(separator: ", ")
            throw FactorMapping.invalid([
                header(
                    0,
                    "expected a key column named after a factor (\(known)), a participant attribute"
                        + (attributes.isEmpty ? "" : " (\(attributes.joined(separator: ", ")))")
                        + " or participant, found none; name the key columns as the study does")
            ])
        }
        if newFactors.isEmpty {
            let again = keys.compactMap { key -> (name: String, batch: Int64)? in
                guard case .factor(let name) = key.1, let batch = derived[name] else { return nil }
                return (name, batch)
            }
            throw FactorMapping.invalid([
                header(
                    keys.last!.0,
                    "expected at least one column naming a new factor, found only keys"
                        + (again.isEmpty
                            ? "; add a column for each factor to derive"
                            : "; \(again.map(\.name).joined(separator: ", ")) "
                                + (again.count == 1 ? "was" : "were") + " derived already: undo "
                                + Set(again.map(\.batch)).sorted().map { "batch \($0)" }.joined(separator: " and ")
                                + " to derive again"))
            ])
        }
        var problems: [InputProblem] = []
        var table: [[String]: [String?]] = [:]
        var firstLine: [[String]: Int] = [:]
        for row in mapping.rows {
            var key: [String] = []
            for (column, source) in keys {
                guard let value = row.values[column] else {
                    problems.append(
                        InputProblem(
                            file: mapping.source, line: row.line, column: mapping.filePositions[column],
                            message: "expected a value of the key \(source.name), found nothing; "
                                + "give every row a value for each key column"))
                    continue
                }
                key.append(Self.normalized(value))
            }
            guard key.count == keys.count else { continue }
            if let earlier = firstLine[key] {
                problems.append(
                    InputProblem(
                        file: mapping.source, line: row.line, column: mapping.filePositions[keys[0].0],
                        message: "this row repeats the key of line \(earlier); keep one row per key"))
                continue
            }
            firstLine[key] = row.line
            table[key] = newFactors.map { row.values[$0.0] }
        }
        guard problems.isEmpty else { throw FactorMapping.invalid(problems) }
        self.keys = keys
        self.newFactors = newFactors
        self.table = table
    }

    /// A participant attribute as a factor of its own name: each value (by
    /// ``normalized(_:)``) is a level, spelt as most of `values` spell it.
    init(attribute name: String, values: [String]) {
        var spellings: [String: [String: Int]] = [:]
        for value in values { spellings[Self.normalized(value), default: [:]][value.trimmingSpaces, default: 0] += 1 }
        keys = [(0, .attribute(name))]
        newFactors = [(1, name)]
        table = Dictionary(
            uniqueKeysWithValues: spellings.map { key, counts in
                let spelling = counts.max { ($0.value, $1.key) < ($1.value, $0.key) }!.key
                return ([key], [spelling])
            })
    }

    /// The new factors' levels for a key (the keys' values in ``keys`` order; `nil` for an
    /// empty field), or `nil` when the table has no row for it.
    func levels(for values: [String]) -> [String?]? {
        table[values.map(Self.normalized)]
    }

    /// A value as keys compare it: a number by its value, a text without case.
    static func normalized(_ value: String) -> String {
        let trimmed = value.trimmingSpaces
        if let number = Double(trimmed), number.isFinite { return "\(number + 0)" }
        return trimmed.lowercased()
    }

    /// `name` among `names`: exactly, else the one name equal ignoring case.
    private static func match(_ name: String, in names: [String]) -> String? {
        if names.contains(name) { return name }
        let folded = names.filter { $0.lowercased() == name.lowercased() }
        return folded.count == 1 ? folded[0] : nil
    }
}
