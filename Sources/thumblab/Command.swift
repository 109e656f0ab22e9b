import Foundation
import ThumbLab

/// One subcommand: its shape and what it does. Implementations parse nothing
/// themselves and call the library for all real work.
protocol Command {
    static var spec: CommandSpec { get }
    static func run(_ arguments: ParsedArguments, console: Console) throws
}

/// A node of the command tree: a runnable command or a group of subcommands.
struct CommandNode {
    var spec: CommandSpec
    var run: ((ParsedArguments, Console) throws -> Void)?
    var children: [CommandNode] = []

    init(_ command: any Command.Type) {
        spec = command.spec
        run = command.run
    }

    init(group spec: CommandSpec, children: [CommandNode]) {
        self.spec = spec
        self.children = children
    }

    func child(named name: String) -> CommandNode? {
        children.first { $0.spec.name == name }
    }
}

/// Options several subcommands share, spelled and explained the same way everywhere.
enum SharedOptions {
    static let database = OptionSpec(
        names: ["--db"], valueName: "path",
        help: "The study database file.", defaultValue: "$THUMBLAB_DB, else thumblab.sqlite")

    /// `--out`, naming the extensions of the formats the command can print.
    static func out(_ formats: [OutputFormat] = OutputFormat.allCases) -> OptionSpec {
        let extensions = formats.map { $0 == .text ? ".txt" : "." + $0.rawValue }.joined(separator: ", ")
        return OptionSpec(
            names: ["--out"], valueName: "file",
            help:
                "Write the result to this file instead of stdout; its extension (\(extensions)) sets the format unless --format does."
        )
    }

    /// `--format` limited to the formats a command can print.
    static func format(_ formats: [OutputFormat] = OutputFormat.allCases) -> OptionSpec {
        OptionSpec(
            names: ["--format"], valueName: "format", help: "How to print the result.",
            defaultValue: "text", allowed: formats.map(\.rawValue))
    }
}

extension ParsedArguments {
    /// `--db`, else `THUMBLAB_DB`, else `thumblab.sqlite` in the current directory.
    func databasePath(console: Console) -> String {
        value("db") ?? StudyDatabase.defaultPath(environment: console.environment)
    }

    /// Opens the study database the command line names. Commands that write create it
    /// when absent; commands that only read (`mustExist`) report a missing file instead
    /// of leaving an empty database behind.
    func openDatabase(console: Console, mustExist: Bool = false) throws -> StudyDatabase {
        let path = databasePath(console: console)
        if mustExist, !FileManager.default.fileExists(atPath: path) {
            throw CLIError.noDatabase(path: path)
        }
        return try StudyDatabase(path: path)
    }

    /// Prints a table read from the existing database: in `--format`, or the format the
    /// extension of `--out` names, to stdout or to `--out`.
    func deliverTable(console: Console, _ read: (StudyDatabase, OutputFormat) throws -> ResultTable) throws {
        let format = try resultFormat(allowed: OutputFormat.allCases)
        let table = try read(openDatabase(console: console, mustExist: true), format)
        try console.deliver(table.rendered(as: format), to: value("out"))
    }

    /// The format of a result that `--out` may send to a file: `--format` when given,
    /// else the extension of `--out`, else text.
    func resultFormat(allowed: [OutputFormat]) throws -> OutputFormat {
        if value("format") != nil { return format }
        guard let out = value("out") else { return .text }
        let byExtension: [String: OutputFormat] = ["txt": .text, "text": .text, "md": .md, "csv": .csv, "json": .json]
        let suffix = URL(fileURLWithPath: out).pathExtension.lowercased()
        guard let chosen = byExtension[suffix], allowed.contains(chosen) else {
            let names = allowed.map(\.rawValue).joined(separator: ", ")
            throw CLIError.usage(
                "--out \(out): the extension does not name a format this command prints (\(names)); add --format.")
        }
        return chosen
    }

    /// The `--format` value; the parser has already checked it is one of the allowed.
    var format: OutputFormat {
        value("format").flatMap(OutputFormat.init(rawValue:)) ?? .text
    }
}
