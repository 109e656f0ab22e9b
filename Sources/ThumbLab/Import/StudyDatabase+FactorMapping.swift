import Foundation

extension StudyDatabase {
    /// Gives every trial, touch event and answer of the study the new factors of a mapping
    /// table, by the values of its key columns (factors, participant attributes or the
    /// participant), as one batch of kind `factors` that `undo` removes. Rows whose
    /// conditions lack a key factor altogether are left as they are; rows without a value
    /// for a key get the new factors as missing levels.
    /// - Throws: ``ThumbLabError/invalidInput(problems:total:)`` for a table that names no
    ///   key or no new factor, repeats a key, or lacks a row for keys the study's rows have;
    ///   ``ThumbLabError/importSetup(_:)`` when the same table was added before;
    ///   ``ThumbLabError/study(_:)`` for an unknown study. Nothing changes then.
    public func addFactors(_ mapping: FactorMapping, study: String) throws -> DerivedFactorsSummary {
        try deriveFactors(study: study, source: mapping.source, sha256: mapping.sha256) { factors, attributes, derived in
            try MappingKeys(mapping, factors: factors, attributes: Array(attributes.keys).sorted(), derived: derived)
        }
    }

    /// Makes a participant attribute (from a demographics import) a factor of the same name,
    /// so that analyses can take it as a between-subjects factor: each trial, touch and
    /// answer gets its participant's value as its level (spellings that differ only in case
    /// are one level, spelt as most participants have it); participants without a value
    /// get a missing level. A batch of kind `factors`, as ``addFactors(_:study:)``.
    /// - Throws: ``ThumbLabError/parameter(_:)`` when the study has no such attribute or
    ///   already a factor of that name; ``ThumbLabError/study(_:)`` for an unknown study.
    public func addFactor(fromAttribute name: String, study: String) throws -> DerivedFactorsSummary {
        let source = "participant attribute \(name)"
        return try deriveFactors(study: study, source: source, sha256: SHA256.hexDigest(of: Array(source.utf8))) {
            factors, attributes, _ in
            guard let values = attributes[name] else {
                throw ThumbLabError.parameter(.unknownAttribute(name: name, known: Array(attributes.keys).sorted()))
            }
            guard !factors.contains(name) else { throw ThumbLabError.parameter(.attributeIsAFactor(name: name)) }
            return MappingKeys(attribute: name, values: values)
        }
    }

    /// The work of ``addFactors(_:study:)``: `keys` reads the table against the study's
    /// factor names, its attribute values by name, and the factors earlier batches derived.
    private func deriveFactors(
        study: String, source: String, sha256: String,
        keys makeKeys: ([String], [String: [String]], [String: Int64]) throws -> MappingKeys
    ) throws -> DerivedFactorsSummary {
        try writeTransaction {
            guard let studyID = try studyID(named: study) else {
                throw ThumbLabError.study(.unknown(name: study, known: try studies()))
            }
            if let existing = try existingBatch(study: study, sha256: sha256) {
                throw ThumbLabError.importSetup(
                    .alreadyImported(source: source, study: study, batch: existing.id, earlierSource: existing.source))
            }
            let conditions = try storedConditions(studyID: studyID)
            let participants = try storedParticipants(studyID: studyID)
            var attributes: [String: [String]] = [:]
            for participant in participants.values {
                for (name, value) in participant.attributes { attributes[name, default: []].append(value) }
            }
            let keys = try makeKeys(
                try factorNames(studyID: studyID), attributes, try derivedFactorBatches(studyID: studyID))
            var newLevels: [ConditionMove.Pair: [String?]] = [:]
            var unmatched: [[String]: Set<String>] = [:]
            var rowsWithoutKeyFactor = 0
            var rowsWithoutKeyValue = 0
            for (pair, rows) in try participantConditionPairs(studyID: studyID).sorted(by: { $0.key < $1.key }) {
                guard let condition = conditions[pair.condition], let participant = participants[pair.participant]
                else { continue }
                var values: [String?] = []
                var lacksFactor = false
                for (_, source) in keys.keys {
                    switch source {
                    case .factor(let name):
                        if let level = condition.levels[name] { values.append(level) } else { lacksFactor = true }
                    case .attribute(let name): values.append(participant.attributes[name])
                    case .participant: values.append(participant.label)
                    }
                }
                let present = values.compactMap { $0 }
                if lacksFactor {
                    rowsWithoutKeyFactor += rows
                } else if present.count < values.count {
                    rowsWithoutKeyValue += rows
                    newLevels[pair] = keys.newFactors.map { _ in nil }
                } else if let levels = keys.levels(for: present) {
                    newLevels[pair] = levels
                } else {
                    unmatched[present, default: []].insert(participant.label)
                }
            }
            if !unmatched.isEmpty {
                throw FactorMapping.invalid(
                    unmatched.sorted { $0.key.lexicographicallyPrecedes($1.key) }.map { key, labels in
                        let named = zip(keys.keys, key).map { "\($0.source.name)=\($1)" }.joined(separator: ", ")
                        return InputProblem(
                            file: source, line: 1, column: 1,
                            message: "no row for \(named), which rows of \(labels.sorted().prefix(5).joined(separator: ", "))"
                                + "\(labels.count > 5 ? " and \(labels.count - 5) more" : "") have; "
                                + "add a row for every key the study's trials have")
                    })
            }
            let batchID = try insertBatch(
                NewBatch(study: study, source: source, sha256: sha256, format: "csv", kind: .factors),
                studyID: studyID)
            let factorIDs = try keys.newFactors.map { try ensureFactor(named: $0.name, studyID: studyID) }
            var created: [String: Int64] = [:]
            var moves: [ConditionMove] = []
            // In the order of the pairs, so that the same table on the same database gives the same ids.
            for (pair, levels) in newLevels.sorted(by: { $0.key < $1.key }) {
                guard let old = conditions[pair.condition] else { continue }
                var parts = old.parts
                var label = old.label
                for ((factorID, factor), level) in zip(zip(factorIDs, keys.newFactors), levels) {
                    let levelID = try level.map { try ensureLevel(named: $0, factorID: factorID) }
                    parts.append((factorID, levelID))
                    label += "; \(factor.name)=\(level ?? FactorLevels.missingLabel)"
                }
                let key = Self.conditionKey(parts)
                if created[key] == nil {
                    created[key] = try ensureCondition(key: key, label: label, studyID: studyID, levels: parts)
                }
                moves.append(ConditionMove(pair: pair, to: created[key]!))
            }
            let moved = try move(moves)
            let record = try connection.prepare("INSERT INTO derived_factor (batch_id, factor, keys) VALUES (?1, ?2, ?3)")
            let keyNames = String(
                decoding: try JSONSerialization.data(withJSONObject: keys.keys.map(\.source.name)), as: UTF8.self)
            for factor in keys.newFactors {
                try record.bind(1, batchID)
                try record.bind(2, factor.name)
                try record.bind(3, keyNames)
                try record.run()
            }
            try recordCounts(batchID: batchID, rows: moved.trials, rejected: 0)
            try removeUnused(studyID: studyID)
            try recomputePositionExtents(studyID: studyID)
            guard let batch = try batch(id: batchID) else { throw ThumbLabError.batch(.unknown(id: batchID)) }
            return DerivedFactorsSummary(
                batch: batch, factors: keys.newFactors.map(\.name), keys: keys.keys.map(\.source),
                trials: moved.trials, touches: moved.touches, responses: moved.responses,
                withoutKeyValue: rowsWithoutKeyValue, withoutKeyFactor: rowsWithoutKeyFactor)
        }
    }
}
