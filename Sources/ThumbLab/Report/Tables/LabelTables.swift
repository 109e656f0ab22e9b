/// A study's display labels as a table for `thumblab label show` and as the `labels`
/// object of every report's JSON (<doc:JSONContract>).
public enum LabelTables {
    /// `{factors: {raw: label}, levels: {factor: {raw: label}}}`: only the labels stored
    /// in the study database, keys in alphabetical order; factors without a label are
    /// shown by their name in words, which JSON leaves to the reader.
    public static func json(_ names: DisplayNames) -> JSONValue {
        .object([
            ("factors", .object(names.factorLabels.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })),
            (
                "levels",
                .object(
                    names.levelLabels.sorted { $0.key < $1.key }.map { factor, levels in
                        (factor, .object(levels.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }))
                    })
            ),
        ])
    }

    /// One row per factor (its `level` empty) followed by one per level of it, in the
    /// study's order: the raw `factor` and `level`, the stored `label` (empty without
    /// one) and how readers see it, `shown`.
    public static func table(_ names: DisplayNames, factors: [FactorLevels]) -> ResultTable {
        var table = ResultTable(columns: ["factor", "level", "label", "shown"])
        for factor in factors {
            let label = names.factorLabels[factor.name]
            table.rows.append([
                .string(factor.name), .null, label.map(JSONValue.string) ?? .null, .string(names.factor(factor.name)),
            ])
            for level in factor.levels {
                let label = names.levelLabels[factor.name]?[level]
                table.rows.append([
                    .string(factor.name), .string(level), label.map(JSONValue.string) ?? .null,
                    .string(names.level(level, of: factor.name)),
                ])
            }
        }
        return table
    }
}
