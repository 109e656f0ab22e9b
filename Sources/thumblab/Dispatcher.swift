import ThumbLab

/// Finds the subcommand a command line names, parses the rest against it, runs it, and
/// turns every failure into `Error: ...` on stderr and an exit status (sysexits: 64
/// usage, 65 bad data, 66 missing input, 1 anything else).
struct Dispatcher {
    var root: CommandNode
    var console: Console
    var version: String
    var gettingStarted: String

    func run(_ words: [String]) -> Int32 {
        if words.isEmpty {
            console.out(gettingStarted)
            return 0
        }
        var path = [root.spec.name]
        var node = root
        var remaining = words
        do {
            while !node.children.isEmpty {
                guard let index = firstPositional(remaining) else {
                    if remaining.contains(where: { $0 == "-h" || $0 == "--help" }) {
                        return printHelp(node, path: path)
                    }
                    if path.count == 1, remaining.contains("--version") {
                        console.out(version + "\n")
                        return 0
                    }
                    throw UsageError("Missing subcommand; expected one of: \(names(node)).")
                }
                let name = remaining.remove(at: index)
                if name == "help" { return help(remaining, from: node, path: path) }
                guard let child = node.child(named: name) else {
                    let close = node.children.map(\.spec.name)
                        .map { ($0, ArgumentParser.editDistance(name, $0)) }.filter { $0.1 <= 2 }
                        .min { $0.1 < $1.1 }
                    if let close { throw UsageError("Unknown subcommand '\(name)'. Did you mean '\(close.0)'?") }
                    throw UsageError("Unknown subcommand '\(name)'; expected one of: \(names(node)).")
                }
                node = child
                path.append(name)
            }
            guard let arguments = try ArgumentParser(spec: node.spec).parse(remaining) else {
                return printHelp(node, path: path)
            }
            try node.run?(arguments, console)
            return 0
        } catch let error as UsageError {
            console.error(error.message)
            let formatter = HelpFormatter(
                commandPath: path.joined(separator: " "), spec: node.spec,
                subcommands: node.children.map { ($0.spec.name, $0.spec.abstract) })
            console.err("Usage: \(formatter.usage())")
            console.err("  See '\(path.joined(separator: " ")) --help' for more information.")
            return 64
        } catch let failure as CommandFailure {
            console.error(failure.message)
            return failure.status
        } catch let error as ThumbLabError {
            let report = ErrorReport(error: error)
            report.lines.forEach(console.error)
            return report.status
        } catch {
            console.error("\(error)")
            return 1
        }
    }

    /// `thumblab help [subcommand ...]`: help for the named command.
    private func help(_ words: [String], from start: CommandNode, path startPath: [String]) -> Int32 {
        var node = start
        var path = startPath
        for word in words where !word.hasPrefix("-") {
            guard let child = node.child(named: word) else {
                console.error("Unknown subcommand '\(word)'; expected one of: \(names(node)).")
                return 64
            }
            node = child
            path.append(word)
        }
        return printHelp(node, path: path)
    }

    private func printHelp(_ node: CommandNode, path: [String]) -> Int32 {
        let isRoot = path.count == 1
        let version = OptionSpec(names: ["--version"], valueName: nil, help: "Show the version.")
        let formatter = HelpFormatter(
            commandPath: path.joined(separator: " "), spec: node.spec,
            subcommands: node.children.map { ($0.spec.name, $0.spec.abstract) },
            extraOptions: isRoot ? [version] : [])
        console.out(formatter.render())
        return 0
    }

    /// The index of the first word that is not an option or an option's value.
    private func firstPositional(_ words: [String]) -> Int? {
        var index = 0
        while index < words.count {
            let word = words[index]
            if word == "--db" {
                index += 2
                continue
            }
            if !word.hasPrefix("-") { return index }
            index += 1
        }
        return nil
    }

    private func names(_ node: CommandNode) -> String {
        node.children.map(\.spec.name).joined(separator: ", ")
    }
}
