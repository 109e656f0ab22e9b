import Foundation
import Testing

@testable import thumblab

/// Help in the swift-argument-parser layout, ending with examples, checked for every
/// command in the tree against that command's own declarations; `--help`, `-h`,
/// `help COMMAND` and `--version` exit 0; a bare `thumblab` gets people started.
@Suite struct HelpTests {
    /// One node of the command tree and the words that reach it.
    struct Entry: Sendable, CustomTestStringConvertible {
        var path: [String]
        var node: CommandNode
        var testDescription: String { (["thumblab"] + path).joined(separator: " ") }
    }

    /// The root, every group and every command of ``CommandList``.
    static let entries: [Entry] = walk(CommandList.root, path: [])

    static func walk(_ node: CommandNode, path: [String]) -> [Entry] {
        [Entry(path: path, node: node)] + node.children.flatMap { walk($0, path: path + [$0.spec.name]) }
    }

    /// Text with its line wrapping and column padding undone.
    static func unwrapped<S: StringProtocol>(_ text: S) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    static let headings = ["OVERVIEW: ", "USAGE: ", "ARGUMENTS:\n", "OPTIONS:\n", "SUBCOMMANDS:\n", "EXAMPLES:\n"]

    /// The sections of a help text by heading, each without its heading.
    static func sections(_ text: String) -> [String: String] {
        var sections: [String: String] = [:]
        var heading: String?
        for block in text.components(separatedBy: "\n\n") {
            if let next = headings.first(where: { block.hasPrefix($0) }) {
                heading = next
                sections[next] = String(block.dropFirst(next.count))
            } else if let heading {
                sections[heading, default: ""] += "\n\n" + block
            }
        }
        return sections
    }

    /// The synopsis the declarations call for: `thumblab import <file> ... [--study <name>] ...`.
    static func expectedUsage(_ entry: Entry) -> String {
        let command = (["thumblab"] + entry.path).joined(separator: " ")
        let group = entry.node.children.isEmpty ? [] : [command + " <subcommand>"]
        if !group.isEmpty && entry.node.spec.optionInfos.isEmpty { return group[0] }
        let arguments = entry.node.spec.argumentInfos.map { argument in
            let label = "<\(argument.name)>" + (argument.repeats ? " ..." : "")
            return argument.isOptional ? "[\(label)]" : label
        }
        let options = entry.node.spec.optionInfos.map { option in
            let label = option.name + (option.valueName.map { " <\($0)>" } ?? "") + (option.repeats ? " ..." : "")
            return option.isRequired ? label : "[\(label)]"
        }
        // A group that runs itself (`power --from-study`) shows both forms.
        return (group + (group.isEmpty ? [] : ["or"]) + [command] + arguments + options).joined(separator: " ")
    }

    /// An option's row in OPTIONS, unwrapped: `--format <format> How to print the result.
    /// (values: text, json) (default: text)`.
    static func expectedRow(_ option: OptionInfo) -> String {
        var row = option.names.joined(separator: ", ")
        if let valueName = option.valueName { row += " <\(valueName)>" }
        row += " " + option.help
        if !option.choices.isEmpty { row += " (values: \(option.choices.joined(separator: ", ")))" }
        if let defaultDescription = option.defaultDescription { row += " (default: \(defaultDescription))" }
        return unwrapped(row)
    }

    /// The overview (the abstract and the discussion) fits a screen: under 12 lines; the
    /// details are in the DocC articles.
    @Test(arguments: entries)
    func overviewFitsAScreen(_ entry: Entry) {
        let path = "thumblab" + entry.path.map { " " + $0 }.joined()
        let help = HelpFormatter(commandPath: path, spec: entry.node.spec).render()
        let overview = help.components(separatedBy: "\nUSAGE:")[0]
        let lines = overview.split(separator: "\n").count
        #expect(lines < 12, "\(path)'s overview takes \(lines) lines")
    }

    @Test(arguments: entries)
    func helpFollowsTheDeclarations(_ entry: Entry) throws {
        let sandbox = try Sandbox()
        let run = try sandbox.run(entry.path + ["--help"])
        #expect(run.status == 0)
        #expect(run.stderr == "")
        let spec = entry.node.spec
        let text = run.stdout
        let present = [
            true, true, !spec.arguments.isEmpty, true, !entry.node.children.isEmpty, !spec.examples.isEmpty,
        ]
        let expectedHeadings = zip(Self.headings, present).filter(\.1).map(\.0)
        let found = text.components(separatedBy: "\n\n").compactMap { block in
            Self.headings.first { block.hasPrefix($0) }
        }
        #expect(found == expectedHeadings)
        let sections = Self.sections(text)

        let overview = Self.unwrapped(try #require(sections["OVERVIEW: "]))
        #expect(overview.hasPrefix(Self.unwrapped(spec.abstract)))
        if let discussion = spec.discussion { #expect(overview.contains(Self.unwrapped(discussion))) }
        #expect(Self.unwrapped(try #require(sections["USAGE: "])) == Self.expectedUsage(entry))

        let arguments = Self.unwrapped(sections["ARGUMENTS:\n"] ?? "")
        for argument in spec.argumentInfos {
            #expect(arguments.contains("<\(argument.name)>\(argument.repeats ? " ..." : "") \(argument.help)"))
        }
        let optionsText = try #require(sections["OPTIONS:\n"])
        var declared = spec.optionInfos + [CommandSpec.help.info]
        if entry.path.isEmpty { declared.insert(Dispatcher.version.info, at: declared.count - 1) }
        let rows = optionsText.split(separator: "\n").filter { $0.hasPrefix("  -") }
        #expect(rows.count == declared.count)
        for option in declared {
            #expect(Self.unwrapped(optionsText).contains(Self.expectedRow(option)), "\(option.name)")
        }

        let subcommands = Self.unwrapped(sections["SUBCOMMANDS:\n"] ?? "")
        for child in entry.node.children {
            #expect(subcommands.contains("\(child.spec.name) \(Self.unwrapped(child.spec.abstract))"))
        }
        let examples = try #require(sections["EXAMPLES:\n"]).split(separator: "\n").map(String.init)
        #expect(examples == spec.examples.map { "  " + $0 })
        #expect(examples.contains { $0.hasPrefix((["  thumblab"] + entry.path).joined(separator: " ")) })

        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 80 || $0.hasPrefix("  thumblab ") })
        #expect(try sandbox.run(entry.path + ["-h"]).stdout == text)
        #expect(try sandbox.run(["help"] + entry.path).stdout == text)
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("thumblab.sqlite")))
    }

    @Test func bareInvocationPrintsTheGettingStarted() throws {
        let run = try Sandbox().run([])
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(
            run.stdout == """
                ThumbLab 0.2.0 turns the logs of one-handed touchscreen studies into a SQLite
                study database and the analyses papers report.

                Get started:

                  Try it on the bundled ThumbSpace-vs-Shift study (writes thumblab-demo/):
                    thumblab demo

                  Import your logs (trials, touches or questionnaires; CSV, JSON or JSON Lines):
                    thumblab import trials.csv responses.csv --study pilot

                  Compare techniques on time, with the right test and an APA sentence:
                    thumblab compare --factor technique --exclude block=0

                  Write the study report (Markdown; --format csv or json):
                    thumblab report --out report

                The database is thumblab.sqlite here unless --db PATH or THUMBLAB_DB says so.
                Run 'thumblab --help' for every command, 'thumblab help <command>' for one.

                """)
        #expect(run.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }

    @Test func versionPrintsTheVersionAlone() throws {
        let run = try Sandbox().run(["--version"])
        #expect(run.status == 0)
        #expect(run.stdout == "0.2.0\n")
        #expect(run.stderr == "")
    }

    @Test func helpForAnUnknownSubcommandIsAUsageError() throws {
        let run = try Sandbox().run(["help", "device", "remove"])
        #expect(run.status == 64)
        #expect(run.stdout == "")
        #expect(run.stderr.hasPrefix("Error: Unknown subcommand 'remove'; expected one of: add, list.\n"))
    }
}
