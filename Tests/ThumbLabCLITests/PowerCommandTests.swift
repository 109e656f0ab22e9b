import Foundation
import Testing

/// `thumblab power t|anova|rm-anova` end to end: the sentence, every format, solving each
/// unknown, and every out-of-range value refused with status 64 and the interval accepted.
@Suite struct PowerCommandTests {
    /// The JSON object a successful run prints.
    static func json(_ arguments: [String]) throws -> [String: Any] {
        let sandbox = try Sandbox()
        let run = try sandbox.run(["power"] + arguments + ["--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    /// Cohen (1988), Table 2.4.1: d = 0.5, α = .05 two-sided, power .80 needs 64 per group.
    @Test func theTwoSampleTableValueIsReproduced() throws {
        let object = try Self.json(["t", "--design", "two-sample", "--d", "0.5", "--power", "0.8"])
        #expect(object["test"] as? String == "two-sample-t")
        #expect(object["solved_for"] as? String == "n")
        #expect(object["n_required"] as? Int == 64)
        #expect(object["per_group"] as? Bool == true)
        #expect((object["effect"] as? [String: Double])?["d"] == 0.5)
        #expect(object["alternative"] as? String == "two-sided")
        let n = try #require(object["n"] as? Double)
        #expect(n > 63 && n < 64)
    }

    @Test(arguments: [
        ["t", "--design", "paired", "--d", "0.45"],
        ["t", "--design", "one-sample", "--d", "0.3", "--alternative", "greater"],
        ["anova", "--groups", "4", "--f", "0.3"],
        ["rm-anova", "--levels", "3", "--f", "0.2", "--corr", "0.7", "--epsilon", "0.8"],
    ])
    func aSolvedSampleSizeGivesTheTargetPowerBack(design: [String]) throws {
        let solved = try Self.json(design + ["--power", "0.85", "--alpha", "0.01"])
        let n = try #require(solved["n"] as? Double)
        let back = try Self.json(design + ["--n", "\(n)", "--alpha", "0.01"])
        #expect(back["solved_for"] as? String == "power")
        #expect(abs(try #require(back["power"] as? Double) - 0.85) < 1e-9)
        #expect(back["alpha"] as? Double == 0.01)
    }

    @Test func aSolvedEffectSizeGivesTheTargetPowerBack() throws {
        let solved = try Self.json(["anova", "--groups", "3", "--n", "15", "--power", "0.9"])
        #expect(solved["solved_for"] as? String == "effect-size")
        let effect = try #require(solved["effect"] as? [String: Double])
        let f = try #require(effect["f"])
        #expect(abs(try #require(effect["eta2"]) - f * f / (1 + f * f)) < 1e-12)
        let back = try Self.json(["anova", "--groups", "3", "--n", "15", "--f", "\(f)"])
        #expect(abs(try #require(back["power"] as? Double) - 0.9) < 1e-9)
    }

    @Test func eta2IsAcceptedInPlaceOfF() throws {
        let eta2 = try Self.json(["rm-anova", "--levels", "4", "--eta2", "0.06", "--n", "20"])
        let f = try Self.json(["rm-anova", "--levels", "4", "--f", "\((0.06 / 0.94).squareRoot())", "--n", "20"])
        #expect(abs(try #require(eta2["power"] as? Double) - (try #require(f["power"] as? Double))) < 1e-12)
    }

    /// R: `pwr.anova.test(k = 3, n = 20, f = 0.25)$power` is 0.3744310763.
    @Test func textGivesTheSentenceForThePaper() throws {
        let sandbox = try Sandbox()
        let run = try sandbox.run(["power", "anova", "--groups", "3", "--f", "0.25", "--n", "20"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("Power analysis\n"))
        #expect(
            run.stdout.contains(
                "A sample of 20 participants per group (60 in total) gives 37.4% power to detect f = 0.25 at α = .05 in a one-way ANOVA of 3 groups."
            ))
        #expect(run.stdout.contains("Method\n\nnoncentral F"))
    }

    @Test func csvMarkdownAndOutFileCarryTheSameFigures() throws {
        let sandbox = try Sandbox()
        let arguments = ["power", "t", "--design", "paired", "--d", "0.5", "--power", "0.8"]
        let csv = try sandbox.run(arguments + ["--format", "csv"])
        #expect(csv.status == 0)
        #expect(csv.stdout.hasPrefix("quantity,value\r\ntest,paired-t\r\n"))
        #expect(csv.stdout.contains("n required,34\r\n"))
        let md = try sandbox.run(arguments + ["--format", "md"])
        #expect(md.stdout.contains("| n required | 34 |"))
        let out = try sandbox.run(arguments + ["--out", "power.json"])
        #expect(out.status == 0 && out.stdout.isEmpty)
        let written = try Data(contentsOf: URL(fileURLWithPath: sandbox.path("power.json")))
        let object = try #require(try JSONSerialization.jsonObject(with: written) as? [String: Any])
        #expect(object["n_required"] as? Int == 34)
    }

    @Test(arguments: [
        (["t", "--design", "two-sample", "--n", "20", "--power", "1.2"], "--power must be in (0.05, 1), got 1.2."),
        (["t", "--design", "paired", "--d", "0.5", "--power", "0"], "--power must be in (0.05, 1), got 0."),
        (["t", "--design", "paired", "--d", "0.5", "--n", "20", "--alpha", "0"], "--alpha must be in (0, 1), got 0."),
        (
            ["t", "--design", "paired", "--d", "0.5", "--n", "20", "--alpha", "1.5"],
            "--alpha must be in (0, 1), got 1.5."
        ),
        (["t", "--design", "paired", "--d", "0.5", "--n", "1.5"], "--n must be in [2, ∞), got 1.5."),
        (["anova", "--groups", "3", "--f", "0.25", "--n", "1"], "--n must be in [2, ∞), got 1."),
        (["anova", "--groups", "1", "--f", "0.25", "--n", "10"], "--groups must be in [2, ∞), got 1."),
        (["anova", "--groups", "3", "--f", "-0.1", "--n", "10"], "--f must be in [0, ∞), got -0.1."),
        (["anova", "--groups", "3", "--eta2", "1", "--n", "10"], "--eta2 must be in [0, 1), got 1."),
        (["anova", "--groups", "3", "--eta2", "0", "--power", "0.8"], "--eta2 must be in (0, 1), got 0."),
        (["rm-anova", "--levels", "3", "--f", "0.2", "--n", "10", "--corr", "1"], "--corr must be in (-1, 1), got 1."),
        (
            ["rm-anova", "--levels", "3", "--f", "0.2", "--n", "10", "--epsilon", "0.4"],
            "--epsilon must be in [0.5, 1], got 0.4."
        ),
        (["rm-anova", "--levels", "1", "--f", "0.2", "--n", "10"], "--levels must be in [2, ∞), got 1."),
        (
            ["t", "--design", "paired", "--d", "0.5", "--power", "0.8", "--alternative", "less"],
            "--d must be in (-∞, 0), got 0.5."
        ),
        (["t", "--design", "paired", "--d", "0", "--power", "0.8"], "--d must be in (0, ∞), got 0."),
    ])
    func aValueOutOfRangeNamesTheOptionAndTheRange(arguments: [String], message: String) throws {
        let sandbox = try Sandbox()
        let run = try sandbox.run(["power"] + arguments)
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("Error: \(message)\nUsage: thumblab power "), "\(run.stderr)")
    }

    @Test(arguments: [
        (
            ["t", "--design", "paired", "--d", "0.5"],
            "Give exactly two of --power, --n and --d; the third is solved from them."
        ),
        (
            ["anova", "--groups", "3", "--f", "0.2", "--n", "10", "--power", "0.8"],
            "Give exactly two of --power, --n and --f (or --eta2); the third is solved from them."
        ),
        (
            ["anova", "--groups", "3", "--f", "0.2", "--eta2", "0.1", "--n", "10"],
            "Give the effect size as --f or as --eta2, not both."
        ),
        (["t", "--d", "0.5", "--n", "10"], "Missing expected option '--design <design>'."),
        (["t", "--design", "twosample", "--d", "0.5", "--n", "10"], "The value 'twosample' is invalid for '--design'"),
    ])
    func aCommandLineThatDoesNotFitIsAUsageError(arguments: [String], message: String) throws {
        let sandbox = try Sandbox()
        let run = try sandbox.run(["power"] + arguments)
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("Error: \(message)"), "\(run.stderr)")
    }

    @Test func anEffectTooSmallForAnySampleIsRefused() throws {
        let sandbox = try Sandbox()
        let run = try sandbox.run(["power", "t", "--design", "paired", "--d", "0.00001", "--power", "0.99"])
        #expect(run.status == 64)
        #expect(
            run.stderr.hasPrefix("Error: The effect size 1e-05 is too small to reach a power of 0.99"), "\(run.stderr)")
    }
}
