import Foundation
import Testing
import ThumbLab

/// Every analysis report read through ``AnalysisReport``: its `tables` and `json` are the
/// ones the report's tables type gives at the command's defaults, and it states its methods.
@Suite struct AnalysisReportTests {
    /// Checks the three requirements of the protocol against the tables type's own answers.
    func expectForwards<Report: AnalysisReport>(
        _ report: Report, tables: TitledTables, json: JSONValue, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(report.tables == tables, sourceLocation: sourceLocation)
        #expect(!report.tables.tables.isEmpty, sourceLocation: sourceLocation)
        #expect(report.json == json, sourceLocation: sourceLocation)
        #expect(!report.methods.isEmpty, sourceLocation: sourceLocation)
    }

    @Test func summaryComparisonAndScoresForwardToTheirTables() throws {
        let folder = TemporaryFolder()
        let study = try bundledStudy(["trials.csv", "responses.csv"], folder: folder)
        let summary = try study.summary(SummaryRequest(by: ["technique"]))
        expectForwards(summary, tables: SummaryTables.tables(summary, decimals: 3), json: SummaryTables.json(summary))
        let comparison = try study.compare(ComparisonRequest(measure: .time, factors: ["technique"]))
        expectForwards(
            comparison, tables: ComparisonTables.tables(comparison, decimals: 3),
            json: ComparisonTables.json(comparison))
        let scores = try study.scores()
        let expected = TitledTables(
            tables: scores.scores.flatMap { ScoresTables.tables($0, decimals: 2) },
            paragraphs: [("Methods", scores.scores.map(\.method)), ("Selection", [scores.selectionSentence])])
        expectForwards(scores, tables: expected, json: ScoresTables.json(scores))
        #expect(scores.scores.count > 1, "the bundled answers hold several instruments")
        #expect(scores.methods == scores.scores.map(\.method).joined(separator: "\n\n"))
    }

    @Test func oneInstrumentHasItsOwnTablesAndJSON() throws {
        let folder = TemporaryFolder()
        let sus = try bundledStudy(["trials.csv", "responses.csv"], folder: folder).scores(
            ScoresRequest(instrument: "SUS"))
        let scores = try #require(sus.scores.first)
        #expect(scores.tables.tables.map(\.title) == ScoresTables.tables(scores).map(\.title))
        #expect(scores.tables.tables.map(\.table) == ScoresTables.tables(scores, decimals: 2).map(\.table))
        #expect(scores.tables.paragraphs.map(\.lines) == [[scores.method]])
        #expect(scores.json == ScoresTables.json(scores))
        #expect(sus.tables.tables.map(\.table) == scores.tables.tables.map(\.table))
        #expect(sus.selectionSentence.hasSuffix("questionnaire sheets of 16 participants."))
    }

    @Test func reachAndSpatialReportsForwardToTheirTables() throws {
        let folder = TemporaryFolder()
        let study = try bundledStudy(folder: folder)
        let heatmap = try study.heatmap()
        expectForwards(heatmap, tables: HeatmapTables.tables(heatmap), json: HeatmapTables.json(heatmap))
        let difference = try study.heatmapDifference(
            HeatmapDifferenceRequest(factor: "technique", levels: ("Direct", "Shift")))
        expectForwards(
            difference, tables: HeatmapDifferenceTables.tables(difference),
            json: HeatmapDifferenceTables.json(difference))
        let zones = try study.reachZones()
        expectForwards(zones, tables: ReachZoneTables.tables(zones), json: ReachZoneTables.json(zones))
        let density = try study.density()
        expectForwards(density, tables: DensityTables.tables(density, decimals: 3), json: DensityTables.json(density))
        let size = try study.targetSize()
        expectForwards(size, tables: TargetSizeTables.tables(size, decimals: 3), json: TargetSizeTables.json(size))
    }

    @Test func directionAuditAndFittsForwardToTheirTables() throws {
        let folder = TemporaryFolder()
        let reach = try thumbReachStudy(folder: folder)
        let direction = try reach.direction(DirectionRequest(device: "small"))
        expectForwards(
            direction, tables: DirectionTables.tables(direction, decimals: 3), json: DirectionTables.json(direction))
        let layout = try ScreenLayout(
            contentsOf: repositoryRoot.appendingPathComponent("Datasets/thumb-reach/layout-small.json").path)
        let audit = try reach.auditLayout(
            layout, request: LayoutAuditRequest(zone: ReachZoneRequest(device: "small")),
            selection: Selection(study: "thumb-reach", attempts: .all))
        expectForwards(audit, tables: LayoutAuditTables.tables(audit, decimals: 2), json: LayoutAuditTables.json(audit))
        let fitts = try serialStudy(folder: folder).fitts(FittsRequest(by: ["technique"]))
        expectForwards(fitts, tables: FittsTables.tables(fitts, decimals: 3), json: FittsTables.json(fitts))
    }

    @Test func theStudyReportGivesEveryTableItsJSONAndMarkdown() throws {
        let folder = TemporaryFolder()
        let report = try bundledStudy(["trials.csv", "responses.csv"], folder: folder).report()
        let all = StudyReportTables.all(report)
        #expect(report.tables.tables.map(\.title) == all.map(\.title))
        #expect(report.tables.tables.map(\.table) == all.map(\.data))
        #expect(report.tables.paragraphs.map(\.title) == ["Results", "Not computed", "Methods"])
        #expect(report.tables.paragraphs[0].lines == report.results)
        #expect(report.tables.paragraphs[2].lines == report.methods)
        #expect(report.json == StudyReportDocument.json(report))
        #expect(report.markdown == StudyReportDocument.markdown(report))
    }

    @Test func aScriptPrintsAnyReportTheSameWay() throws {
        let folder = TemporaryFolder()
        let study = try bundledStudy(folder: folder)
        let reports: [any AnalysisReport] = [try study.summary(SummaryRequest(by: ["technique"])), try study.heatmap()]
        for report in reports {
            let markdown = report.tables.rendered(as: .md)
            #expect(markdown.hasPrefix("### "))
            #expect(markdown.contains("| "))
            guard case .object(let members) = report.json else {
                Issue.record("\(type(of: report)) JSON is not an object")
                continue
            }
            #expect(members.first?.0 == "selection")
        }
    }
}
