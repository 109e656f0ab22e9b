/// One subcommand: its shape and what it does. A command declares its options and
/// arguments as `static let` members, lists them in ``spec``, and reads them in ``run``
/// through those declarations (`arguments[Self.study]`); it parses nothing itself and
/// calls the library for all real work.
///
/// Adding a command is one file with a type conforming to this protocol, and one line in
/// ``CommandList/commands``.
protocol Command: Sendable {
    static var spec: CommandSpec { get }
    static func run(_ arguments: ParsedArguments, console: Console) throws
}

/// A node of the command tree: a runnable command or a group of subcommands.
struct CommandNode: Sendable {
    var spec: CommandSpec
    var run: (@Sendable (ParsedArguments, Console) throws -> Void)?
    var children: [CommandNode] = []

    /// A runnable command.
    init(_ command: any Command.Type) {
        spec = command.spec
        run = { try command.run($0, console: $1) }
    }

    /// A group, such as `device`, whose subcommands do the work.
    init(group spec: CommandSpec, children: [CommandNode]) {
        self.spec = spec
        self.children = children
    }

    /// A group that also runs itself when its own options come before any subcommand, such as
    /// `power --from-study` beside `power t`: `command`'s spec, under the group's name, lists
    /// the subcommands' abstracts in its help.
    init(runnableGroup command: any Command.Type, children: [CommandNode]) {
        self.init(command)
        self.children = children
    }

    /// The subcommand called `name`, if there is one.
    func child(named name: String) -> CommandNode? {
        children.first { $0.spec.name == name }
    }

    /// The options that this node or any command below it declares global
    /// (``Option/global()``): they may also come before the subcommand.
    var globalOptions: [OptionInfo] {
        spec.optionInfos.filter(\.isGlobal) + children.flatMap(\.globalOptions)
    }
}
