import Foundation
import Testing

/// `thumblab power --from-study` end to end: the JSON, the tables, the power-curve figure in
/// SVG, PNG and PDF, the subcommands beside it, and a pilot that cannot give power refused
/// with status 64 saying what is missing.
@Suite struct PilotPowerCommandTests {
    static let pilot = repositoryRoot().appendingPathComponent(
        "Tests/ThumbLabTests/Fixtures/planning/pilot_power/pilot.csv"
    ).path

    /// A sandbox whose study holds the pilot's rows that `keep` accepts.
    static func sandbox(keeping keep: (String) -> Bool = { _ in true }) throws -> Sandbox {
        let sandbox = try Sandbox()
        let lines = try String(contentsOfFile: pilot, encoding: .utf8).split(separator: "\n").map(String.init)
        let file = try sandbox.write("pilot.csv", ([lines[0]] + lines.dropFirst().filter(keep)).joined(separator: "\n"))
        let imported = try sandbox.run(["import", file])
        #expect(imported.status == 0, "\(imported.stderr)")
        return sandbox
    }

    @Test func theJSONHoldsTheCurveTheModelAndTheAssumptions() throws {
        let sandbox = try Self.sandbox()
        let run = try sandbox.run([
            "power", "--from-study", "--factor", "technique", "--participants", "6,10", "--simulations", "200",
            "--seed", "3", "--format", "json",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["factor"] as? String == "technique" && object["measure"] as? String == "time")
        #expect(object["pilot_participants"] as? Int == 8 && object["simulations"] as? Int == 200)
        #expect((object["trials_per_cell"] as? [String: Int]) == ["Direct": 20, "Shift": 20, "ThumbSpace": 20])
        let simulated = try #require(object["simulated"] as? [[String: Any]])
        #expect(simulated.map { $0["participants"] as? Int } == [6, 10])
        for point in simulated {
            let power = try #require(point["power"] as? Double)
            let low = try #require(point["ci_low"] as? Double)
            let high = try #require(point["ci_high"] as? Double)
            #expect(low <= power && power <= high)
        }
        let model = try #require(object["model"] as? [String: Any])
        #expect(model["test"] as? String == "lmm")
        #expect((model["formula"] as? String)?.hasPrefix("log(time_ms) ~ technique + (") == true)
        let analytic = try #require(object["analytic"] as? [String: Any])
        #expect((analytic["curve"] as? [Any])?.count == 2)
        #expect((object["assumptions"] as? [String])?.count ?? 0 >= 5)
        #expect((object["sentence"] as? String)?.hasPrefix("From the pilot (8 participants), 200 simulated") == true)
        let again = try sandbox.run([
            "power", "--from-study", "--factor", "technique", "--participants", "6,10", "--simulations", "200",
            "--seed", "3", "--format", "json",
        ])
        #expect(again.stdout == run.stdout, "the same seed gives the same bytes")
    }

    @Test func theTablesGiveTheCurveThenTheSentence() throws {
        let sandbox = try Self.sandbox()
        let run = try sandbox.run([
            "power", "--from-study", "--factor", "technique", "--measure", "error", "--participants", "8,16",
            "--simulations", "100", "--format", "md",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("| participants | analytic_power | simulated_power | ci_low | ci_high |"))
        #expect(run.stdout.contains("miss ~ technique + (1 | participant)"))
        #expect(run.stdout.contains("For the paper") && run.stdout.contains("logistic mixed model of misses"))
    }

    @Test(arguments: ["svg", "png", "pdf"])
    func thePowerCurveIsDrawn(format: String) throws {
        let sandbox = try Self.sandbox()
        let run = try sandbox.run([
            "power", "--from-study", "--factor", "technique", "--participants", "4,6,8", "--simulations", "100",
            "--out", "curve.\(format)",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let data = try Data(contentsOf: URL(fileURLWithPath: sandbox.path("curve.\(format)")))
        switch format {
        case "svg":
            let svg = String(decoding: data, as: UTF8.self)
            #expect(svg.contains(">Power to detect the effect of technique on time by participants"))
            #expect(svg.contains("Participants") && svg.contains("analytic (RM-ANOVA)"))
        case "png": #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        default: #expect(data.starts(with: Array("%PDF-".utf8)))
        }
    }

    @Test func analyticAloneNeedsNoSimulation() throws {
        let sandbox = try Self.sandbox()
        let run = try sandbox.run([
            "power", "--from-study", "--factor", "technique", "--simulations", "0", "--format", "json",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect((object["simulated"] as? [Any])?.isEmpty == true)
        #expect(object["smallest_sufficient"] is Int)
        #expect((object["sentence"] as? String)?.contains("repeated-measures ANOVA a power of") == true)
    }

    @Test func aPilotOfOneParticipantOrWithoutTheFactorIsAUsageError() throws {
        let one = try Self.sandbox { $0.hasPrefix("P1,") }
        let lonely = try one.run(["power", "--from-study", "--factor", "technique"])
        #expect(lonely.status == 64)
        #expect(lonely.stderr.contains("at least two participants") && lonely.stderr.contains("only P1"))
        let sandbox = try Self.sandbox()
        let missing = try sandbox.run(["power", "--from-study", "--factor", "grip"])
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("grip") && missing.stderr.contains("technique"))
        let measure = try sandbox.run(["power", "--from-study", "--factor", "technique", "--measure", "score"])
        #expect(measure.status == 64)
        let size = try sandbox.run(["power", "--from-study", "--factor", "technique", "--participants", "1,8"])
        #expect(size.status == 64 && size.stderr.contains("each sample size must be a whole number of at least 2"))
        let words = try sandbox.run(["power", "--from-study", "--factor", "technique", "--participants", "8,twelve"])
        #expect(words.status == 64 && words.stderr.contains("whole numbers separated by commas"))
    }

    @Test func theSubcommandsStillRunAndTheGroupAsksForOneOrTheFlag() throws {
        let sandbox = try Sandbox()
        let t = try sandbox.run(["power", "t", "--design", "paired", "--d", "0.5", "--power", "0.8"])
        #expect(t.status == 0, "\(t.stderr)")
        let bare = try sandbox.run(["power"])
        #expect(bare.status == 64 && bare.stderr.contains("expected one of: t, anova, rm-anova"))
        let noFlag = try sandbox.run(["power", "--factor", "technique"])
        #expect(noFlag.status == 64 && noFlag.stderr.contains("--from-study"))
        let help = try sandbox.run(["power", "--help"])
        #expect(help.status == 0 && help.stdout.contains("--from-study") && help.stdout.contains("rm-anova"))
    }
}

/// The README's lines on power from a pilot, run one by one.
@Suite struct PilotPowerReadmeTests {
    @Test func theReadmesPilotLinesRun() throws {
        let commands = try readmeCommands(after: "From a pilot in a study database:")
        #expect(commands.count == 3)
        let sandbox = try Sandbox()
        var outputs: [String] = []
        for words in commands {
            let run = try sandbox.run(words)
            #expect(run.status == 0, "\(words): \(run.stderr)")
            outputs.append(run.stdout)
        }
        #expect(
            outputs[1].contains("From the pilot (8 participants), its effects scaled by 0.80, 1,000 simulated studies"))
        #expect(FileManager.default.fileExists(atPath: sandbox.path("power.svg")))
    }
}
