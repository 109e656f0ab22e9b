/// Renders help in the layout users know from swift-argument-parser: OVERVIEW, USAGE,
/// ARGUMENTS, OPTIONS, SUBCOMMANDS, a command's own reference sections, and here always
/// EXAMPLES last.
struct HelpFormatter {
    /// The full command path, such as `thumblab device add`.
    var commandPath: String
    var spec: CommandSpec
    /// Name and abstract of each subcommand, for command groups.
    var subcommands: [(name: String, abstract: String)] = []
    /// Options shown in help but handled before dispatch (`--version` on the root).
    var extraOptions: [OptionInfo] = []

    static let width = 80
    static let labelColumn = 26

    func render() -> String {
        var sections = [Self.wrap("OVERVIEW: \(spec.abstract)", indent: 0)]
        if let discussion = spec.discussion { sections.append(Self.wrap(discussion, indent: 0)) }
        sections.append(Self.wrap(units: ["USAGE:"] + usageParts(), indent: 7, firstIndent: 0))
        if !spec.arguments.isEmpty {
            let rows = spec.argumentInfos.map { (Self.argumentLabel($0), $0.help) }
            sections.append("ARGUMENTS:\n" + Self.table(rows))
        }
        let options = spec.optionInfos + extraOptions + [CommandSpec.help.info]
        sections.append("OPTIONS:\n" + Self.table(options.map { (Self.optionLabel($0), Self.optionHelp($0)) }))
        if !subcommands.isEmpty {
            let list = Self.table(subcommands.map { ($0.name, $0.abstract) })
            sections.append("SUBCOMMANDS:\n\(list)\n\n  See '\(commandPath) help <subcommand>' for detailed help.")
        }
        for section in spec.sections { sections.append("\(section.title):\n\(section.body)") }
        if !spec.examples.isEmpty {
            sections.append("EXAMPLES:\n" + spec.examples.map { "  \($0)" }.joined(separator: "\n"))
        }
        return sections.joined(separator: "\n\n") + "\n"
    }

    /// The one-line synopsis: `thumblab import <file> ... [--study <name>]`.
    func usage() -> String { usageParts().joined(separator: " ") }

    /// The synopsis in pieces that help never splits across lines.
    private func usageParts() -> [String] {
        // A group that runs itself too (`power --from-study`) shows both forms.
        let group = subcommands.isEmpty ? [] : ["\(commandPath) <subcommand>"]
        if !group.isEmpty && spec.optionInfos.isEmpty { return group }
        var parts = group + (group.isEmpty ? [] : ["or"]) + [commandPath]
        for argument in spec.argumentInfos {
            let label = Self.argumentLabel(argument)
            parts.append(argument.isOptional ? "[\(label)]" : label)
        }
        for option in spec.optionInfos {
            var label = option.name
            if let valueName = option.valueName { label += " <\(valueName)>" }
            if option.repeats { label += " ..." }
            parts.append(option.isRequired ? label : "[\(label)]")
        }
        return parts
    }

    private static func argumentLabel(_ argument: ArgumentInfo) -> String {
        argument.label + (argument.repeats ? " ..." : "")
    }

    private static func optionLabel(_ option: OptionInfo) -> String {
        var label = option.names.joined(separator: ", ")
        if let valueName = option.valueName { label += " <\(valueName)>" }
        return label
    }

    private static func optionHelp(_ option: OptionInfo) -> String {
        var help = option.help
        if !option.choices.isEmpty { help += " (values: \(option.choices.joined(separator: ", ")))" }
        if let defaultValue = option.defaultDescription { help += " (default: \(defaultValue))" }
        return help
    }

    /// Two columns: labels indented by two, descriptions aligned at ``labelColumn``;
    /// a label too long for its column puts its description on the next line.
    private static func table(_ rows: [(String, String)]) -> String {
        rows.map { label, text in
            let padded = "  " + label
            let body = wrap(text, indent: labelColumn)
            if padded.count < labelColumn - 1 {
                let spaces = String(repeating: " ", count: labelColumn - padded.count)
                return padded + spaces + body.dropFirst(labelColumn)
            }
            return padded + "\n" + body
        }.joined(separator: "\n")
    }

    /// Word-wraps `text` to ``width`` columns, every line indented by `indent` spaces
    /// (the first by `firstIndent` when given).
    static func wrap(_ text: String, indent: Int, firstIndent: Int? = nil) -> String {
        let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false)
        return paragraphs.enumerated().map { index, paragraph in
            wrapParagraph(String(paragraph), indent: indent, firstIndent: index == 0 ? firstIndent : nil)
        }.joined(separator: "\n")
    }

    private static func wrapParagraph(_ text: String, indent: Int, firstIndent: Int?) -> String {
        wrap(units: text.split(separator: " ").map(String.init), indent: indent, firstIndent: firstIndent)
    }

    /// Lays `units` out on lines of at most ``width`` columns, separated by spaces, never
    /// splitting a unit; a unit longer than a line gets a line of its own.
    static func wrap(units: [String], indent: Int, firstIndent: Int? = nil) -> String {
        var lines: [String] = []
        var line = String(repeating: " ", count: firstIndent ?? indent)
        var lineHasWord = false
        for word in units {
            if lineHasWord, line.count + 1 + word.count > width {
                lines.append(line)
                line = String(repeating: " ", count: indent)
                lineHasWord = false
            }
            line += (lineHasWord ? " " : "") + word
            lineHasWord = true
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}
