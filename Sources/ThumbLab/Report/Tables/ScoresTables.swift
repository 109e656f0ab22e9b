import Foundation

/// Questionnaire scores as the JSON contract spells them (DESIGN.md, "The JSON contract",
/// `thumblab scores`) and as tables for text, Markdown and CSV.
public enum ScoresTables {
    /// One instrument's scores: `{instrument, kind, factors, method, participants: [{participant,
    /// <factor>: level, ..., score, ...}], cells: [{<factor>: level, ..., n, mean, sd,
    /// median, ci_low, ci_high, grade, ...}], excluded: [{participant, <factor>: level, ...,
    /// reason, condition}], labels}`, plus `items` for Likert item sets. `grade` is null except for
    /// SUS; numbers keep full precision; NaN prints as null; `labels` holds the display
    /// labels of factors and levels (``LabelTables/json(_:)``).
    public static func json(_ scores: QuestionnaireScores) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("instrument", .string(scores.instrument.name)),
            ("kind", .string(scores.instrument.kind.rawValue)),
            ("factors", .array(scores.factors.map(JSONValue.string))),
            ("method", .string(scores.method)),
            ("sheets", .int(scores.sheets)),
            ("participants", .array(scores.participants.map(participantJSON))),
            ("cells", .array(scores.cells.map(cellJSON))),
            ("excluded", .array(scores.excluded.map(exclusionJSON))),
        ]
        if scores.instrument.kind == .likert { members.append(("items", .array(scores.items.map(itemJSON)))) }
        members.append(("labels", LabelTables.json(scores.names)))
        return .object(members)
    }

    /// Several instruments' scores: the one object when there is one, else an array of
    /// them in order.
    public static func json(_ all: [QuestionnaireScores]) -> JSONValue {
        all.count == 1 ? json(all[0]) : .array(all.map { json($0) })
    }

    /// A `thumblab scores` result: each instrument's object with the `selection` it used
    /// (the one object when there is one instrument, else an array).
    public static func json(_ report: ScoresReport) -> JSONValue {
        let objects = report.scores.map { scores -> JSONValue in
            guard case .object(let members) = json(scores) else { return json(scores) }
            return .object(members + [("selection", report.selection.json)])
        }
        return objects.count == 1 ? objects[0] : .array(objects)
    }

    private static func levelMembers(_ levels: [CellLevel]) -> [(String, JSONValue)] {
        levels.map { ($0.factor, .string($0.level)) }
    }

    private static func participantJSON(_ score: ParticipantScore) -> JSONValue {
        var members: [(String, JSONValue)] = [("participant", .string(score.participant))]
        members += levelMembers(score.levels)
        members.append(("score", .number(score.score)))
        members += score.subscores.map { ($0.name, .number($0.value)) }
        if let percentile = score.percentile { members.append(("percentile", .number(percentile))) }
        if let grade = score.grade { members.append(("grade", .string(grade.rawValue))) }
        members.append(("sheets", .int(score.sheets)))
        members.append(("conditions", .array(score.conditionIDs.map { .int(Int($0)) })))
        return .object(members)
    }

    private static func cellJSON(_ cell: ScoreCell) -> JSONValue {
        var members = levelMembers(cell.levels)
        members += [
            ("n", .int(cell.n)), ("mean", .number(cell.mean)), ("sd", .number(cell.sd)),
            ("median", .number(cell.median)), ("ci_low", .number(cell.ciLow)), ("ci_high", .number(cell.ciHigh)),
            ("grade", cell.grade.map { .string($0.rawValue) } ?? .null),
        ]
        if let percentile = cell.percentile { members.append(("percentile", .number(percentile))) }
        members += cell.subscales.map { ($0.name, .number($0.mean)) }
        if !cell.subscales.isEmpty {
            let nested: [(String, JSONValue)] = cell.subscales.map { subscale in
                (
                    subscale.name,
                    .object([
                        ("n", .int(subscale.n)), ("mean", .number(subscale.mean)), ("sd", .number(subscale.sd)),
                        ("median", .number(subscale.median)), ("ci_low", .number(subscale.ciLow)),
                        ("ci_high", .number(subscale.ciHigh)),
                    ])
                )
            }
            members.append(("subscales", .object(nested)))
        }
        return .object(members)
    }

    private static func exclusionJSON(_ exclusion: ScoreExclusion) -> JSONValue {
        .object(
            [("participant", .string(exclusion.participant))] + levelMembers(exclusion.levels) + [
                ("reason", .string(exclusion.reason)), ("condition", .int(Int(exclusion.conditionID))),
            ])
    }

    private static func itemJSON(_ item: LikertItemSummary) -> JSONValue {
        var members: [(String, JSONValue)] = [("item", .string(item.item))]
        members += levelMembers(item.levels)
        members += [
            ("n", .int(item.n)), ("participants", .int(item.participants)), ("median", .number(item.median)),
            ("q1", .number(item.q1)), ("q3", .number(item.q3)), ("iqr", .number(item.iqr)),
            ("distribution", .object(item.distribution.map { (describeValue($0.value), .int($0.count)) })),
        ]
        return .object(members)
    }

    /// The tables a person reads, titled: cells, then participants, then (when there are
    /// any) exclusions and Likert items. Numbers are rounded to `decimals` places, or kept
    /// whole when `decimals` is `nil` (for CSV that other tools read).
    public static func tables(_ scores: QuestionnaireScores, decimals: Int? = 2) -> [(
        title: String, table: ResultTable
    )] {
        keyedTables(scores, decimals: decimals).map { ($0.title, $0.table) }
    }

    /// ``tables(_:decimals:)``, each with the kind its CSV file is named by: `cells`,
    /// `participants`, `excluded`, `items`.
    static func keyedTables(_ scores: QuestionnaireScores, decimals: Int?) -> [(
        kind: String, title: String, table: ResultTable
    )] {
        let name = scores.instrument.name
        var tables = [
            ("cells", "\(name) by cell", cells(scores, decimals: decimals)),
            ("participants", "\(name) by participant", participants(scores, decimals: decimals)),
        ]
        if !scores.excluded.isEmpty { tables.append(("excluded", "\(name) sheets excluded", excluded(scores))) }
        if !scores.items.isEmpty { tables.append(("items", "\(name) items", items(scores, decimals: decimals))) }
        return tables
    }

    /// One row per cell: its levels, n, mean, sd, median, ci_low, ci_high, then grade and
    /// percentile for SUS and each sub-score's mean.
    public static func cells(_ scores: QuestionnaireScores, decimals: Int? = 2) -> ResultTable {
        let isSUS = scores.instrument.kind == .sus
        let subscales = scores.cells.first?.subscales.map(\.name) ?? []
        var columns = scores.factors + ["n", "mean", "sd", "median", "ci_low", "ci_high"]
        if isSUS { columns += ["grade", "percentile"] }
        columns += subscales
        let rows = scores.cells.map { cell -> [JSONValue] in
            var row = cell.levels.map { JSONValue.string($0.level) } + [.int(cell.n)]
            row += [cell.mean, cell.sd, cell.median, cell.ciLow, cell.ciHigh].map { TitledTables.number($0, decimals) }
            if isSUS {
                row += [
                    cell.grade.map { .string($0.rawValue) } ?? .null,
                    cell.percentile.map { TitledTables.number($0, decimals) } ?? .null,
                ]
            }
            row += cell.subscales.map { TitledTables.number($0.mean, decimals) }
            return row
        }
        return shown(ResultTable(columns: columns, rows: rows), scores)
    }

    /// One row per participant and cell: label, levels, score, sub-scores, then percentile
    /// and grade for SUS, and the sheets averaged.
    public static func participants(_ scores: QuestionnaireScores, decimals: Int? = 2) -> ResultTable {
        let isSUS = scores.instrument.kind == .sus
        var names: [String] = []
        for name in scores.participants.flatMap({ $0.subscores.map(\.name) }) where !names.contains(name) {
            names.append(name)
        }
        names =
            QuestionnaireScores.subscoreOrder.filter(names.contains)
            + names.filter { !QuestionnaireScores.subscoreOrder.contains($0) }
        let columns =
            ["participant"] + scores.factors + ["score"] + names + (isSUS ? ["percentile", "grade"] : [])
            + ["sheets"]
        let rows = scores.participants.map { score -> [JSONValue] in
            var row = [JSONValue.string(score.participant)] + score.levels.map { .string($0.level) }
            row.append(TitledTables.number(score.score, decimals))
            row += names.map { name in score.subscore(name).map { TitledTables.number($0, decimals) } ?? .null }
            if isSUS {
                row += [
                    score.percentile.map { TitledTables.number($0, decimals) } ?? .null,
                    score.grade.map { .string($0.rawValue) } ?? .null,
                ]
            }
            row.append(.int(score.sheets))
            return row
        }
        return shown(ResultTable(columns: columns, rows: rows), scores)
    }

    /// One row per excluded sheet: participant, levels (empty where the condition names
    /// none) and reason.
    public static func excluded(_ scores: QuestionnaireScores) -> ResultTable {
        let rows = scores.excluded.map { exclusion -> [JSONValue] in
            let levels = scores.factors.map { factor in
                exclusion.levels.first { $0.factor == factor }.map { JSONValue.string($0.level) } ?? .null
            }
            return [.string(exclusion.participant)] + levels + [.string(exclusion.reason)]
        }
        return shown(ResultTable(columns: ["participant"] + scores.factors + ["reason"], rows: rows), scores)
    }

    /// One row per Likert item and cell: n, participants, median, q1, q3, iqr and the
    /// distribution as `answer: count` pairs.
    public static func items(_ scores: QuestionnaireScores, decimals: Int? = 2) -> ResultTable {
        let columns = ["item"] + scores.factors + ["n", "participants", "median", "q1", "q3", "iqr", "distribution"]
        let rows = scores.items.map { item -> [JSONValue] in
            [.string(item.item)] + item.levels.map { .string($0.level) } + [.int(item.n), .int(item.participants)]
                + [item.median, item.q1, item.q3, item.iqr].map { TitledTables.number($0, decimals) }
                + [.string(item.distribution.map { "\(describeValue($0.value)): \($0.count)" }.joined(separator: ", "))]
        }
        return shown(ResultTable(columns: columns, rows: rows), scores)
    }

    /// `table` with the scores' factors and levels shown by their display names.
    private static func shown(_ table: ResultTable, _ scores: QuestionnaireScores) -> ResultTable {
        var table = table
        table.showFactors(scores.factors, names: scores.names)
        return table
    }
}
