/// A command-line option: `--name VALUE`, `--name=VALUE`, or a flag `--name`.
struct OptionSpec: Sendable {
    /// Spellings, long first: `["--format"]`, `["-h", "--help"]`.
    var names: [String]
    /// Placeholder shown in help, such as `path`; `nil` for a flag.
    var valueName: String?
    var help: String
    /// The default as stated in help, for instance `thumblab.sqlite`.
    var defaultValue: String? = nil
    /// May be given more than once (`--map A=B --map C=D`).
    var repeats = false
    /// Values the option accepts; empty means any.
    var allowed: [String] = []
    /// The command cannot run without it.
    var required = false

    var isFlag: Bool { valueName == nil }
    /// The name values are stored under: the longest spelling without dashes.
    var key: String { String(names.max { $0.count < $1.count }!.drop { $0 == "-" }) }
}

/// A positional argument.
struct ArgumentSpec: Sendable {
    var name: String
    var help: String
    var repeats = false
    var optional = false
}

/// The shape of one (sub)command: what it accepts and how its help reads.
struct CommandSpec: Sendable {
    var name: String
    var abstract: String
    var discussion: String? = nil
    var arguments: [ArgumentSpec] = []
    var options: [OptionSpec] = []
    /// Command lines, each optionally followed by `  # comment`.
    var examples: [String] = []

    static let help = OptionSpec(names: ["-h", "--help"], valueName: nil, help: "Show help information.")

    /// Every option the command accepts, `--help` last.
    var allOptions: [OptionSpec] { options + [Self.help] }
}

/// What a command line said, after checking it against a ``CommandSpec``.
struct ParsedArguments: Sendable {
    var positionals: [String] = []
    var values: [String: [String]] = [:]
    var flags: Set<String> = []

    /// The last value given for an option, if any.
    func value(_ key: String) -> String? { values[key]?.last }
    /// Every value given for a repeatable option, in order.
    func all(_ key: String) -> [String] { values[key] ?? [] }
    func flag(_ key: String) -> Bool { flags.contains(key) }

    /// An option's value read as a finite number, or a usage error naming the option.
    func number(_ key: String) throws -> Double? {
        guard let text = value(key) else { return nil }
        guard let number = Double(text), number.isFinite else {
            throw CLIError.usage("--\(key) expects a number, found '\(text)'.")
        }
        return number
    }
}

/// Matches command-line words against a ``CommandSpec``. Options may come before or
/// after positionals; `--` ends the options; `-h`/`--help` anywhere before it asks for
/// help, whatever else the line holds.
struct ArgumentParser {
    var spec: CommandSpec

    /// Returns `nil` when help was asked for, else the parsed arguments.
    func parse(_ words: [String]) throws -> ParsedArguments? {
        let options = words.prefix { $0 != "--" }
        if options.contains("-h") || options.contains("--help") { return nil }
        var result = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < words.count {
            let word = words[index]
            index += 1
            if optionsEnded || !word.hasPrefix("-") || word == "-" {
                result.positionals.append(word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            let (name, inlineValue) = split(word)
            guard let option = spec.options.first(where: { $0.names.contains(name) }) else {
                throw CLIError.usage("Unknown option '\(name)'.\(suggestion(for: name))")
            }
            if option.isFlag {
                if inlineValue != nil { throw CLIError.usage("\(name) takes no value.") }
                result.flags.insert(option.key)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < words.count, !words[index].hasPrefix("--") {
                value = words[index]
                index += 1
            } else {
                throw CLIError.usage("Missing value for '\(name) <\(option.valueName!)>'.")
            }
            if !option.allowed.isEmpty, !option.allowed.contains(value) {
                let choices = option.allowed.map { "'\($0)'" }.joined(separator: ", ")
                throw CLIError.usage("The value '\(value)' is invalid for '\(name)'; expected one of \(choices).")
            }
            if !option.repeats, result.values[option.key] != nil {
                throw CLIError.usage("\(name) was given more than once.")
            }
            result.values[option.key, default: []].append(value)
        }
        try checkPositionals(result.positionals)
        if let missing = spec.options.first(where: { $0.required && result.values[$0.key] == nil }) {
            throw CLIError.usage("Missing expected option '\(missing.names.last!) <\(missing.valueName ?? "value")>'.")
        }
        return result
    }

    private func split(_ word: String) -> (String, String?) {
        guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }

    /// ` Did you mean '--format'?` for an option within two edits of a known one.
    private func suggestion(for name: String) -> String {
        let known = spec.allOptions.flatMap(\.names).filter { $0.hasPrefix("--") }
        let scored = known.map { ($0, Self.editDistance(name, $0)) }.filter { $0.1 <= 2 }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return "" }
        return " Did you mean '\(best.0)'?"
    }

    /// Levenshtein distance: the fewest insertions, deletions and substitutions that turn
    /// one string into the other (Levenshtein, 1966), by the usual two-row table.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let b = Array(b)
        var previous = Array(0...b.count)
        for (i, characterOfA) in a.enumerated() {
            var current = [i + 1]
            for (j, characterOfB) in b.enumerated() {
                let substitution = previous[j] + (characterOfA == characterOfB ? 0 : 1)
                current.append(min(previous[j + 1] + 1, current[j] + 1, substitution))
            }
            previous = current
        }
        return previous[b.count]
    }

    private func checkPositionals(_ positionals: [String]) throws {
        let required = spec.arguments.filter { !$0.optional }
        if positionals.count < required.count {
            let missing = required[positionals.count]
            throw CLIError.usage("Missing expected argument '<\(missing.name)>'.")
        }
        let repeats = spec.arguments.last?.repeats ?? false
        if !repeats, positionals.count > spec.arguments.count {
            throw CLIError.usage("Unexpected argument '\(positionals[spec.arguments.count])'.")
        }
    }
}
