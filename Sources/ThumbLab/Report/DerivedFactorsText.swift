/// What `thumblab factor add` did, in words or as JSON.
public enum DerivedFactorsText {
    /// `Batch 5: factors column, row derived from location, handed (mapping.csv).`, then
    /// a line for each kind of row given them and for rows left without them.
    public static func text(_ summary: DerivedFactorsSummary) -> String {
        let batch = summary.batch
        var lines = [
            "Batch \(batch.id): \(summary.factors.count == 1 ? "factor" : "factors") "
                + "\(summary.factors.joined(separator: ", ")) derived from "
                + "\(summary.keys.map(\.name).joined(separator: ", ")) (\(batch.source), study '\(batch.study)')."
        ]
        var given = [RowKind.trials.counted(summary.trials)]
        if summary.touches > 0 { given.append(RowKind.touches.counted(summary.touches)) }
        if summary.responses > 0 { given.append(RowKind.responses.counted(summary.responses)) }
        lines.append(SummaryLine.row("given to", given.joined(separator: ", ")))
        if summary.withoutKeyValue > 0 {
            lines.append(
                SummaryLine.row(
                    "missing", "\(summary.withoutKeyValue) rows have no value for a key: their new factors are missing"))
        }
        if summary.withoutKeyFactor > 0 {
            lines.append(
                SummaryLine.row(
                    "unchanged", "\(summary.withoutKeyFactor) rows of conditions without a key factor are left as they were"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The batch as ``BatchTable/json(_:)`` gives it, with the factors, keys and counts.
    public static func json(_ summary: DerivedFactorsSummary) -> JSONValue {
        guard case .object(var fields) = BatchTable.json(summary.batch) else { return BatchTable.json(summary.batch) }
        fields += [
            ("factors", .array(summary.factors.map(JSONValue.string))),
            (
                "keys",
                .array(
                    summary.keys.map { key in
                        let kind =
                            switch key {
                            case .factor: "factor"
                            case .attribute: "attribute"
                            case .participant: "participant"
                            }
                        return .object([("name", .string(key.name)), ("kind", .string(kind))])
                    })
            ),
            ("trials", .int(summary.trials)), ("touches", .int(summary.touches)),
            ("responses", .int(summary.responses)), ("without_key_value", .int(summary.withoutKeyValue)),
            ("without_key_factor", .int(summary.withoutKeyFactor)),
        ]
        return .object(fields)
    }
}
