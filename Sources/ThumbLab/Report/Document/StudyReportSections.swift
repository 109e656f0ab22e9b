/// The study report as one document, which the Markdown, HTML and LaTeX writers render:
/// Results; the dataset and design; the summary; each comparison with its chart and tables;
/// text entry; counterbalancing; questionnaires; one section per provider; Methods;
/// Provenance; and an appendix. The sections hold the tables a paper prints
/// (`PaperTables`); the appendix holds the full tables, every column, as the CSV files do.
public enum StudyReportSections {
    /// The sections added after the questionnaires, in order. An analysis that wants a
    /// section of its own in the report adds its provider here.
    public static let providers: [ReportSectionProvider] = [.screen]

    /// The sections of the report in order.
    public static func sections(_ report: StudyReport, providers: [ReportSectionProvider] = providers)
        -> [ReportSection]
    {
        let tables = StudyReportTables.all(report)
        let byFile = Dictionary(uniqueKeysWithValues: tables.map { ($0.file, $0) })
        func tableBlocks(_ stems: [String]) -> [ReportBlock] {
            stems.compactMap { byFile[$0] }.map(ReportBlock.table)
        }
        var results: [ReportBlock] = report.resultParagraphs.map(ReportBlock.paragraph)
        if !report.notComputed.isEmpty {
            results += [.text("Not computed:"), .list(report.notComputed)]
        }
        var appendix: [String] = ["summary"]
        var sections = [
            ReportSection(id: "results", title: "Results", blocks: results),
            ReportSection(
                id: "design", title: "Dataset and design",
                blocks: [
                    .text(report.participantsDescription.paragraph),
                    .text(StudyReportDocument.designSentence(report)),
                ]
                    + tableBlocks(["design-factors", "design-cells", "design-empty-cells"])),
            ReportSection(
                id: "summary", title: "Summary",
                blocks: [.text(report.summary.methods)]
                    + [PaperTables.descriptives(report)].compactMap { $0 }.map(ReportBlock.table)),
        ]
        for comparison in report.comparisons + report.scoreComparisons {
            let measure = comparison.request.measure.description
            let stem = StudyReportTables.fileStem(measure)
            let chart = ComparisonChart.chart(comparison)
            var blocks: [ReportBlock] = [
                .text(comparison.comparisons.flatMap(\.reasons).joined(separator: " ")),
                .figure("the \(measure) comparison", caption: ReportFigure.caption(chart.title)) {
                    try ComparisonChart.figure(comparison, size: $0)
                },
            ]
            blocks +=
                ([PaperTables.tests(comparison)]
                + [PaperTables.simpleEffects(comparison), PaperTables.posthoc(comparison)].compactMap { $0 }).map(
                    ReportBlock.table)
            appendix += ["\(stem)-cells", "\(stem)-tests", "\(stem)-simple-effects", "\(stem)-posthoc"]
            sections.append(
                ReportSection(
                    id: "comparison-\(HTMLWriter.identifier(stem))",
                    title: comparison.text(names: report.names).measureTitle + " by "
                        + comparison.request.factors.map(report.names.factor).joined(separator: " × "),
                    blocks: blocks))
        }
        if let learning = report.learningCurves {
            let chart = LearningCurveTables.chart(learning)
            var blocks: [ReportBlock] = [
                .text(learning.methods),
                .figure("the learning curves", caption: ReportFigure.caption(chart.title)) {
                    try chart.figure(size: $0)
                },
            ]
            blocks += tableBlocks(["learning-fits"])
            appendix.append("learning-points")
            if let offsets = report.keyOffsets {
                let heatmap = KeyOffsetTables.figure(offsets)
                blocks += [
                    .text(offsets.methods),
                    .figure("the key-press offsets", caption: ReportFigure.caption(heatmap.title)) {
                        try heatmap.figure(size: $0)
                    },
                ]
                blocks += tableBlocks(["key-offsets-conditions"])
                appendix.append("key-offsets-keys")
            }
            sections.append(ReportSection(id: "text-entry", title: "Text entry", blocks: blocks))
        }
        if !report.counterbalancing.isEmpty {
            sections.append(
                ReportSection(
                    id: "counterbalancing", title: "Counterbalancing",
                    blocks: report.counterbalancingParagraphs.map(ReportBlock.text)))
        }
        if !report.scores.isEmpty {
            var blocks: [ReportBlock] = []
            var factorSets: [[String]] = []
            for scores in report.scores where !factorSets.contains(scores.factors) { factorSets.append(scores.factors) }
            blocks += factorSets.compactMap { PaperTables.scores(report.scores, factors: $0, names: report.names) }
                .map(ReportBlock.table)
            for scores in report.scores {
                let stem = "scores-" + StudyReportTables.fileStem(scores.instrument.name)
                blocks.append(.heading(scores.instrument.name))
                blocks.append(.text(scores.method))
                blocks += tableBlocks(["\(stem)-excluded"])
                appendix += ["\(stem)-cells", "\(stem)-items"]
            }
            sections.append(ReportSection(id: "questionnaires", title: "Questionnaires", blocks: blocks))
        }
        sections += providers.compactMap { $0.section(report) }
        sections.append(
            ReportSection(id: "methods", title: "Methods", blocks: report.methodParagraphs.map(ReportBlock.paragraph)))
        sections.append(
            ReportSection(
                id: "provenance", title: "Provenance",
                blocks: [.text("Every import of the study, with the SHA-256 of the file it read.")]
                    + tableBlocks(["provenance"])))
        sections.append(
            ReportSection(
                id: "appendix", title: "Appendix: full tables",
                blocks: [
                    .text(
                        "Every figure of the tables above, and more, with every column: the tables the report's CSV "
                            + "files hold.")
                ] + tableBlocks(appendix)))
        return sections
    }
}
