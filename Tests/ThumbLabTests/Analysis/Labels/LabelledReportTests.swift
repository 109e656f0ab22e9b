import Foundation
import Testing

@testable import ThumbLab

/// Every analysis of a labelled study shows the labels (and unlabelled factors in words) in
/// its tables for people and figures, while CSV and JSON keep the raw names and JSON adds
/// the labels.
@Suite struct LabelledReportTests {
    let folder = TemporaryFolder()

    func labelledStudy(_ files: [String] = ["trials.csv"]) throws -> Study {
        let study = try bundledStudy(files, folder: folder)
        try study.setLabel("Technique", factor: "technique")
        try study.setLabel("Thumb Space", level: "ThumbSpace", of: "technique")
        try study.setLabel("On foot", level: "walking", of: "mobility")
        return study
    }

    static let expectedLabels = JSONValue.object([
        ("factors", .object([("technique", .string("Technique"))])),
        (
            "levels",
            .object([
                ("mobility", .object([("walking", .string("On foot"))])),
                ("technique", .object([("ThumbSpace", .string("Thumb Space"))])),
            ])
        ),
    ])

    /// The member `key` of a JSON object.
    func member(_ json: JSONValue, _ key: String) -> JSONValue? {
        guard case .object(let members) = json else { return nil }
        return members.first { $0.0 == key }?.1
    }

    @Test func theSummaryShowsLabelsToPeopleAndRawNamesToFiles() throws {
        let study = try labelledStudy()
        let summary = try study.summary(SummaryRequest(by: ["technique", "target_size_mm"]))
        let markdown = summary.tables.rendered(as: .md)
        #expect(markdown.contains("### Summary by Technique x target size (mm)"))
        #expect(markdown.hasPrefix("### Summary by Technique x target size (mm)\n\n| Technique | target size (mm) |"))
        #expect(markdown.contains("| Thumb Space | 3.6 |"))
        #expect(!markdown.contains("target_size_mm"))
        let text = summary.tables.rendered(as: .text)
        #expect(text.contains("Thumb Space") && !text.contains("target_size_mm"))
        let csv = summary.tables.rendered(as: .csv)
        #expect(csv.hasPrefix("technique,target_size_mm,participants"))
        #expect(csv.contains("ThumbSpace,3.6,") && !csv.contains("Thumb Space"))
        #expect(member(summary.json, "labels") == Self.expectedLabels)
        #expect(summary.json.rendered().contains("\"technique\": \"ThumbSpace\""))
    }

    @Test func aComparisonShowsLabelsInTablesSentencesAndItsChart() throws {
        let study = try labelledStudy()
        let report = try study.compare(ComparisonRequest(measure: .time, factors: ["technique", "target_size_mm"]))
        let markdown = report.tables.rendered(as: .md)
        #expect(markdown.contains("| Technique | target size (mm) |"))
        #expect(markdown.contains("| Technique × target size (mm) |"))
        #expect(!markdown.contains("target_size_mm"))
        #expect(report.sentences.contains { $0.contains("Technique affected time") })
        #expect(report.sentences.contains { $0.contains(" ms for Thumb Space") })
        #expect(report.sentences.allSatisfy { !$0.contains("target_size_mm") })
        #expect(!report.methods.contains("target_size_mm"))
        let csv = report.tables.rendered(as: .csv)
        #expect(csv.contains("technique:target_size_mm") && !csv.contains("Thumb Space"))
        #expect(member(report.json, "labels") == Self.expectedLabels)
        let chart = ComparisonChart.chart(report)
        #expect(chart.title.hasPrefix("Time by Technique x target size (mm)"))
        #expect(chart.points.contains { $0.group == "Thumb Space" })
        let svg = SVGWriter.document(try chart.figure())
        #expect(svg.contains("Thumb Space") && !svg.contains("target_size_mm") && !svg.contains("ThumbSpace<"))
    }

    @Test func heatmapsTargetSizeAndReachZonesShowLabels() throws {
        let study = try labelledStudy()
        let heatmap = try study.heatmap(HeatmapRequest(by: "technique"))
        #expect(heatmap.tables.tables.contains { $0.title.contains("Technique Thumb Space") })
        #expect(HeatmapFigures.figure(heatmap).title.contains("by Technique"))
        #expect(member(heatmap.json, "labels") == Self.expectedLabels)
        let size = try study.targetSize()
        #expect(size.methods.contains("the levels of the factor target size (mm)"))
        #expect(member(size.json, "labels") == Self.expectedLabels)
        let reach = try study.reachZones(ReachZoneRequest(by: "mobility"))
        let zones = reach.tables.rendered(as: .md)
        #expect(zones.contains("On foot") && zones.contains("| device | mobility |"))
        #expect(reach.methods.contains("level of mobility"))
    }

    /// Filters and the conditions an outlier rule judges within are named as readers see them.
    @Test func selectionSentencesShowFiltersAndConditionsByTheirNames() throws {
        let study = try labelledStudy()
        let selection = Selection(
            keep: [LevelFilter(factor: "technique", levels: ["ThumbSpace", "Direct"])],
            exclude: [LevelFilter(factor: "target_size_mm", levels: ["9.6"])],
            outliers: try OutlierRule(parsing: "sd:3"))
        let summary = try study.summary(selection: selection)
        #expect(summary.selection.sentence.contains("where Technique=Thumb Space,Direct"))
        #expect(summary.selection.sentence.contains("excluding target size (mm)=9.6"))
        #expect(
            summary.selection.cleaningMethods.contains("each combination of Technique, target size (mm) and mobility"))
        let json = summary.selection.json.rendered()
        #expect(json.contains("\"target_size_mm\": [") && json.contains("\"ThumbSpace\""))
    }

    @Test func densityMapsShowLabels() throws {
        let study = try labelledStudy()
        let density = try study.density(DensityRequest(grid: .cells(columns: 8, rows: 12), by: ["technique"]))
        let markdown = density.tables.rendered(as: .md)
        #expect(markdown.contains("Touch density by Technique") && markdown.contains("| Thumb Space |"))
        #expect(density.tables.rendered(as: .csv).contains("ThumbSpace,"))
        #expect(SpatialCharts.density(density).panels.map(\.label).contains("Technique Thumb Space"))
        #expect(member(density.json, "labels") == Self.expectedLabels)
    }

    @Test func questionnaireScoresShowLabels() throws {
        let study = try labelledStudy(["trials.csv", "responses.csv"])
        let scores = try study.scores()
        let markdown = scores.tables.rendered(as: .md)
        #expect(markdown.contains("| Technique |") && markdown.contains("| Thumb Space |"))
        #expect(scores.tables.rendered(as: .csv).contains("technique,"))
        #expect(member(ScoresTables.json(scores.scores[0]), "labels") == Self.expectedLabels)
    }
}
