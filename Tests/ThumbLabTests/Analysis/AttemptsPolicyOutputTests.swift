import Foundation
import Testing
import ThumbLab

/// Every analysis called with its defaults states the attempts policy it used: in its
/// report's selection, in the Selection paragraph of its tables and in the `selection`
/// object of its JSON. First attempts for the summary, comparisons, scores and the report;
/// every attempt for Fitts' law and the spatial analyses.
@Suite struct AttemptsPolicyOutputTests {
    /// The policy's words in ``SelectionSummary/sentence``.
    static func words(_ policy: AttemptPolicy) -> String {
        switch policy {
        case .first: "first attempts (a trial's time and hit are its first attempt's)"
        case .last: "last attempts"
        case .all: "every attempt as a trial"
        }
    }

    /// The member `key` of an object, or of the first object of an array.
    static func member(_ key: String, of json: JSONValue?) -> JSONValue? {
        switch json {
        case .object(let members): members.first { $0.0 == key }?.1
        case .array(let values): member(key, of: values.first)
        default: nil
        }
    }

    func expectStates<Report: AnalysisReport>(
        _ report: Report, selection: SelectionSummary?, _ policy: AttemptPolicy, sentence: Bool = true,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(selection?.attempts == policy, sourceLocation: sourceLocation)
        let paragraph = report.tables.paragraphs.first { $0.title == "Selection" }?.lines.joined(separator: " ")
        #expect(paragraph != nil, sourceLocation: sourceLocation)
        if sentence {
            #expect(paragraph?.contains(Self.words(policy)) == true, sourceLocation: sourceLocation)
        }
        let attempts = Self.member("attempts", of: Self.member("selection", of: report.json))
        #expect(attempts == .string(policy.rawValue), sourceLocation: sourceLocation)
    }

    @Test func trialAnalysesStateFirstAttempts() throws {
        let folder = TemporaryFolder()
        let study = try bundledStudy(["trials.csv", "responses.csv"], folder: folder)
        let summary = try study.summary(SummaryRequest(by: ["technique"]))
        expectStates(summary, selection: summary.selection, .first)
        let comparison = try study.compare(ComparisonRequest(measure: .time, factors: ["technique"]))
        expectStates(comparison, selection: comparison.selection, .first)
        let scores = try study.scores()
        expectStates(scores, selection: scores.selection, .first, sentence: false)
        #expect(scores.selectionSentence.contains("every sheet (questionnaire answers have no attempts)"))
    }

    @Test func aSelectionsPolicyIsTheOneStated() throws {
        let folder = TemporaryFolder()
        let study = try bundledStudy(folder: folder)
        let summary = try study.summary(SummaryRequest(by: ["technique"]), selection: .everyAttempt)
        expectStates(summary, selection: summary.selection, .all)
        let heatmap = try study.heatmap(selection: Selection(attempts: .last))
        expectStates(heatmap, selection: heatmap.selection, .last)
    }

    @Test func spatialAnalysesStateEveryAttempt() throws {
        let folder = TemporaryFolder()
        let study = try bundledStudy(folder: folder)
        let heatmap = try study.heatmap()
        expectStates(heatmap, selection: heatmap.selection, .all)
        let difference = try study.heatmapDifference(
            HeatmapDifferenceRequest(factor: "technique", levels: ("Direct", "Shift")))
        expectStates(difference, selection: difference.selection, .all)
        let zones = try study.reachZones()
        expectStates(zones, selection: zones.selection, .all)
        let density = try study.density()
        expectStates(density, selection: density.selection, .all)
        let size = try study.targetSize()
        expectStates(size, selection: size.selection, .all)
    }

    @Test func directionAuditAndFittsStateEveryAttempt() throws {
        let folder = TemporaryFolder()
        let reach = try thumbReachStudy(folder: folder)
        let direction = try reach.direction(DirectionRequest(device: "small"))
        expectStates(direction, selection: direction.selection, .all)
        let layout = try ScreenLayout(
            contentsOf: repositoryRoot.appendingPathComponent("Datasets/thumb-reach/layout-small.json").path)
        let audit = try reach.auditLayout(layout, request: LayoutAuditRequest(zone: ReachZoneRequest(device: "small")))
        expectStates(audit, selection: audit.selection, .all)
        let fitts = try serialStudy(folder: folder).fitts(FittsRequest(by: ["technique"]))
        expectStates(fitts, selection: fitts.selection, .all)
    }

    @Test func theReportStatesFirstAttemptsAndEveryAttemptForItsSpatialAnalyses() throws {
        let folder = TemporaryFolder()
        let report = try bundledStudy(["trials.csv", "responses.csv"], folder: folder).report()
        #expect(report.selection.attempts == .first)
        #expect(report.markdown.contains("Selection: \(report.selection.sentence)."))
        #expect(report.selection.sentence.contains(Self.words(.first)))
        #expect(report.methods.first?.contains("with the time and hit of its first attempt") == true)
        #expect(Self.member("attempts", of: Self.member("selection", of: report.json)) == .string("first"))
        #expect(report.spatial.selection.attempts == .all)
        #expect(report.spatial.timeHeatmap?.selection.attempts == .all)
        #expect(report.summary.selection.attempts == .first)
        #expect(report.comparisons.allSatisfy { $0.selection.attempts == .first })
    }
}
