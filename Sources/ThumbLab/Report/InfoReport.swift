/// What a study database holds, in words: its counts and each study's factors.
public enum InfoReport {
    /// The count names, in the order they print; the JSON keys scripts rely on.
    static func counts(_ info: DatabaseInfo) -> [(String, Int)] {
        [
            ("studies", info.studies), ("participants", info.participants), ("trials", info.trials),
            ("phrases", info.phrases), ("key_taps", info.keyTaps), ("touches", info.touches), ("responses", info.responses), ("batches", info.batches),
            ("rejected", info.rejected),
        ]
    }

    /// `{"path", "schema_version", "studies", ..., "rejected", "factors": {study: {factor: [levels]}},
    /// "attributes": {study: {attribute: participants}},
    /// "batch_units": [{"batch", "study", "kind", "source", "units"}]}`; a factor with missing
    /// values ends its levels with `null`; `units` is null for a batch imported before the
    /// unit was recorded.
    public static func json(_ info: DatabaseInfo) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("path", .string(info.path)), ("schema_version", .int(info.schemaVersion)),
        ]
        members += counts(info).map { ($0.0, .int($0.1)) }
        let factors = info.studyFactors.map { study in
            (
                study.study,
                JSONValue.object(
                    study.factors.map {
                        ($0.name, .array($0.levels.map(JSONValue.string) + ($0.hasMissingValues ? [.null] : [])))
                    })
            )
        }
        members.append(("factors", .object(factors)))
        members.append(
            (
                "attributes",
                .object(
                    info.attributes.sorted { $0.key < $1.key }.map { study, attributes in
                        (study, .object(attributes.map { ($0.name, .int($0.participants)) }))
                    })
            ))
        members.append(
            (
                "batch_units",
                .array(
                    info.batchList.map {
                        .object([
                            ("batch", .int(Int($0.id))), ("study", .string($0.study)),
                            ("kind", .string($0.kind.rawValue)), ("source", .string($0.source)),
                            ("units", $0.units.map { .string($0.rawValue) } ?? .null),
                        ])
                    })
            ))
        return .object(members)
    }

    /// The same for people: counts in aligned columns, then each study's factors and levels.
    /// `heading` styles section titles (bold on a terminal).
    public static func text(_ info: DatabaseInfo, heading: (String) -> String = { $0 }) -> String {
        var lines = [heading("Study database \(info.path)") + " (schema version \(info.schemaVersion))", ""]
        let counts = counts(info)
        let numberWidth = counts.map { String($0.1).count }.max() ?? 1
        for (name, count) in counts {
            let number = String(count)
            let label = name.replacingOccurrences(of: "_", with: " ")
            lines.append("  " + pad(label, 14) + String(repeating: " ", count: numberWidth - number.count) + number)
        }
        for study in info.studyFactors {
            lines += ["", heading("Study '\(study.study)'")]
            if study.factors.isEmpty { lines.append("  no factors") }
            let nameWidth = max(14, (study.factors.map(\.name.count).max() ?? 0) + 2)
            for factor in study.factors {
                let shown = factor.levels + (factor.hasMissingValues ? [FactorLevels.missingLabel] : [])
                let levels = shown.joined(separator: ", ")
                lines.append(
                    "  " + pad(factor.name, nameWidth)
                        + "\(factor.levels.count) \(factor.levels.count == 1 ? "level" : "levels"): \(levels)")
            }
            if let attributes = info.attributes[study.study] {
                let counted = attributes.map { "\($0.name) \($0.participants)" }.joined(separator: ", ")
                lines.append("  " + pad("attributes", nameWidth) + counted + " (participants with a value)")
            }
        }
        if !info.batchList.isEmpty {
            lines += ["", heading("Batches") + " (the unit each import read lengths in)"]
            let idWidth = info.batchList.map { String($0.id).count }.max() ?? 1
            for batch in info.batchList {
                let id = String(batch.id)
                lines.append(
                    "  " + String(repeating: " ", count: idWidth - id.count) + id + "  "
                        + pad([.participants, .factors].contains(batch.kind) ? "-" : batch.units?.rawValue ?? unknownUnits, 9)
                        + pad(batch.kind.rawValue, 9)
                        + "\(batch.study): \(batch.source)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// How the text shows a batch whose import did not record its units.
    static let unknownUnits = "unknown"

    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(1, width - text.count))
    }
}
