import Foundation
import Testing

/// The analysis commands end to end on the bundled study: demo, summary, compare, scores
/// and report, their JSON and CSV, and their usage errors.
@Suite struct AnalysisCommandTests {
    /// A sandbox whose `thumblab-demo/study.sqlite` holds the bundled study.
    func demoSandbox() throws -> Sandbox {
        let sandbox = try Sandbox()
        let run = try sandbox.run(["demo"])
        #expect(run.status == 0, "\(run.stderr)")
        return sandbox
    }

    static let demoDatabase = "thumblab-demo/study.sqlite"

    static func json(_ run: Run) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")
    }

    @Test func demoWritesTheReportAndPrintsTheHeadlines() throws {
        let sandbox = try Sandbox()
        let run = try sandbox.run(["demo"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Imported 6902 trials, 9837 touches, 528 responses"))
        #expect(run.stdout.contains("Technique affected time (repeated-measures ANOVA, F(1.35, 20.29) = 152.64"))
        #expect(run.stdout.contains("Technique affected error rate"))
        for file in ["thumblab-demo/report.md", "thumblab-demo/report.json", "thumblab-demo/tables/summary.csv"] {
            #expect(FileManager.default.fileExists(atPath: sandbox.path(file)), "\(file)")
        }
        let again = try sandbox.run(["demo"])
        #expect(again.status == 0)
        #expect(again.stdout.contains("Imported 6902 trials"), "a second demo starts from a fresh database")
    }

    @Test func compareJSONFollowsTheContractWithTheReferenceNumbers() throws {
        let sandbox = try demoSandbox()
        let db = sandbox.path(Self.demoDatabase)
        let run = try sandbox.run([
            "compare", "--db", db, "--factor", "technique", "--levels", "Direct,Shift", "--exclude", "block=0",
            "--format", "json",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try Self.json(run)
        #expect(object["measure"] as? String == "time")
        #expect(object["factor"] as? String == "technique")
        #expect(object["aggregate"] as? String == "geomean")
        #expect(object["participants_used"] as? Int == 16)
        #expect(object["participants_dropped"] as? Int == 0)
        let test = try #require((object["tests"] as? [[String: Any]])?.first)
        #expect(test["test"] as? String == "paired-t")
        let t = try #require(test["statistic"] as? Double)
        #expect(abs(t - -7.266906443188306) < 1e-9)
        let selection = try #require(object["selection"] as? [String: Any])
        #expect(selection["attempts"] as? String == "first")
        #expect(selection["trials"] as? Int == 3456)
        #expect((selection["exclude"] as? [String: [String]])?["block"] == ["0"])
    }

    @Test func compareWithAMixedModelNamesItsFormulaAndDfMethod() throws {
        let sandbox = try demoSandbox()
        let db = sandbox.path(Self.demoDatabase)
        let run = try sandbox.run([
            "compare", "--db", db, "--factor", "technique", "--exclude", "block=0", "--test", "lmm", "--format", "json",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let test = try #require((try Self.json(run)["tests"] as? [[String: Any]])?.first)
        #expect(test["test"] as? String == "lmm")
        #expect(test["df_method"] as? String == "Satterthwaite")
        #expect(test["model"] as? String == "log(time_ms) ~ technique + (1 | participant)")
        for key in ["statistic", "df1", "df2", "p"] { #expect(test[key] is Double, "\(key)") }
    }

    @Test func compareWithTheExactGlmmCovarianceReportsAnotherChiSquare() throws {
        let sandbox = try demoSandbox()
        let db = sandbox.path(Self.demoDatabase)
        let base = ["compare", "--db", db, "--measure", "error", "--factor", "technique", "--test", "glmm"]
        var statistics: [Double] = []
        for extra in [[], ["--glmm-covariance", "lme4"], ["--glmm-covariance", "exact"]] {
            let run = try sandbox.run(base + extra + ["--format", "json"])
            #expect(run.status == 0, "\(run.stderr)")
            let test = try #require((try Self.json(run)["tests"] as? [[String: Any]])?.first)
            statistics.append(try #require(test["statistic"] as? Double))
        }
        #expect(statistics[0] == statistics[1])
        #expect(statistics[0] != statistics[2])
        let wrong = try sandbox.run(base + ["--glmm-covariance", "hessian"])
        #expect(wrong.status != 0)
    }

    @Test func compareWithRandomSlopesStatesTheFittedStructure() throws {
        let sandbox = try demoSandbox()
        let db = sandbox.path(Self.demoDatabase)
        let base = ["compare", "--db", db, "--factor", "technique", "--test", "lmm"]
        let run = try sandbox.run(base + ["--random", "slopes", "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let random = try #require((try Self.json(run)["random_effects"] as? [[String: Any]])?.first)
        #expect(random["requested"] as? String == "slopes")
        #expect(random["requested_formula"] as? String == "log(time_ms) ~ technique + (1 + technique | participant)")
        let fitted = try #require(random["fitted_formula"] as? String)
        let test = try #require((try Self.json(run)["tests"] as? [[String: Any]])?.first)
        #expect(test["model"] as? String == fitted)
        let text = try sandbox.run(base + ["--random", "maximal"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("Random effects requested: maximal"))
        #expect(text.stdout.contains("Model, in lme4 syntax: log(time_ms) ~ technique + "))
        let wrong = try sandbox.run(base + ["--random", "full"])
        #expect(wrong.status == 64)
    }

    @Test func compareRefusesRandomSlopesForTheLogisticModel() throws {
        let sandbox = try demoSandbox()
        let db = sandbox.path(Self.demoDatabase)
        let run = try sandbox.run([
            "compare", "--db", db, "--measure", "error", "--factor", "technique", "--test", "glmm", "--random",
            "slopes",
        ])
        #expect(run.status == 64)
        #expect(run.stderr.contains("--random slopes does not apply to glmm"), "\(run.stderr)")
        #expect(run.stderr.contains("random intercept per participant only"))
    }

    @Test func compareTextStatesWhyTheTestWasChosen() throws {
        let sandbox = try demoSandbox()
        let db = sandbox.path(Self.demoDatabase)
        let run = try sandbox.run(["compare", "--db", db, "--factor", "technique", "--exclude", "block=0"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("Shapiro-Wilk on the ANOVA residuals"))
        #expect(run.stdout.contains("So a repeated-measures ANOVA."))
        #expect(run.stdout.contains("Post-hoc comparisons (holm)"))
        #expect(run.stdout.contains("excluding block=0; first attempts"))
    }

    @Test func globalOptionsComeBeforeTheSubcommand() throws {
        let sandbox = try demoSandbox()
        let db = sandbox.path(Self.demoDatabase)
        let run = try sandbox.run(["--db", db, "--format", "json", "summary", "--by", "technique"])
        #expect(run.status == 0, "\(run.stderr)")
        let cells = try #require(try Self.json(run)["cells"] as? [[String: Any]])
        #expect(cells.count == 3)
        for key in [
            "technique", "participants", "trials", "time_geomean", "time_ci_low", "time_ci_high", "time_mean",
            "time_sd",
            "time_median", "error_rate", "error_ci_low", "error_ci_high", "offset_dx_px", "offset_dy_px",
            "offset_dx_mm",
            "offset_dy_mm",
        ] {
            #expect(cells[0][key] != nil, "\(key)")
        }
    }

    @Test func summaryCSVHasTheContractColumnsInOrder() throws {
        let sandbox = try demoSandbox()
        let db = sandbox.path(Self.demoDatabase)
        let run = try sandbox.run(["summary", "--db", db, "--by", "technique", "--out", "summary.csv"])
        #expect(run.status == 0, "\(run.stderr)")
        let text = try String(contentsOfFile: sandbox.path("summary.csv"), encoding: .utf8)
        #expect(
            text.hasPrefix(
                "technique,participants,trials,time_geomean,time_ci_low,time_ci_high,time_mean,time_sd,time_median,error_rate,error_ci_low,error_ci_high,offset_dx_px,offset_dy_px,offset_dx_mm,offset_dy_mm"
            ))
    }

    @Test func scoresJSONFollowsTheContract() throws {
        let sandbox = try demoSandbox()
        let db = sandbox.path(Self.demoDatabase)
        let run = try sandbox.run(["scores", "--db", db, "--instrument", "sus", "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try Self.json(run)
        #expect(object["instrument"] as? String == "SUS")
        let cell = try #require((object["cells"] as? [[String: Any]])?.first)
        for key in ["technique", "n", "mean", "sd", "median", "ci_low", "ci_high", "grade"] {
            #expect(cell[key] != nil, "\(key)")
        }
        #expect((object["participants"] as? [[String: Any]])?.count == 48)
        #expect(object["excluded"] is [Any])
        #expect((object["selection"] as? [String: Any])?["study"] as? String == "default")
    }

    @Test func reportIsTheSameBytesTwice() throws {
        let sandbox = try demoSandbox()
        let db = sandbox.path(Self.demoDatabase)
        for folder in ["one", "two"] {
            let run = try sandbox.run(["report", "--db", db, "--exclude", "block=0", "--out", folder])
            #expect(run.status == 0, "\(run.stderr)")
        }
        let one = try Data(contentsOf: URL(fileURLWithPath: sandbox.path("one/report.md")))
        let two = try Data(contentsOf: URL(fileURLWithPath: sandbox.path("two/report.md")))
        #expect(one == two && !one.isEmpty)
    }

    @Test(arguments: [
        (["compare", "--factor", "hand"], "no factor 'hand'; its factors are technique, target_size_mm, mobility"),
        (
            ["compare", "--factor", "technique", "--where", "technique=Laser"],
            "its levels are Direct, Shift, ThumbSpace"
        ),
        (["compare", "--factor", "technique", "--test", "t"], "expected one of 'auto', 'paired-t'"),
        (
            ["compare", "--factor", "technique", "--test", "paired-t"],
            "--test paired-t needs one within-subjects factor"
        ),
        (["compare", "--factor", "technique", "--where", "technique"], "--where expects factor=level"),
        (["compare"], "--factor"),
        (["scores", "--instrument", "tlx"], "they have SUS, satisfaction"),
        (["summary", "--exclude", "block=7"], "no block '7'; its blocks are 0, 1, 2, 3"),
        (["summary", "--attempts", "second"], "expected one of 'first', 'last', 'all'"),
    ])
    func badArgumentsAreUsageErrorsNamingTheKnownOnes(_ arguments: [String], _ message: String) throws {
        let sandbox = try demoSandbox()
        let db = sandbox.path(Self.demoDatabase)
        let run = try sandbox.run(arguments + ["--db", db])
        #expect(run.status == 64)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test func aFactorNeitherWithinNorBetweenIsRefused() throws {
        let sandbox = try Sandbox()
        var lines = ["participant,session,trial,time_ms"]
        for participant in 1...4 {
            let sessions = participant <= 2 ? ["a", "b"] : ["a"]
            for session in sessions {
                for trial in 1...3 { lines.append("P\(participant),\(session),\(trial),\(900 + trial)") }
            }
        }
        let file = try sandbox.write("sessions.csv", lines.joined(separator: "\n") + "\n")
        #expect(try sandbox.run(["import", file]).status == 0)
        // Only an aggregated test refuses the factor; --test auto fits a mixed model to it.
        let run = try sandbox.run(["compare", "--factor", "session", "--test", "rm-anova"])
        #expect(run.status == 64)
        #expect(
            run.stderr.contains("factor 'session' is neither within nor between subjects: P1, P2 have data at several"))
    }

    @Test func analysesNeedAnExistingDatabase() throws {
        let sandbox = try Sandbox()
        for command in [["summary"], ["compare", "--factor", "technique"], ["scores"], ["report"]] {
            let run = try sandbox.run(command)
            #expect(run.status == 66, "\(command)")
            #expect(!FileManager.default.fileExists(atPath: sandbox.path("thumblab.sqlite")))
        }
    }
}
