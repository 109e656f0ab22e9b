import Foundation

/// A study report as files: `report.md` for people (GitHub tables), one CSV per table
/// for spreadsheets, `report.json` for scripts. The same report always gives the same
/// bytes.
public enum StudyReportDocument {
    /// The Markdown document: the report's sections
    /// (``StudyReportSections/sections(_:providers:)``) without their figures.
    public static func markdown(
        _ report: StudyReport, providers: [ReportSectionProvider] = StudyReportSections.providers
    ) -> String {
        MarkdownReportWriter.document(
            title: "ThumbLab report: study \(report.selection.study)", selection: report.selection.sentence,
            sections: StudyReportSections.sections(report, providers: providers))
    }

    /// The dataset in one sentence: participants, trials, blocks, rejected rows and empty cells.
    static func designSentence(_ report: StudyReport) -> String {
        let design = report.design
        var out = "\(design.participants.count) participants (\(design.participants.joined(separator: ", "))); "
        out += "\(report.selection.trials) trials; "
        out += design.blocks.isEmpty ? "no blocks" : "blocks \(design.blocks.map(String.init).joined(separator: ", "))"
        out +=
            design.blocks.contains(0)
            ? " (block 0 is practice and is included; exclude it with the filter block=0)" : ""
        return out
            + "; \(design.rejectedRows) rows rejected at import; \(design.emptyCells.count) empty participant cells."
    }

    /// The report as one JSON object for scripts: raw factor and level names throughout,
    /// their display labels in `labels` (``LabelTables/json(_:)``).
    public static func json(_ report: StudyReport) -> JSONValue {
        .object([
            ("version", .string(report.version)),
            ("selection", report.selection.json),
            ("posthoc_scope", .string(report.posthoc.rawValue)),
            ("results", .array(report.results.map(JSONValue.string))),
            ("methods", .array(report.methods.map(JSONValue.string))),
            ("not_computed", .array(report.notComputed.map(JSONValue.string))),
            (
                "design",
                .object([
                    ("participants", .array(report.design.participants.map(JSONValue.string))),
                    ("participants_paragraph", .string(report.participantsDescription.paragraph)),
                    (
                        "without_trials",
                        .array(report.participantsDescription.withoutTrials.map(JSONValue.string))
                    ),
                    (
                        "without_demographics",
                        .array(report.participantsDescription.withoutDemographics.map(JSONValue.string))
                    ),
                    ("blocks", .array(report.design.blocks.map(JSONValue.int))),
                    ("rejected_rows", .int(report.design.rejectedRows)),
                    ("factors", StudyReportTables.factors(report.design).json()),
                    ("cells", StudyReportTables.cells(report.design).json()),
                    ("empty_cells", StudyReportTables.emptyCells(report.design).json()),
                ])
            ),
            ("summary", SummaryTables.json(report.summary)),
            ("comparisons", .array(report.comparisons.map(ComparisonTables.json))),
            ("scores", .array(report.scores.map { ScoresTables.json($0) })),
            ("score_comparisons", .array(report.scoreComparisons.map(ComparisonTables.json))),
            ("counterbalancing", .array(report.counterbalancing.map(OrderEffectsTables.json))),
            ("learning_curves", report.learningCurves.map(LearningCurveTables.json) ?? .null),
            ("key_offsets", report.keyOffsets.map(KeyOffsetTables.json) ?? .null),
            ("provenance", StudyReportTables.provenance(report.provenance).json()),
            (
                "derived_factors",
                .array(
                    report.derivedFactors.map {
                        .object([
                            ("factor", .string($0.factor)), ("keys", .array($0.keys.map(JSONValue.string))),
                            ("source", .string($0.source)),
                        ])
                    })
            ),
            ("labels", LabelTables.json(report.names)),
        ])
    }

    /// Writes the report into `folder` (created if needed) in `format`: `report.md`,
    /// `report.json`, or one `NAME.csv` per table. Returns the paths written.
    public static func write(_ report: StudyReport, to folder: String, format: OutputFormat) throws -> [String] {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw ThumbLabError.output(
                .cannotCreateFolder(path: folder, folder: .report, reason: error.localizedDescription))
        }
        let files: [(String, String)] =
            switch format {
            case .md, .text: [("report.md", markdown(report))]
            case .json: [("report.json", json(report).rendered() + "\n")]
            case .csv:
                StudyReportTables.all(report, decimals: nil).map { ("\($0.file).csv", $0.data.rendered(as: .csv)) }
            }
        return try files.map { name, content in
            let path = joinedPath(folder, name)
            do {
                try Data(content.utf8).write(to: URL(fileURLWithPath: path))
            } catch {
                throw ThumbLabError.output(.cannotWrite(path: path, reason: error.localizedDescription))
            }
            return path
        }
    }
}

extension StudyReportDocument {
    /// Writes the HTML report (``HTMLReportDocument``) to `path`, creating its folder if
    /// needed. Returns the path.
    public static func writeHTML(_ report: StudyReport, to path: String) throws -> String {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw ThumbLabError.output(
                    .cannotCreateFolder(path: folder, folder: .report, reason: error.localizedDescription))
            }
        }
        do {
            try Data(HTMLReportDocument.html(report).utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            throw ThumbLabError.output(.cannotWrite(path: path, reason: error.localizedDescription))
        }
        return path
    }
}

/// `folder/name`, keeping a relative folder relative, as the user gave it.
func joinedPath(_ folder: String, _ name: String) -> String {
    folder.hasSuffix("/") ? folder + name : folder + "/" + name
}
