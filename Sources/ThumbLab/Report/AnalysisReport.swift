/// The result of one ``Study`` analysis, as a script reads it: the tables `thumblab`
/// prints, its JSON, and the methods in words.
///
/// Every analysis method of ``Study`` returns a report that conforms, so a script prints
/// any of them the same way:
///
/// ```swift
/// import ThumbLab
///
/// let study = try Study(path: "thumblab-demo/study.sqlite")
/// let summary = try study.summary(SummaryRequest(by: ["technique"]))
/// print(summary.tables.rendered(as: .md))
/// ```
public protocol AnalysisReport: Sendable {
    /// The titled tables and paragraphs the command prints as text, Markdown or CSV,
    /// numbers rounded as it rounds them by default.
    var tables: TitledTables { get }
    /// The JSON object (<doc:JSONContract>), numbers at full precision.
    var json: JSONValue { get }
    /// What was done, in words, for a Methods section.
    var methods: String { get }
}

extension SummaryReport: AnalysisReport {
    /// ``SummaryTables/tables(_:decimals:)`` at the command's 3 decimals.
    public var tables: TitledTables { SummaryTables.tables(self) }
    /// ``SummaryTables/json(_:)``.
    public var json: JSONValue { SummaryTables.json(self) }
}

extension ComparisonReport: AnalysisReport {
    /// ``ComparisonTables/tables(_:decimals:)`` at the command's 3 decimals.
    public var tables: TitledTables { ComparisonTables.tables(self) }
    /// ``ComparisonTables/json(_:)``.
    public var json: JSONValue { ComparisonTables.json(self) }
}

extension ScoresReport: AnalysisReport {
    /// Every instrument's tables (``ScoresTables/tables(_:decimals:)``), then the
    /// methods and the selection, as `thumblab scores` prints them.
    public var tables: TitledTables { tables(decimals: 2) }
    /// ``ScoresTables/json(_:)-(ScoresReport)``.
    public var json: JSONValue { ScoresTables.json(self) }
    /// Each instrument's scoring rule (``QuestionnaireScores/method``), one paragraph each.
    public var methods: String { scores.map(\.method).joined(separator: "\n\n") }

    /// The selection in one sentence: study, filters, the attempts policy (every sheet:
    /// answers have no attempts), and the sheets and participants read.
    public var selectionSentence: String {
        "Study \(selection.study)" + selection.keep.map { "; where \($0)" }.joined()
            + selection.exclude.map { "; excluding \($0)" }.joined()
            + "; every sheet (questionnaire answers have no attempts)"
            + "; \(sheets) questionnaire sheets of \(selection.participants) participants."
    }

    /// Every instrument's tables with numbers rounded to `decimals` places (kept whole
    /// when `decimals` is `nil`, for CSV that other tools read), then the methods and the
    /// selection.
    public func tables(decimals: Int?) -> TitledTables {
        TitledTables(
            tables: scores.flatMap { ScoresTables.tables($0, decimals: decimals) },
            paragraphs: [("Methods", scores.map(\.method)), ("Selection", [selectionSentence])])
    }
}

extension QuestionnaireScores {
    /// One instrument's tables (``ScoresTables/tables(_:decimals:)`` at 2 decimals),
    /// then its scoring rule.
    public var tables: TitledTables {
        TitledTables(tables: ScoresTables.tables(self), paragraphs: [("Methods", [method])])
    }
    /// ``ScoresTables/json(_:)-(QuestionnaireScores)``.
    public var json: JSONValue { ScoresTables.json(self) }
}

extension FittsReport: AnalysisReport {
    /// ``FittsTables/tables(_:decimals:)`` at the command's 3 decimals.
    public var tables: TitledTables { FittsTables.tables(self) }
    /// ``FittsTables/json(_:)``.
    public var json: JSONValue { FittsTables.json(self) }
}

extension TargetSizeReport: AnalysisReport {
    /// ``TargetSizeTables/tables(_:decimals:)`` at the command's 3 decimals.
    public var tables: TitledTables { TargetSizeTables.tables(self) }
    /// ``TargetSizeTables/json(_:)``.
    public var json: JSONValue { TargetSizeTables.json(self) }
}

extension DirectionReport: AnalysisReport {
    /// ``DirectionTables/tables(_:decimals:)`` at the command's 3 decimals.
    public var tables: TitledTables { DirectionTables.tables(self) }
    /// ``DirectionTables/json(_:)``.
    public var json: JSONValue { DirectionTables.json(self) }
}

extension DensityReport: AnalysisReport {
    /// ``DensityTables/tables(_:decimals:)`` at the command's 3 decimals.
    public var tables: TitledTables { DensityTables.tables(self) }
    /// ``DensityTables/json(_:)``.
    public var json: JSONValue { DensityTables.json(self) }
}

extension HeatmapReport: AnalysisReport {
    /// ``HeatmapTables/tables(_:)``.
    public var tables: TitledTables { HeatmapTables.tables(self) }
    /// ``HeatmapTables/json(_:)``.
    public var json: JSONValue { HeatmapTables.json(self) }
}

extension HeatmapDifferenceReport: AnalysisReport {
    /// ``HeatmapDifferenceTables/tables(_:)``.
    public var tables: TitledTables { HeatmapDifferenceTables.tables(self) }
    /// ``HeatmapDifferenceTables/json(_:)``.
    public var json: JSONValue { HeatmapDifferenceTables.json(self) }
}

extension ReachZoneReport: AnalysisReport {
    /// ``ReachZoneTables/tables(_:)``.
    public var tables: TitledTables { ReachZoneTables.tables(self) }
    /// ``ReachZoneTables/json(_:)``.
    public var json: JSONValue { ReachZoneTables.json(self) }
}

extension LayoutAuditReport: AnalysisReport {
    /// ``LayoutAuditTables/tables(_:decimals:)`` at the command's 2 decimals.
    public var tables: TitledTables { LayoutAuditTables.tables(self) }
    /// ``LayoutAuditTables/json(_:)``.
    public var json: JSONValue { LayoutAuditTables.json(self) }
}

/// A study report keeps its Methods as paragraphs (``StudyReport/methods``), so it offers
/// the same `tables` and `json` without conforming to ``AnalysisReport``.
extension StudyReport {
    /// Every table of the report (``StudyReportTables/all(_:decimals:)`` at 3 decimals),
    /// then the Results sentences, the analyses not computed and the Methods paragraphs.
    public var tables: TitledTables {
        TitledTables(
            tables: StudyReportTables.all(self).map { ($0.title, $0.data) },
            paragraphs: [("Results", results), ("Not computed", notComputed), ("Methods", methods)])
    }
    /// ``StudyReportDocument/json(_:)``: the report's JSON object.
    public var json: JSONValue { StudyReportDocument.json(self) }
    /// ``StudyReportDocument/markdown(_:providers:)``: what `thumblab report` writes as `report.md`.
    public var markdown: String { StudyReportDocument.markdown(self) }
}
