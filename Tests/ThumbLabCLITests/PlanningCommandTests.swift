import Foundation
import Testing

/// `thumblab counterbalance` and `thumblab order-effects` end to end: outputs, the saved
/// plan that order-effects reads, the JSONContract examples, and bad input.
@Suite struct PlanningCommandTests {
    static let orderNone = repositoryRoot().appendingPathComponent(
        "Tests/ThumbLabTests/Fixtures/planning/order_none.csv"
    ).path

    static func json(_ run: Run) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    @Test func counterbalancePrintsTheSquareAndTheParticipants() throws {
        let sandbox = try Sandbox()
        let text = try sandbox.run([
            "counterbalance", "--factor", "technique=Direct,Shift,ThumbSpace", "--participants", "7",
        ])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("Sequences of technique"))
        #expect(text.stdout.contains("P7                  1  Direct > Shift > ThumbSpace"))
        #expect(text.stdout.contains("7 is not a multiple of 6, so sequence 1 is used once more than the others."))
        let csv = try sandbox.run(
            [
                "counterbalance", "--factor", "technique=A,B,C,D", "--participants", "4", "--scheme", "latin",
                "--format", "csv",
            ])
        #expect(
            csv.stdout.hasPrefix("sequence,position_1,position_2,position_3,position_4\r\n1,A,B,C,D\r\n2,B,C,D,A\r\n"))
        let out = try sandbox.run(
            ["counterbalance", "--factor", "technique=A,B", "--participants", "2", "--out", "plan.json"])
        #expect(out.status == 0 && out.stdout.isEmpty)
        let written = try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: sandbox.path("plan.json"))))
        #expect((written as? [String: Any])?["multiple"] as? Bool == true)
    }

    @Test func randomPlansRepeatWithTheirSeedAndStateADrawnOne() throws {
        let sandbox = try Sandbox()
        let arguments = [
            "counterbalance", "--factor", "t=A,B,C,D", "--participants", "9", "--scheme", "random", "--format", "json",
        ]
        let first = try sandbox.run(arguments + ["--seed", "2026"])
        let second = try sandbox.run(arguments + ["--seed", "2026"])
        #expect(first.status == 0 && first.stdout == second.stdout)
        #expect(try Self.json(first)["seed"] as? Int == 2026)
        let drawn = try Self.json(try sandbox.run(arguments))
        let seed = try #require(drawn["seed"] as? Int)
        let again = try sandbox.run(arguments + ["--seed", String(seed)])
        #expect((try Self.json(again)["sequences"] as? [[String]]) == drawn["sequences"] as? [[String]])
    }

    @Test func aSecondFactorGetsItsOrdersWithinEachLevel() throws {
        let sandbox = try Sandbox()
        let run = try sandbox.run([
            "counterbalance", "--factor", "technique=Direct,Shift", "--factor", "size=7.2,9.6", "--participants", "2",
            "--format", "json",
        ])
        let json = try Self.json(run)
        #expect(json["second_factor"] as? String == "size")
        let participants = try #require(json["participants"] as? [[String: Any]])
        #expect(participants[1]["second_orders"] as? [[String]] == [["9.6", "7.2"], ["7.2", "9.6"]])
    }

    @Test func aSavedPlanIsWhatOrderEffectsReads() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.run(["import", Self.orderNone, "--study", "order"]).status == 0)
        let save = try sandbox.run([
            "counterbalance", "--factor", "technique=Direct,Shift,ThumbSpace", "--participants", "12", "--save",
        ])
        #expect(save.status == 0, "\(save.stderr)")
        let report = try Self.json(try sandbox.run(["order-effects", "--factor", "technique", "--format", "json"]))
        #expect(report["source"] as? String == "plan" && report["scheme"] as? String == "balanced")
        let fromData = try Self.json(
            try sandbox.run(["order-effects", "--factor", "technique", "--from-data", "--format", "json"]))
        #expect(fromData["source"] as? String == "data")
        let text = try sandbox.run(["order-effects", "--factor", "technique", "--measure", "error", "--format", "md"])
        #expect(text.status == 0 && text.stdout.contains("### Results"))
        #expect(
            text.stdout.contains("Presentation order of technique was counterbalanced with a balanced Latin square"))
    }

    @Test func saveNeedsAStudyInAnEmptyDatabase() throws {
        let sandbox = try Sandbox()
        let arguments = ["counterbalance", "--factor", "technique=A,B", "--participants", "2", "--save"]
        let refused = try sandbox.run(arguments)
        #expect(refused.status == 64 && refused.stderr.hasPrefix("Error: --save needs --study NAME"))
        let saved = try sandbox.run(arguments + ["--study", "pilot"])
        #expect(saved.status == 0, "\(saved.stderr)")
        #expect(try sandbox.run(["info", "--format", "json"]).stdout.contains("pilot"))
    }

    @Test func theJSONContractExamplesAreWhatTheCommandsPrint() throws {
        let sandbox = try Sandbox()
        let plan = "thumblab counterbalance --factor technique=Direct,Shift,ThumbSpace --participants 7 --format json"
        try JSONContractArticleTests.check(try sandbox.run(JSONContractArticleTests.arguments(plan)), against: plan)
        #expect(try sandbox.run(["import", Self.orderNone, "--study", "order"]).status == 0)
        let order = "thumblab order-effects --factor technique --format json"
        try JSONContractArticleTests.check(try sandbox.run(JSONContractArticleTests.arguments(order)), against: order)
    }

    @Test(arguments: [
        (
            ["--factor", "t=A,B,C,D,E,F,G", "--participants", "4", "--scheme", "full"],
            "--scheme full takes 2 to 6 levels"
        ),
        (["--factor", "t=A", "--participants", "4"], "--factor t=... names 1 level; give 2 or more"),
        (["--factor", "t=A,B,A", "--participants", "4"], "--factor t=... names A twice"),
        (["--factor", "t=A,B", "--participants", "0"], "--participants must be 1 or more, got 0"),
        (["--factor", "t=A,B", "--participants", "x"], "--participants expects"),
        (["--participants", "4"], "Missing expected option '--factor"),
        (["--factor", "t=A,B"], "Missing expected option '--participants"),
        (
            ["--factor", "t=A,B", "--factor", "u=A,B", "--factor", "v=A,B", "--participants", "2"],
            "one or two --factor"
        ),
        (["--factor", "t=A,B", "--factor", "t=C,D", "--participants", "2"], "both name t"),
        (["--factor", "t", "--participants", "2"], "--factor expects"),
        (["--factor", "t=A,B", "--participants", "2", "--scheme", "williams"], "expected one of 'balanced'"),
        (["--factor", "t=A,B", "--participants", "2", "--scheme", "random", "--seed", "-1"], "--seed expects"),
        (["--factor", "t=A,B", "--participants", "2", "--study", "pilot"], "add --save"),
    ])
    func badCounterbalanceRequestsExitWithUsage(arguments: [String], message: String) throws {
        let run = try Sandbox().run(["counterbalance"] + arguments)
        #expect(run.status == 64, "\(arguments): \(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("Error: ") && run.stderr.contains(message), "\(run.stderr)")
    }

    @Test func orderEffectsRefusesWhatItCannotAnalyse() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.run(["demo"]).status == 0)
        let demo = ["THUMBLAB_DB": "thumblab-demo/study.sqlite"]
        let noOrder = try sandbox.run(["order-effects", "--factor", "technique"], environment: demo)
        #expect(noOrder.status == 64 && noOrder.stdout.isEmpty)
        #expect(noOrder.stderr.hasPrefix("Error: the data show no order of technique"))
        #expect(noOrder.stderr.contains("thumblab counterbalance --save"))
        let cases: [([String], String)] = [
            (["--factor", "hand"], "no factor 'hand'"),
            (["--factor", "technique", "--measure", "score:sus"], "expected one of 'time', 'error'"),
            (
                ["--factor", "technique", "--where", "technique=Shift"],
                "an order needs at least two levels of technique"
            ),
            (["--measure", "time"], "Missing expected option '--factor"),
        ]
        for (arguments, message) in cases {
            let run = try sandbox.run(["order-effects"] + arguments, environment: demo)
            #expect(run.status == 64 && run.stderr.contains(message), "\(arguments): \(run.stderr)")
        }
        let missing = try sandbox.run(["order-effects", "--factor", "technique", "--db", "none.sqlite"])
        #expect(missing.status == 66)
    }
}

/// The README's planning tour, run line by line.
@Suite struct PlanningReadmeTests {
    @Test func theReadmesPlanningLinesRun() throws {
        let commands = try readmeCommands(after: "Planning a study:")
        #expect(commands.count == 3)
        let sandbox = try Sandbox()
        var last: Run?
        for words in commands {
            let run = try sandbox.run(words)
            #expect(run.status == 0, "\(words): \(run.stderr)")
            last = run
        }
        #expect(last?.stdout.contains("Presentation order of technique was counterbalanced with a balanced") == true)
    }
}
