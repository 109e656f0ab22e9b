import Foundation
import Testing

/// `--posthoc main|all|none` on `compare` and `report`: the JSON records the scope, `all`
/// keeps the cell-by-cell contrasts, `main` reads interactions through simple effects, and a
/// scope that does not exist is a usage error naming the ones that do.
@Suite struct PostHocOptionTests {
    let base = [
        "compare", "--measure", "error", "--factor", "technique", "--factor", "target_size_mm", "--exclude",
        "block=0", "--test", "art", "--format", "json",
    ]

    func demo() throws -> Sandbox {
        let sandbox = try Sandbox()
        #expect(try sandbox.run(["demo"]).status == 0)
        return sandbox
    }

    @Test func compareRecordsTheScopeAndFollowsEachEffectAsAsked() throws {
        let sandbox = try demo()
        let db = sandbox.path(AnalysisCommandTests.demoDatabase)
        let main = try AnalysisCommandTests.json(try sandbox.run(base + ["--db", db]))
        #expect(main["posthoc_scope"] as? String == "main")
        let mainPairs = try #require(main["posthoc"] as? [[String: Any]])
        #expect(mainPairs.allSatisfy { ($0["term"] as? String)?.contains(":") == false })
        let simple = try #require(main["simple_effects"] as? [[String: Any]])
        #expect(simple.count == 3)
        #expect(simple.allSatisfy { $0["factor"] as? String == "technique" && $0["p_adjusted"] is Double })
        let sentences = try #require(main["sentences"] as? [String]).joined(separator: " ")
        #expect(sentences.contains("The technique × target size (mm) interaction was significant (F(4, 60) = "))
        #expect(sentences.hasSuffix("The simple effects of each interaction are in the table of simple effects."))

        let all = try AnalysisCommandTests.json(try sandbox.run(base + ["--db", db, "--posthoc", "all"]))
        #expect(all["posthoc_scope"] as? String == "all")
        let allPairs = try #require(all["posthoc"] as? [[String: Any]])
        #expect(allPairs.filter { $0["term"] as? String == "technique:target_size_mm" }.count == 36)
        #expect((all["simple_effects"] as? [Any])?.isEmpty == true)

        let none = try AnalysisCommandTests.json(try sandbox.run(base + ["--db", db, "--posthoc", "none"]))
        #expect((none["posthoc"] as? [Any])?.isEmpty == true)
        #expect((none["simple_effects"] as? [Any])?.isEmpty == true)
    }

    @Test func reportRecordsTheScope() throws {
        let sandbox = try demo()
        let db = sandbox.path(AnalysisCommandTests.demoDatabase)
        let run = try sandbox.run([
            "report", "--db", db, "--exclude", "block=0", "--format", "json", "--out", "out", "--posthoc", "none",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let data = try Data(contentsOf: URL(fileURLWithPath: sandbox.path("out/report.json")))
        let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(report["posthoc_scope"] as? String == "none")
        let results = try #require(report["results"] as? [String])
        #expect(results.count == 4 && results[0].hasPrefix("Time. Technique affected time"))
        #expect(!results.joined().contains("Simple effects"))
    }

    @Test(arguments: [["compare", "--factor", "technique"], ["report", "--out", "out"]])
    func anUnknownScopeIsAUsageErrorNamingTheScopes(_ command: [String]) throws {
        let sandbox = try demo()
        let db = sandbox.path(AnalysisCommandTests.demoDatabase)
        let run = try sandbox.run(command + ["--db", db, "--posthoc", "some"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("expected one of 'main', 'all', 'none'"), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }
}
