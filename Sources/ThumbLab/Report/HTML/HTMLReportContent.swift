extension HTMLReportDocument {
    /// The sections of the report in order: everything the Markdown report holds, each
    /// comparison with its chart, then one section per provider, then Methods and
    /// Provenance.
    public static func sections(_ report: StudyReport, providers: [HTMLSectionProvider] = providers)
        -> [HTMLReportSection]
    {
        let tables = StudyReportTables.all(report)
        let byFile = Dictionary(uniqueKeysWithValues: tables.map { ($0.file, $0) })
        func tableBlocks(_ stems: [String]) -> [HTMLBlock] {
            stems.compactMap { byFile[$0] }.map { .table(title: $0.title, table: $0.table) }
        }
        var results: [HTMLBlock] = report.resultParagraphs.map(HTMLBlock.prose)
        if !report.notComputed.isEmpty {
            results += [.paragraph("Not computed:"), .list(report.notComputed)]
        }
        var sections = [
            HTMLReportSection(id: "results", title: "Results", blocks: results),
            HTMLReportSection(
                id: "design", title: "Dataset and design",
                blocks: [
                    .paragraph(report.participantsDescription.paragraph),
                    .paragraph(StudyReportDocument.designSentence(report)),
                ]
                    + tableBlocks(["design-factors", "design-cells", "design-empty-cells"])),
            HTMLReportSection(
                id: "summary", title: "Summary",
                blocks: [.paragraph(report.summary.methods)] + tableBlocks(["summary"])),
        ]
        for comparison in report.comparisons + report.scoreComparisons {
            let measure = comparison.request.measure.description
            let stem = StudyReportTables.fileStem(measure)
            let chart = ComparisonChart.chart(comparison)
            var blocks: [HTMLBlock] = [
                .paragraph(comparison.comparisons.flatMap(\.reasons).joined(separator: " ")),
                .figure("the \(measure) comparison", caption: HTMLSectionProvider.caption(chart.title)) {
                    try chart.figure()
                },
            ]
            blocks += tableBlocks(["\(stem)-cells", "\(stem)-tests", "\(stem)-simple-effects", "\(stem)-posthoc"])
            sections.append(
                HTMLReportSection(
                    id: "comparison-\(HTMLWriter.identifier(stem))",
                    title:
                        "Comparison: \(measure) over \(StudyReportDocument.factorList(comparison.request.factors, report.names))",
                    blocks: blocks))
        }
        if let learning = report.learningCurves {
            let chart = LearningCurveTables.chart(learning)
            var blocks: [HTMLBlock] = [
                .paragraph(learning.methods),
                .figure("the learning curves", caption: HTMLSectionProvider.caption(chart.title)) {
                    try chart.figure()
                },
            ]
            blocks += tableBlocks(["learning-fits", "learning-points"])
            if let offsets = report.keyOffsets {
                let heatmap = KeyOffsetTables.figure(offsets)
                blocks += [
                    .paragraph(offsets.methods),
                    .figure("the key-press offsets", caption: HTMLSectionProvider.caption(heatmap.title)) {
                        try heatmap.figure()
                    },
                ]
                blocks += tableBlocks(["key-offsets-conditions", "key-offsets-keys"])
            }
            sections.append(HTMLReportSection(id: "text-entry", title: "Text entry", blocks: blocks))
        }
        if !report.counterbalancing.isEmpty {
            sections.append(
                HTMLReportSection(
                    id: "counterbalancing", title: "Counterbalancing",
                    blocks: report.counterbalancingParagraphs.map(HTMLBlock.paragraph)))
        }
        if !report.scores.isEmpty {
            var blocks: [HTMLBlock] = []
            for scores in report.scores {
                let stem = "scores-" + StudyReportTables.fileStem(scores.instrument.name)
                blocks.append(.heading(scores.instrument.name))
                blocks.append(.paragraph(scores.method))
                blocks += tableBlocks(["\(stem)-cells", "\(stem)-items", "\(stem)-excluded"])
            }
            sections.append(HTMLReportSection(id: "questionnaires", title: "Questionnaires", blocks: blocks))
        }
        sections += providers.compactMap { $0.section(report) }
        sections.append(
            HTMLReportSection(id: "methods", title: "Methods", blocks: report.methodParagraphs.map(HTMLBlock.prose)))
        sections.append(
            HTMLReportSection(
                id: "provenance", title: "Provenance",
                blocks: [.paragraph("Every import of the study, with the SHA-256 of the file it read.")]
                    + tableBlocks(["provenance"])))
        return sections
    }
}
