import Foundation
import Testing
import ThumbLab
import ThumbLabStats

/// The examples of the Scripting article, run as written on the demo's database, with
/// what they print checked against the analyses they stand for.
@Suite struct ScriptingArticleTests {
    /// The demo's study in a temporary folder, and the main-block selection the examples use.
    func demoStudy(_ folder: TemporaryFolder) throws -> Study {
        let demo = folder.url.appendingPathComponent("thumblab-demo").path
        _ = try Demo.run(
            dataset: repositoryRoot.appendingPathComponent("Datasets/thumbspace-vs-shift").path, into: demo)
        return try Study(path: demo + "/study.sqlite")
    }

    let main = Selection(exclude: [LevelFilter(factor: "block", levels: ["0"])])

    @Test func theSummaryPrintsItsMarkdownTable() throws {
        let study = try demoStudy(TemporaryFolder())
        let summary = try study.summary(SummaryRequest(by: ["technique", "target_size_mm"]), selection: main)
        let markdown = summary.tables.rendered(as: .md)
        #expect(markdown.hasPrefix("### Summary by technique x target size (mm)\n\n| technique | target size (mm) |"))
        #expect(markdown.contains("### Methods\n\n" + summary.methods))
        #expect(summary.rows.count == 9)
        #expect(summary.selection.trials == 5184)
    }

    @Test func theComparisonPrintsItsSentencesAndMethods() throws {
        let study = try demoStudy(TemporaryFolder())
        let time = try study.compare(ComparisonRequest(measure: .time, factors: ["technique"]), selection: main)
        #expect(time.sentences.first?.hasPrefix("Technique affected time") == true)
        #expect(time.tables.paragraphs.contains { $0.lines.contains(time.methods) })
        #expect(time.comparisons[0].tests.map(\.test) == ["rm-anova"])
    }

    @Test func theHeatmapGivesEachLevelsCells() throws {
        let study = try demoStudy(TemporaryFolder())
        let heatmap = try study.heatmap(HeatmapRequest(measure: .error, by: "technique"))
        #expect(heatmap.maps.map(\.level) == ["Direct", "Shift", "ThumbSpace"])
        for map in heatmap.maps {
            #expect(map.cells.count == 4 * 6)
            #expect(map.cells.filter(\.isShown).allSatisfy { $0.errorRate != nil })
        }
        #expect(heatmap.json == HeatmapTables.json(heatmap))
    }

    /// The paired t-test on the participants' ln geometric-mean times is the test
    /// `compare` runs on two levels of technique.
    @Test func aThumbLabStatsTestOnTheStudysValuesMatchesTheComparison() throws {
        let study = try demoStudy(TemporaryFolder())
        let rows = try study.summary(SummaryRequest(by: ["technique"], perParticipant: true), selection: main).rows
        func lnTime(_ technique: String) -> [String: Double] {
            var values: [String: Double] = [:]
            for row in rows where row.levels == [technique] {
                if let participant = row.participant, let time = row.timeGeomean { values[participant] = log(time) }
            }
            return values
        }
        let direct = lnTime("Direct")
        let shift = lnTime("Shift")
        let both = direct.keys.filter { shift[$0] != nil }.sorted()
        let test = try TTest.paired(both.map { direct[$0]! }, both.map { shift[$0]! })

        #expect(both.count == 16)
        let comparison = try study.compare(
            ComparisonRequest(measure: .time, factors: ["technique"], levels: ["Direct", "Shift"]), selection: main)
        let outcome = try #require(comparison.comparisons.first?.tests.first)
        #expect(outcome.test == "paired-t")
        #expect(close(test.t, outcome.statistic, 1e-9))
        #expect(close(test.t, -7.266906443188306, 1e-9))
        #expect(test.apa.hasPrefix("t(15) = -7.27"))
    }
}
