import ThumbLab

/// Finds the subcommand a command line names, parses the rest against it, runs it, and
/// turns every failure into `Error: ...` on stderr and the exit status ``ErrorReport``
/// gives it.
///
/// Options declared global (``Option/global()``), such as `--db` and `--format`, may
/// come before the subcommand as well as after it: `thumblab --db x.sqlite info` is
/// `thumblab info --db x.sqlite`. Whether the subcommand accepts them, and what values,
/// is its own declarations' say.
struct Dispatcher {
    var root: CommandNode
    var console: Console
    var version: String
    var gettingStarted: String

    /// `--version`, which only the root accepts.
    static let version = Flag("--version", help: "Show the version.")

    /// Runs the command line (without the program name) and returns the exit status.
    func run(_ words: [String]) -> Int32 {
        if words.isEmpty {
            console.out(gettingStarted)
            return 0
        }
        let globalOptions = root.globalOptions
        var path = [root.spec.name]
        var node = root
        var remaining = words
        do {
            while !node.children.isEmpty {
                let index = Self.subcommandIndex(remaining, globalOptions: globalOptions)
                if node.run != nil, Self.hasOwnOption(remaining[..<(index ?? remaining.count)], globalOptions) {
                    break
                }
                guard let index else {
                    if remaining.contains(where: { $0 == "-h" || $0 == "--help" }) {
                        return printHelp(node, path: path)
                    }
                    if path.count == 1, remaining.contains("--version") {
                        console.out(version + "\n")
                        return 0
                    }
                    throw CLIError.usage("Missing subcommand; expected one of: \(names(node)).")
                }
                let name = remaining.remove(at: index)
                if name == "help" {
                    // `thumblab help [subcommand ...]`: help for the named command.
                    for word in remaining[index...] where !word.hasPrefix("-") && !node.children.isEmpty {
                        node = try child(of: node, named: word)
                        path.append(word)
                    }
                    return printHelp(node, path: path)
                }
                node = try child(of: node, named: name)
                path.append(name)
            }
            guard let arguments = try ArgumentParser(spec: node.spec).parse(remaining) else {
                return printHelp(node, path: path)
            }
            try node.run?(arguments, console)
            return 0
        } catch {
            let report = ErrorReport(
                error, invalidInputNote: node.spec.invalidInputNote, isImport: node.spec.name == "import")
            report.lines.forEach(console.error)
            if report.showsUsage {
                let formatter = HelpFormatter(
                    commandPath: path.joined(separator: " "), spec: node.spec,
                    subcommands: node.children.map { ($0.spec.name, $0.spec.abstract) })
                console.err("Usage: \(formatter.usage())")
                console.err("  See '\(path.joined(separator: " ")) --help' for more information.")
            }
            return report.status
        }
    }

    /// The index of the word that names the subcommand: the first word that is neither an
    /// option nor the value of a global option. The words before it stay on the command
    /// line, for the subcommand to parse.
    private static func subcommandIndex(_ words: [String], globalOptions: [OptionInfo]) -> Int? {
        var index = 0
        while index < words.count {
            let word = words[index]
            if !word.hasPrefix("-") { return index }
            let takesValue = globalOptions.contains { $0.reader != nil && $0.names.contains(word) }
            index += takesValue ? 2 : 1
        }
        return nil
    }

    /// Whether `words` hold an option that is neither global nor a request for help or the
    /// version: one of a runnable group's own options, so the group runs itself.
    private static func hasOwnOption(_ words: ArraySlice<String>, _ globalOptions: [OptionInfo]) -> Bool {
        words.contains { word in
            word.hasPrefix("-") && !["-h", "--help", "--version"].contains(word)
                && !globalOptions.contains { $0.names.contains(word) }
        }
    }

    /// The subcommand of `node` called `name`, or a usage error suggesting a close name.
    private func child(of node: CommandNode, named name: String) throws(CLIError) -> CommandNode {
        if let child = node.child(named: name) { return child }
        let close = node.children.map(\.spec.name)
            .map { ($0, ArgumentParser.editDistance(name, $0)) }.filter { $0.1 <= 2 }
            .min { $0.1 < $1.1 }
        if let close { throw .usage("Unknown subcommand '\(name)'. Did you mean '\(close.0)'?") }
        throw .usage("Unknown subcommand '\(name)'; expected one of: \(names(node)).")
    }

    private func printHelp(_ node: CommandNode, path: [String]) -> Int32 {
        let formatter = HelpFormatter(
            commandPath: path.joined(separator: " "), spec: node.spec,
            subcommands: node.children.map { ($0.spec.name, $0.spec.abstract) },
            extraOptions: path.count == 1 ? [Self.version.info] : [])
        console.out(formatter.render())
        return 0
    }

    private func names(_ node: CommandNode) -> String {
        node.children.map(\.spec.name).joined(separator: ", ")
    }
}
