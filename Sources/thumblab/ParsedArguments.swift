/// What a command line said, after ``ArgumentParser`` checked it against a
/// ``CommandSpec``: read through the command's declarations, already typed.
///
/// ```swift
/// let study = arguments[Self.study]     // String, the default when absent
/// let kind = arguments[Self.kind]       // RowKind?
/// let ignored = arguments[Self.ignore]  // [String]
/// let dryRun = arguments[Self.dryRun]   // Bool
/// let files = arguments[Self.files]     // [String]
/// ```
///
/// Reading a declaration the command's spec does not list is a programming error, and
/// stops the program with a message saying so rather than quietly reading nothing.
struct ParsedArguments: Sendable {
    /// Option values by option name (``OptionInfo/name``), in command-line order.
    private var values: [String: [any Sendable]] = [:]
    /// The names of the flags given.
    private var flags: Set<String> = []
    /// Argument values by argument name.
    private var positionals: [String: [any Sendable]] = [:]
    private let declaredOptions: Set<String>
    private let declaredArguments: Set<String>

    /// Nothing given yet, for a command of this shape.
    init(spec: CommandSpec) {
        declaredOptions = Set(spec.optionInfos.map(\.name))
        declaredArguments = Set(spec.argumentInfos.map(\.name))
    }

    /// The option's value: the value given, else its default, `nil` or `[]` as declared.
    subscript<Value>(option: Option<Value>) -> Value {
        checkDeclared(option.info)
        return option.read(values[option.info.name] ?? [])
    }

    /// Whether the flag was given.
    subscript(flag: Flag) -> Bool {
        checkDeclared(flag.info)
        return flags.contains(flag.info.name)
    }

    /// The argument's value: its word, `nil`, or its words, as declared.
    subscript<Value>(argument: Argument<Value>) -> Value {
        precondition(
            declaredArguments.contains(argument.info.name),
            "\(argument.info.label) is read but its command does not declare it")
        return argument.read(positionals[argument.info.name] ?? [])
    }

    /// Whether the command line gave the option, rather than leaving it to its default.
    func contains<Value>(_ option: Option<Value>) -> Bool {
        checkDeclared(option.info)
        return values[option.info.name] != nil
    }

    private func checkDeclared(_ option: OptionInfo) {
        precondition(
            declaredOptions.contains(option.name), "\(option.name) is read but its command does not declare it")
    }

    // MARK: Filled in by the parser

    /// Whether a value or flag was already given for `option`.
    func isGiven(_ option: OptionInfo) -> Bool {
        values[option.name] != nil || flags.contains(option.name)
    }

    mutating func append(_ value: any Sendable, to option: OptionInfo) {
        values[option.name, default: []].append(value)
    }

    mutating func setFlag(_ option: OptionInfo) {
        flags.insert(option.name)
    }

    mutating func set(_ words: [any Sendable], for argument: ArgumentInfo) {
        positionals[argument.name] = words
    }
}
