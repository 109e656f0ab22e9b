import Foundation
import Testing
import ThumbLab

/// The research script in README.md's tour, run as written on the demo's database, so
/// that it keeps compiling and printing what a researcher expects.
@Suite struct ReadmeScriptTests {
    @Test func theTourScriptComparesSummarisesAndScores() throws {
        let folder = TemporaryFolder()
        let demo = folder.url.appendingPathComponent("thumblab-demo").path
        _ = try Demo.run(
            dataset: repositoryRoot.appendingPathComponent("Datasets/thumbspace-vs-shift").path, into: demo)
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

        // The README's script, its database path inside the temporary folder.
        let study = try Study(path: demo + "/study.sqlite")
        let main = Selection(exclude: [LevelFilter(factor: "block", levels: ["0"])])
        let time = try study.compare(ComparisonRequest(measure: .time, factors: ["technique"]), selection: main)
        print(time.sentences.joined(separator: "\n"))
        let errors = try study.summary(SummaryRequest(by: ["technique", "target_size_mm"]), selection: main)
        for row in errors.rows { print(row.levels, row.errorRate ?? .nan) }
        let sus = try study.scores(ScoresRequest(instrument: "SUS"))
        print(sus.tables.rendered(as: .md))

        #expect(printed.count == 1 + 9 + 1)
        #expect(printed[0].hasPrefix("Technique affected time (repeated-measures ANOVA, F("))
        #expect(printed[0].contains("geometric means 1109 ms for Direct"))
        #expect(printed[1] == "[\"Direct\", \"3.6\"] \(errors.rows[0].errorRate!)")
        #expect(printed.last?.hasPrefix("### SUS by cell\n\n| technique | n | mean |") == true)
        #expect(printed.last?.contains("### SUS by participant\n\n| participant | technique | score |") == true)
        #expect(printed.last?.contains("### Methods\n\nSUS") == true)
    }
}
