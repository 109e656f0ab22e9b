/// Matches command-line words against a ``CommandSpec`` and reads every value as its
/// declared type. Options may come before or after positionals, as `--name VALUE` or
/// `--name=VALUE`; `--` ends the options; `-h`/`--help` anywhere before it asks for help,
/// whatever else the line holds.
struct ArgumentParser {
    var spec: CommandSpec

    /// Returns `nil` when help was asked for, else the parsed arguments.
    /// - Throws: ``CLIError/usage(_:)`` naming the first word that does not fit.
    func parse(_ words: [String]) throws(CLIError) -> ParsedArguments? {
        let options = words.prefix { $0 != "--" }
        if options.contains("-h") || options.contains("--help") { return nil }
        var result = ParsedArguments(spec: spec)
        var positionals: [String] = []
        var index = 0
        var optionsEnded = false
        while index < words.count {
            let word = words[index]
            index += 1
            if optionsEnded || !word.hasPrefix("-") || word == "-" {
                positionals.append(word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            let (name, inlineValue) = Self.split(word)
            guard let option = spec.optionInfos.first(where: { $0.names.contains(name) }) else {
                throw .usage("Unknown option '\(name)'.\(suggestion(for: name))")
            }
            guard let reader = option.reader else {
                if inlineValue != nil { throw .usage("\(name) takes no value.") }
                result.setFlag(option)
                continue
            }
            let text: String
            if let inlineValue {
                text = inlineValue
            } else if index < words.count, !words[index].hasPrefix("--") {
                text = words[index]
                index += 1
            } else {
                throw .usage("Missing value for '\(name) <\(option.valueName ?? "value")>'.")
            }
            let value = try reader.read(text, for: name)
            if !option.repeats, result.isGiven(option) { throw .usage("\(name) was given more than once.") }
            result.append(value, to: option)
        }
        try assign(positionals, to: &result)
        if let missing = spec.optionInfos.first(where: { $0.isRequired && !result.isGiven($0) }) {
            throw .usage("Missing expected option '\(missing.name) <\(missing.valueName ?? "value")>'.")
        }
        return result
    }

    /// `--name=value` as its name and value; any other word as itself and no value.
    static func split(_ word: String) -> (name: String, value: String?) {
        guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }

    /// Hands the positional words to the declared arguments in order, the last repeating
    /// argument taking the rest, each word read as its argument's type.
    private func assign(_ words: [String], to result: inout ParsedArguments) throws(CLIError) {
        let arguments = spec.argumentInfos
        let required = arguments.filter { !$0.isOptional }
        if words.count < required.count {
            throw .usage("Missing expected argument '\(required[words.count].label)'.")
        }
        let repeats = arguments.last?.repeats ?? false
        if !repeats, words.count > arguments.count {
            throw .usage("Unexpected argument '\(words[arguments.count])'.")
        }
        for (position, argument) in arguments.enumerated() where position < words.count {
            let given = argument.repeats ? words[position...] : words[position...position]
            var values: [any Sendable] = []
            for word in given { values.append(try argument.reader.read(word, for: argument.label)) }
            result.set(values, for: argument)
        }
    }

    /// ` Did you mean '--format'?` for an option within two edits of a known one.
    private func suggestion(for name: String) -> String {
        let known = (spec.optionInfos + [CommandSpec.help.info]).flatMap(\.names).filter { $0.hasPrefix("--") }
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
}
