import Foundation
import Testing

@testable import thumblab

/// Command lines that do not fit: exit status 64, `Error: ...` then the usage line and a
/// pointer to help on stderr, nothing on stdout, and no database left behind.
@Suite struct UsageErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var error: String
        var usage: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    /// The subcommands, as the usage errors of `thumblab` list them.
    static let subcommands = CommandList.commands.map(\.spec.name).joined(separator: ", ")
    static let deviceAddUsage =
        "thumblab device add <name> --width <px> --height <px> [--ppi <ppi>] [--px-per-mm <x>] [--scale <x>] [--format <format>] [--db <path>]"
    static let infoUsage = "thumblab info [--format <format>] [--out <file>] [--db <path>]"
    static let importUsage =
        "thumblab import <file> ... [--study <name>] [--kind <kind>] [--map <field=column[:unit]> ...] [--units <unit>] [--ignore <column> ...] [--factor <column> ...] [--numeric <column> ...] [--input <format>] [--columns <name,name,...>] [--hit-when <column=value[,value...]>] [--levels <factor=code:name,...> ...] [--instrument <name>] [--likert <w1,w2,...>] [--scale <range>] [--device <name>] [--backspace <char>] [--keyboard <file>] [--trial-time <model>] [--feedback-ms <ms>] [--sequence <scope>] [--hit-area <shape>] [--hit-scale <k>] [--set <field=value> ...] [--name-pattern <pattern>] [--dry-run] [--skip-invalid] [--format <format>] [--db <path>]"

    static let cases: [Case] = [
        Case(
            arguments: ["frobnicate"],
            error: "Unknown subcommand 'frobnicate'; expected one of: \(subcommands).",
            usage: "thumblab <subcommand>"),
        Case(
            arguments: ["improt", "a.csv"], error: "Unknown subcommand 'improt'. Did you mean 'import'?",
            usage: "thumblab <subcommand>"),
        Case(
            arguments: ["device", "lst"], error: "Unknown subcommand 'lst'. Did you mean 'list'?",
            usage: "thumblab device <subcommand>"),
        Case(
            arguments: ["--db", "x.sqlite"],
            error: "Missing subcommand; expected one of: \(subcommands).",
            usage: "thumblab <subcommand>"),
        Case(
            arguments: ["info", "--colour"], error: "Unknown option '--colour'.",
            usage: infoUsage),
        Case(
            arguments: ["info", "--fromat", "json"], error: "Unknown option '--fromat'. Did you mean '--format'?",
            usage: infoUsage),
        Case(
            arguments: ["info", "--format", "xml"],
            error: "The value 'xml' is invalid for '--format'; expected one of 'text', 'json'.",
            usage: infoUsage),
        Case(
            arguments: ["info", "--format", "json", "--format=text"], error: "--format was given more than once.",
            usage: infoUsage),
        Case(
            arguments: ["info", "--db"], error: "Missing value for '--db <path>'.",
            usage: infoUsage),
        Case(
            arguments: ["info", "extra"], error: "Unexpected argument 'extra'.",
            usage: infoUsage),
        Case(
            arguments: ["info", "--out", "info.csv"],
            error:
                "--out info.csv: the extension does not name a format this command prints (text, json); add --format.",
            usage: infoUsage),
        Case(arguments: ["import"], error: "Missing expected argument '<file>'.", usage: importUsage),
        Case(
            arguments: ["import", "a.csv", "--kind", "taps"],
            error:
                "The value 'taps' is invalid for '--kind'; expected one of 'trials', 'touches', 'responses', 'participants', 'phrases'.",
            usage: importUsage),
        Case(
            arguments: ["import", "a.csv", "--map", "participant"],
            error: "--map expects field=column, such as --map participant=user_id; found 'participant'.",
            usage: importUsage),
        Case(arguments: ["import", "a.csv", "--dry-run=yes"], error: "--dry-run takes no value.", usage: importUsage),
        Case(
            arguments: ["undo"], error: "Missing expected argument '<batch>'.",
            usage: "thumblab undo <batch> [--format <format>] [--db <path>]"),
        Case(
            arguments: ["undo", "1", "2"], error: "Unexpected argument '2'.",
            usage: "thumblab undo <batch> [--format <format>] [--db <path>]"),
        Case(
            arguments: ["undo", "first"],
            error: "<batch> expects a batch number such as 3, found 'first'. 'thumblab batches' lists them.",
            usage: "thumblab undo <batch> [--format <format>] [--db <path>]"),
        Case(
            arguments: ["device"], error: "Missing subcommand; expected one of: add, list.",
            usage: "thumblab device <subcommand>"),
        Case(
            arguments: ["device", "remove", "x"], error: "Unknown subcommand 'remove'; expected one of: add, list.",
            usage: "thumblab device <subcommand>"),
        Case(
            arguments: ["device", "add", "p", "--height", "480", "--ppi", "163"],
            error: "Missing expected option '--width <px>'.", usage: deviceAddUsage),
        Case(
            arguments: ["device", "add", "p", "--width", "wide", "--height", "480", "--ppi", "163"],
            error: "--width expects a number, found 'wide'.", usage: deviceAddUsage),
        Case(
            arguments: ["device", "add", "p", "--width", "320", "--height", "-480", "--ppi", "163"],
            error: "--height expects the screen height in pixels, a number above 0.", usage: deviceAddUsage),
        Case(
            arguments: ["device", "add", "p", "--width", "320", "--height", "480"],
            error: "Missing the density: --ppi <ppi> or --px-per-mm <x> (a number above 0).", usage: deviceAddUsage),
        Case(
            arguments: [
                "device", "add", "p", "--width", "320", "--height", "480", "--ppi", "163", "--px-per-mm", "6.4",
            ],
            error: "Give the density once: --ppi or --px-per-mm, not both.", usage: deviceAddUsage),
        Case(
            arguments: ["device", "add", "p", "--width", "320", "--height", "480", "--ppi", "0"],
            error: "--ppi expects a pixel density above 0.", usage: deviceAddUsage),
        Case(
            arguments: ["device", "add", "p", "--width", "320", "--height", "480", "--px-per-mm", "-6"],
            error: "--px-per-mm expects a pixel density above 0.", usage: deviceAddUsage),
        Case(
            arguments: ["device", "add", "p", "--width", "320", "--height", "480", "--ppi", "nan"],
            error: "--ppi expects a number, found 'nan'.", usage: deviceAddUsage),
    ]

    @Test(arguments: cases)
    func exitsWith64AndPrintsUsage(_ usageCase: Case) throws {
        let sandbox = try Sandbox()
        let run = try sandbox.run(usageCase.arguments)
        #expect(run.status == 64)
        #expect(run.stdout == "")
        let command = usageCase.usage.split(separator: " <")[0].split(separator: " [")[0]
        #expect(
            run.stderr == """
                Error: \(usageCase.error)
                Usage: \(usageCase.usage)
                  See '\(command) --help' for more information.

                """)
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("thumblab.sqlite")))
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("x.sqlite")))
    }

    @Test func helpWinsOverOtherMistakesOnTheLine() throws {
        let sandbox = try Sandbox()
        let run = try sandbox.run(["info", "--bogus", "--format", "xml", "--help"])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("OVERVIEW: "))
        #expect(run.stderr == "")
    }
}
