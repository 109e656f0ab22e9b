/// A declared option of any value type (an ``Option`` or a ``Flag``), as the parser and
/// the help text see it.
protocol OptionDeclaration: Sendable {
    var info: OptionInfo { get }
}

/// A declared positional ``Argument`` of any value type, as the parser and the help text
/// see it.
protocol ArgumentDeclaration: Sendable {
    var info: ArgumentInfo { get }
}

/// What the parser and the help text know of an option, whatever its value type.
struct OptionInfo: Sendable {
    /// Spellings, short first: `["--format"]`, `["-h", "--help"]`.
    var names: [String]
    /// Placeholder shown in help, such as `path`; `nil` for a flag.
    var valueName: String?
    /// One sentence for the help text.
    var help: String
    /// Reads the option's value; `nil` for a flag.
    var reader: ValueReader?
    /// The default, or what happens without the option, as help states it.
    var defaultDescription: String?
    /// May be given more than once (`--map A=B --map C=D`).
    var repeats = false
    /// The command cannot run without it.
    var isRequired = false
    /// May also come before the subcommand: `thumblab --db x.sqlite info`.
    var isGlobal = false

    /// A flag.
    init(names: [String], help: String) {
        self.names = names
        self.help = help
    }

    /// An option whose value is a `T`, limited to `choices` when given.
    init<T: ExpressibleByArgument>(
        names: [String], valueName: String, help: String, type: T.Type, choices: [T]?,
        defaultDescription: String? = nil
    ) {
        self.names = names
        self.valueName = valueName
        self.help = help
        reader = ValueReader(type, choices: choices)
        self.defaultDescription = defaultDescription
    }

    /// The spelling usage lines and messages use: the last, `--help` of `-h, --help`.
    var name: String { names.last ?? "" }
    /// The words the option accepts; empty for any.
    var choices: [String] { reader?.choices ?? [] }
}

/// What the parser and the help text know of a positional argument, whatever its type.
struct ArgumentInfo: Sendable {
    /// The name help shows as `<name>`.
    var name: String
    /// One sentence for the help text.
    var help: String
    /// Reads the words the argument receives.
    var reader: ValueReader
    /// Takes every remaining word (one at least, unless also optional).
    var repeats = false
    /// May be left out.
    var isOptional = false

    init<T: ExpressibleByArgument>(name: String, help: String, type: T.Type) {
        self.name = name
        self.help = help
        reader = ValueReader(type, choices: nil)
    }

    /// `<name>`, as usage lines and messages show the argument.
    var label: String { "<\(name)>" }
}

/// Reads the words given to one option or argument as values of its declared type.
struct ValueReader: Sendable {
    /// The words accepted, in the order help lists them; empty for any word the type reads.
    let choices: [String]
    private let parse: @Sendable (String) -> (any Sendable)?
    private let invalidMessage: @Sendable (_ word: String, _ label: String) -> String

    init<T: ExpressibleByArgument>(_ type: T.Type, choices: [T]?) {
        self.choices = choices?.map(\.argumentText) ?? T.allValueStrings
        parse = { T(argument: $0) }
        invalidMessage = { T.invalidMessage($0, for: $1) }
    }

    /// The value of `word`, given to `label` (`--width`, `<batch>`), or the usage error
    /// that names the label and what it expects.
    func read(_ word: String, for label: String) throws(CLIError) -> any Sendable {
        if !choices.isEmpty, !choices.contains(word) {
            let listed = choices.map { "'\($0)'" }.joined(separator: ", ")
            throw .usage("The value '\(word)' is invalid for '\(label)'; expected one of \(listed).")
        }
        guard let value = parse(word) else { throw .usage(invalidMessage(word, label)) }
        return value
    }
}

/// The shape of one (sub)command: what it accepts and how its help reads. The options
/// and arguments are the command's `static let` declarations, listed once here.
struct CommandSpec: Sendable {
    var name: String
    /// One sentence: what the command does.
    var abstract: String
    /// More about it, in paragraphs, after the overview in help.
    var discussion: String? = nil
    /// Positional arguments, in order; only the last may repeat.
    var arguments: [any ArgumentDeclaration] = []
    /// Options, in the order help lists them.
    var options: [any OptionDeclaration] = []
    /// Command lines, each optionally followed by `  # comment`.
    var examples: [String] = []
    /// What a list of input problems means for the database, said after the list.
    var invalidInputNote: String? = nil
    /// Reference sections help prints as they are, after the options: `FIELDS:` and its
    /// text, already laid out in lines of at most 80 characters.
    var sections: [HelpSection] = []

    /// `-h, --help`, which every command accepts.
    static let help = Flag("-h", "--help", help: "Show help information.")

    /// The declared options, as the parser and help see them.
    var optionInfos: [OptionInfo] { options.map(\.info) }
    /// The declared arguments, as the parser and help see them.
    var argumentInfos: [ArgumentInfo] { arguments.map(\.info) }
}

/// A section of help with its own layout, such as the fields `import` reads.
struct HelpSection: Sendable {
    /// The heading, such as `FIELDS`.
    var title: String
    /// The text under it, printed as it is.
    var body: String
}
