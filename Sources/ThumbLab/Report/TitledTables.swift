import Foundation
import ThumbLabStats

/// A result printed for people or spreadsheets: titled tables followed by paragraphs
/// (APA sentences, methods). Text and Markdown show titles and paragraphs; CSV prints
/// only the tables, separated by an empty line.
public struct TitledTables: Sendable, Equatable {
    /// The tables in order, each with the title printed above it.
    public var tables: [(title: String, table: ResultTable)]
    /// The paragraphs after the tables, each a title and its lines (empty ones are left out).
    public var paragraphs: [(title: String, lines: [String])]

    /// Creates a result from its tables and paragraphs.
    public init(tables: [(title: String, table: ResultTable)], paragraphs: [(title: String, lines: [String])] = []) {
        self.tables = tables
        self.paragraphs = paragraphs
    }

    public static func == (a: TitledTables, b: TitledTables) -> Bool {
        a.tables.map(\.title) == b.tables.map(\.title) && a.tables.map(\.table) == b.tables.map(\.table)
            && a.paragraphs.map(\.title) == b.paragraphs.map(\.title)
            && a.paragraphs.map(\.lines) == b.paragraphs.map(\.lines)
    }

    /// The tables and paragraphs in `format` (not JSON, which each result writes itself).
    public func rendered(as format: OutputFormat) -> String {
        switch format {
        case .csv:
            return tables.map { $0.table.rendered(as: .csv) }.joined(separator: "\r\n")
        case .md:
            let blocks =
                tables.map { "### \($0.title)\n\n" + $0.table.rendered(as: .md) }
                + paragraphs.filter { !$0.lines.isEmpty }.map {
                    "### \($0.title)\n\n" + $0.lines.joined(separator: "\n\n") + "\n"
                }
            return blocks.joined(separator: "\n")
        case .text, .json:
            let blocks =
                tables.map { $0.title + "\n\n" + $0.table.rendered(as: .text) }
                + paragraphs.filter { !$0.lines.isEmpty }.map {
                    $0.title + "\n\n" + $0.lines.joined(separator: "\n") + "\n"
                }
            return blocks.joined(separator: "\n")
        }
    }

    /// A p-value for people as APA prints it (`.016`, `< .001`), or the whole number for
    /// files other tools read (`decimals` nil).
    static func pValue(_ p: Double?, _ decimals: Int?) -> JSONValue {
        guard let p else { return .null }
        guard decimals != nil, p.isFinite else { return .number(p) }
        return .string(APAStatistic.Part.p(p).columnText)
    }

    /// A number rounded half away from zero to `decimals` places (kept whole when
    /// `decimals` is nil, for files other tools read); `nil` prints as empty / null.
    static func number(_ value: Double?, _ decimals: Int?) -> JSONValue {
        guard let value else { return .null }
        guard let decimals, value.isFinite else { return .number(value) }
        let scale = Foundation.pow(10, Double(decimals))
        return .number((value * scale).rounded() / scale)
    }
}

extension SelectionSummary {
    /// `{study, where, exclude, attempts, trials, participants, time_trials, outliers,
    /// trials_used, plan}`, filters as `{factor: [levels]}`; `time_trials` is `all` or
    /// `hits` (with `removed_misses` and `removed_unknown_hits`), `outliers` `{rule, scale, removed, judged}` or null,
    /// and `plan` the study plan applied (its settings, as the plan's JSON
    /// gives them) or null; `trial_time`, the array of ``TrialTimeModel`` names of
    /// ``trialTiming`` (`["previous"]`), only when some selected trials were derived from
    /// touch events; `cleaned_measure`, only when the cleaning steps judged a measure other
    /// than time (`log:tilt`).
    public var json: JSONValue {
        var fields: [(String, JSONValue)] = [
            ("study", .string(study)), ("where", Self.filtersJSON(keep)), ("exclude", Self.filtersJSON(exclude)),
            ("attempts", .string(attempts.rawValue)), ("trials", .int(trials)), ("participants", .int(participants)),
            ("time_trials", .string((cleaning?.trials ?? .all).rawValue)),
        ]
        if let cleaning, cleaning.trials == .hits {
            fields.append(("removed_misses", .int(cleaning.removedMisses)))
            fields.append(("removed_unknown_hits", .int(cleaning.removedUnknownHits)))
        }
        fields.append(("outliers", cleaning.flatMap { Self.outliersJSON($0) } ?? .null))
        fields.append(("trials_used", .int(trialsUsed)))
        if let measure = cleaning?.measure { fields.append(("cleaned_measure", .string(measure))) }
        fields.append(("plan", plan.map(\.json) ?? .null))
        if !trialTiming.isEmpty {
            fields.append(("trial_time", .array(trialTiming.map { .string($0.rawValue) })))
        }
        return .object(fields)
    }

    static func filtersJSON(_ list: [LevelFilter]) -> JSONValue {
        .object(list.map { ($0.factor, .array($0.levels.map(JSONValue.string))) })
    }

    private static func outliersJSON(_ cleaning: CleaningSummary) -> JSONValue? {
        guard let rule = cleaning.outliers else { return nil }
        return .object([
            ("rule", .string(rule.description)), ("scale", .string(cleaning.effectiveScale.rawValue)),
            ("removed", .int(cleaning.removedOutliers)), ("judged", .int(cleaning.judged)),
        ])
    }
}

extension SelectionSettings {
    /// `{where, exclude, attempts, trials, outliers, outlier_scale}`, null where the plan
    /// leaves a setting to the analysis.
    public var json: JSONValue {
        .object([
            ("where", SelectionSummary.filtersJSON(keep ?? [])),
            ("exclude", SelectionSummary.filtersJSON(exclude ?? [])),
            ("attempts", attempts.map { .string($0.rawValue) } ?? .null),
            ("trials", timeTrials.map { .string($0.rawValue) } ?? .null),
            ("outliers", outliers.map { .string($0.description) } ?? .null),
            ("outlier_scale", outlierScale.map { .string($0.rawValue) } ?? .null),
        ])
    }
}
