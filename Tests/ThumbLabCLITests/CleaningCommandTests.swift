import Foundation
import Testing

/// `--trials`, `--outliers` and `--outlier-scale` on the analysis commands, `thumblab
/// excluded` and `thumblab plan`, end to end on the bundled study.
@Suite struct CleaningCommandTests {
    func demoSandbox() throws -> Sandbox {
        let sandbox = try Sandbox()
        let run = try sandbox.run(["demo"])
        #expect(run.status == 0, "\(run.stderr)")
        return sandbox
    }

    static func json(_ run: Run) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")
    }

    @Test func everyOutputStatesTheRuleAndWhatItRemoved() throws {
        let sandbox = try demoSandbox()
        let db = sandbox.path("thumblab-demo/study.sqlite")
        let cleaning = ["--exclude", "block=0", "--trials", "hits", "--outliers", "sd:2"]
        let summary = try Self.json(
            sandbox.run(["summary", "--db", db, "--by", "technique", "--format", "json"] + cleaning))
        let selection = try #require(summary["selection"] as? [String: Any])
        #expect(selection["time_trials"] as? String == "hits")
        #expect(selection["removed_misses"] as? Int == 1014)
        let outliers = try #require(selection["outliers"] as? [String: Any])
        #expect(outliers["rule"] as? String == "sd:2")
        #expect(outliers["scale"] as? String == "log")
        let removed = try #require(outliers["removed"] as? Int)
        #expect(removed > 0)
        #expect(selection["trials_used"] as? Int == 5184 - 1014 - removed)
        let cells = try #require(summary["cells"] as? [[String: Any]])
        #expect(cells.reduce(0) { $0 + ($1["time_trials"] as? Int ?? 0) } == 5184 - 1014 - removed)
        #expect((summary["methods"] as? String)?.contains("Trials more than 2 SDs of ln time") == true)

        for command in [["compare", "--factor", "technique"], ["heatmap"], ["target-size"], ["report"]] {
            let run = try sandbox.run(command + ["--db", db] + cleaning)
            #expect(run.status == 0, "\(command): \(run.stderr)")
            let text =
                command[0] == "report"
                ? try String(contentsOfFile: sandbox.path("thumblab-report/report.md"), encoding: .utf8) : run.stdout
            // The spatial commands count every attempt, so their rule judges other trials.
            let stated = ["heatmap", "target-size"].contains(command[0]) ? "" : "\(removed) removed)"
            #expect(text.contains("outliers sd:2 on ln time (\(stated)"), "\(command)")
            #expect(text.contains("Trials more than 2 SDs of ln time"), "\(command)")
        }
    }

    @Test func excludedListsEachRemovedTrialWithItsRule() throws {
        let sandbox = try demoSandbox()
        let db = sandbox.path("thumblab-demo/study.sqlite")
        let run = try sandbox.run([
            "excluded", "--db", db, "--exclude", "block=0", "--outliers", "iqr:1.5", "--outlier-scale", "raw",
            "--format", "csv",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(whereSeparator: \.isNewline)
        #expect(lines.first == "participant,technique,target_size_mm,mobility,block,trial,attempt,time_ms,reason")
        #expect(lines.count > 1)
        #expect(lines.dropFirst().allSatisfy { $0.hasSuffix(",iqr:1.5") })
        let summary = try Self.json(
            sandbox.run([
                "summary", "--db", db, "--exclude", "block=0", "--outliers", "iqr:1.5", "--outlier-scale", "raw",
                "--format", "json",
            ]))
        let outliers = try #require((summary["selection"] as? [String: Any])?["outliers"] as? [String: Any])
        #expect(outliers["removed"] as? Int == lines.count - 1)
        let none = try sandbox.run(["excluded", "--db", db, "--format", "json"])
        #expect(
            try Self.json(none)["trials"] as? [Any] == nil || (try Self.json(none)["trials"] as? [Any])?.isEmpty == true
        )
    }

    @Test(arguments: [
        ("sd:0", "K must be above 0"), ("sd:-1", "K must be above 0"), ("mad:x", "K must be a number"),
        ("range:900-100", "the low bound 900 is above the high bound 100"), ("zscore:3", "unknown rule"),
        ("range:-", "give at least one bound"), ("sd", "expected NAME:VALUE"),
    ])
    func aBadRuleIsAUsageErrorNamingTheForms(_ rule: String, _ why: String) throws {
        let sandbox = try demoSandbox()
        let db = sandbox.path("thumblab-demo/study.sqlite")
        let run = try sandbox.run(["summary", "--db", db, "--outliers", rule])
        #expect(run.status == 64)
        #expect(run.stderr.contains(why), "\(run.stderr)")
        #expect(run.stderr.contains("sd:K, mad:K, iqr:K (K > 0) or range:LOW-HIGH"), "\(run.stderr)")
    }

    @Test func aPlanAppliesUntilAnOptionOverridesItAndUndoRestoresTheOneBefore() throws {
        let sandbox = try demoSandbox()
        let db = sandbox.path("thumblab-demo/study.sqlite")
        let none = try sandbox.run(["plan", "show", "--db", db])
        #expect(none.status == 0)
        #expect(none.stdout.contains("has no analysis plan"))
        let set = try sandbox.run([
            "plan", "set", "--db", db, "--exclude", "block=0", "--trials", "hits", "--outliers", "sd:3",
        ])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdout.contains("exclude block=0; hits; outliers sd:3 on ln time"))
        let planned = try Self.json(sandbox.run(["summary", "--db", db, "--format", "json"]))
        let selection = try #require(planned["selection"] as? [String: Any])
        #expect(selection["time_trials"] as? String == "hits")
        #expect((selection["exclude"] as? [String: Any])?["block"] as? [String] == ["0"])
        #expect(((selection["plan"] as? [String: Any])?["outliers"]) as? String == "sd:3")
        #expect((planned["methods"] as? String)?.contains("plan: exclude block=0; hits; outliers sd:3") == true)
        // An option overrides its setting alone.
        let overridden = try Self.json(
            sandbox.run(["summary", "--db", db, "--outliers", "none", "--trials", "all", "--format", "json"]))
        let overriddenSelection = try #require(overridden["selection"] as? [String: Any])
        #expect(overriddenSelection["outliers"] is NSNull)
        #expect(overriddenSelection["time_trials"] as? String == "all")
        #expect(
            (overridden["methods"] as? String)?.contains(
                "plan: exclude block=0; hits; outliers sd:3 on ln time (overridden: all trials, outliers none)") == true)
        #expect((overriddenSelection["exclude"] as? [String: Any])?["block"] as? [String] == ["0"])
        // A second plan, undone, brings back the first; undoing that leaves none.
        #expect(try sandbox.run(["plan", "set", "--db", db, "--outliers", "mad:2.5"]).status == 0)
        let undone = try sandbox.run(["plan", "undo", "--db", db])
        #expect(undone.stdout.contains("exclude block=0; hits; outliers sd:3"), "\(undone.stdout)")
        #expect(try sandbox.run(["plan", "undo", "--db", db]).stdout.contains("has no analysis plan"))
        let nothing = try sandbox.run(["plan", "undo", "--db", db])
        #expect(nothing.status == 64)
        #expect(nothing.stderr.contains("has no analysis plan to undo"))
        // A plan naming a factor the study lacks is refused.
        let unknown = try sandbox.run(["plan", "set", "--db", db, "--exclude", "hand=left"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("has no factor 'hand'"), "\(unknown.stderr)")
    }
}
