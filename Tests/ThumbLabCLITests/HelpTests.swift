import Foundation
import Testing

/// Help in the swift-argument-parser layout, ending with examples; `--help`, `-h`,
/// `help COMMAND` and `--version` exit 0; a bare `thumblab` gets people started.
@Suite struct HelpTests {
    static let commandPaths: [[String]] = [
        ["init"], ["import"], ["info"], ["batches"], ["undo"], ["device"], ["device", "add"], ["device", "list"],
    ]

    @Test func bareInvocationPrintsTheGettingStarted() throws {
        let run = try Sandbox().run([])
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(
            run.stdout == """
                ThumbLab 0.1.0 turns the logs of one-handed touchscreen studies into a SQLite
                study database.

                Get started with three commands:

                  Import logs (trials, touches or questionnaires; CSV, JSON or JSON Lines):
                    thumblab import Datasets/thumbspace-vs-shift/trials.csv --study thumbspace

                  See what the database holds (counts, factors and their levels):
                    thumblab info

                  List the imports, and take one back:
                    thumblab batches
                    thumblab undo 1

                The database is thumblab.sqlite here unless --db PATH or THUMBLAB_DB says so.
                Run 'thumblab --help' for every command, 'thumblab help <command>' for one.

                """)
        #expect(run.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }

    @Test func versionPrintsTheVersionAlone() throws {
        let run = try Sandbox().run(["--version"])
        #expect(run.status == 0)
        #expect(run.stdout == "0.1.0\n")
        #expect(run.stderr == "")
    }

    @Test func rootHelpListsEverySubcommand() throws {
        let run = try Sandbox().run(["--help"])
        #expect(run.status == 0)
        #expect(
            run.stdout == """
                OVERVIEW: Study logs of one-handed touchscreen studies, into a SQLite study
                database.

                ThumbLab imports trial logs, raw touch logs and questionnaire answers (CSV,
                JSON, JSON Lines) into one study database that R, pandas and the thumblab
                commands read.

                USAGE: thumblab <subcommand>

                OPTIONS:
                  --version               Show the version.
                  -h, --help              Show help information.

                SUBCOMMANDS:
                  init                    Create the study database, or bring an existing one up
                                          to the current schema.
                  import                  Import trial, touch or questionnaire logs (CSV, JSON,
                                          JSON Lines).
                  info                    Show what the study database holds: counts of rows,
                                          studies, factors and their levels.
                  batches                 List the import batches: what was imported, from
                                          where, and when.
                  undo                    Remove one import batch completely: every row it
                                          added, in one transaction.
                  device                  Define the devices (screen size and density) that
                                          studies ran on.

                  See 'thumblab help <subcommand>' for detailed help.

                EXAMPLES:
                  thumblab import trials.csv touches.csv --study pilot
                  thumblab info --format json
                  thumblab help import

                """)
        #expect(try Sandbox().run(["-h"]).stdout == run.stdout)
        #expect(try Sandbox().run(["help"]).stdout == run.stdout)
    }

    @Test func undoHelpInFull() throws {
        let run = try Sandbox().run(["undo", "--help"])
        #expect(run.status == 0)
        #expect(
            run.stdout == """
                OVERVIEW: Remove one import batch completely: every row it added, in one
                transaction.

                'thumblab batches' lists the batches and their numbers. Undoing a batch and
                importing the same file again restores it.

                USAGE: thumblab undo <batch> [--format <format>] [--db <path>]

                ARGUMENTS:
                  <batch>                 The batch number, as 'thumblab batches' shows it.

                OPTIONS:
                  --format <format>       How to print the result. (values: text, json)
                                          (default: text)
                  --db <path>             The study database file. (default: $THUMBLAB_DB, else
                                          thumblab.sqlite)
                  -h, --help              Show help information.

                EXAMPLES:
                  thumblab batches
                  thumblab undo 3

                """)
    }

    @Test(arguments: commandPaths)
    func everyHelpHasTheSectionsInOrderAndEndsWithExamples(_ path: [String]) throws {
        let sandbox = try Sandbox()
        let run = try sandbox.run(path + ["--help"])
        #expect(run.status == 0)
        #expect(run.stderr == "")
        let text = run.stdout
        let headings = [
            "OVERVIEW: ", "\n\nUSAGE: thumblab \(path.joined(separator: " "))", "\n\nOPTIONS:\n", "\n\nEXAMPLES:\n",
        ]
        let positions = headings.compactMap { text.range(of: $0)?.lowerBound }
        #expect(positions.count == headings.count)
        #expect(positions == positions.sorted())
        let examples = try #require(text.components(separatedBy: "\n\nEXAMPLES:\n").last)
        let lines = examples.split(separator: "\n")
        #expect(!lines.isEmpty)
        #expect(lines.allSatisfy { $0.hasPrefix("  thumblab ") })
        #expect(lines.contains { $0.hasPrefix("  thumblab \(path.joined(separator: " "))") })
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 80 || $0.hasPrefix("  thumblab ") })
        #expect(try sandbox.run(path + ["-h"]).stdout == text)
        #expect(try sandbox.run(["help"] + path).stdout == text)
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("thumblab.sqlite")))
    }
}
