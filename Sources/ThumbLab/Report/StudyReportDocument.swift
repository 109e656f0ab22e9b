import Foundation

/// A study report as files: `report.md` for people (GitHub tables), one CSV per table
/// for spreadsheets, `report.json` for scripts. The same report always gives the same
/// bytes.
public enum StudyReportDocument {
    /// The Markdown document: results first, then design, summary, comparisons,
    /// questionnaires, methods and provenance.
    public static func markdown(_ report: StudyReport) -> String {
        var out = "# ThumbLab report: study \(report.selection.study)\n\n"
        out += "Selection: \(report.selection.sentence).\n\n"
        out += "## Results\n\n" + report.resultParagraphs.map { ProseMarkup.markdown($0) + "\n\n" }.joined()
        if !report.notComputed.isEmpty {
            out += "Not computed:\n\n" + report.notComputed.map { "- \($0)\n" }.joined() + "\n"
        }
        out += "## Dataset and design\n\n" + report.participantsDescription.paragraph + "\n\n"
        out += designSentence(report) + "\n\n"
        let tables = StudyReportTables.all(report)
        let byFile = Dictionary(uniqueKeysWithValues: tables.map { ($0.file, $0) })
        func section(_ stems: [String]) -> String {
            stems.compactMap { byFile[$0] }.map { "### \($0.title)\n\n" + $0.table.rendered(as: .md) + "\n" }.joined()
        }
        out += section(["design-factors", "design-cells", "design-empty-cells"])
        out += "## Summary\n\n" + report.summary.methods + "\n\n" + section(["summary"])
        for comparison in report.comparisons + report.scoreComparisons {
            let stem = StudyReportTables.fileStem(comparison.request.measure.description)
            out +=
                "## Comparison: \(comparison.request.measure) over \(factorList(comparison.request.factors, report.names))\n\n"
            out += comparison.comparisons.flatMap(\.reasons).joined(separator: " ") + "\n\n"
            out += section(["\(stem)-cells", "\(stem)-tests", "\(stem)-simple-effects", "\(stem)-posthoc"])
        }
        if let learning = report.learningCurves {
            out += "## Text entry\n\n" + learning.methods + "\n\n" + section(["learning-fits", "learning-points"])
        }
        if let offsets = report.keyOffsets {
            out += offsets.methods + "\n\n" + section(["key-offsets-conditions", "key-offsets-keys"])
        }
        if !report.counterbalancing.isEmpty {
            out += "## Counterbalancing\n\n" + report.counterbalancingParagraphs.joined(separator: "\n\n") + "\n\n"
        }
        if !report.scores.isEmpty {
            out += "## Questionnaires\n\n"
            for scores in report.scores {
                let stem = "scores-" + StudyReportTables.fileStem(scores.instrument.name)
                out += scores.method + "\n\n"
                out += section(["\(stem)-cells", "\(stem)-items", "\(stem)-excluded"])
            }
        }
        out += "## Methods\n\n" + report.methodParagraphs.map { ProseMarkup.markdown($0) + "\n\n" }.joined()
        out += "## Provenance\n\n" + section(["provenance"])
        return out
    }

    /// Factors by their display names, joined by " x ".
    static func factorList(_ factors: [String], _ names: DisplayNames) -> String {
        factors.map(names.factor).joined(separator: " x ")
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
                StudyReportTables.all(report, decimals: nil).map { ("\($0.file).csv", $0.table.rendered(as: .csv)) }
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
