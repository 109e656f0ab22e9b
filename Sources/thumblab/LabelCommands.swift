import ThumbLab

/// `thumblab label`: the names readers see for factors and levels in tables, figures and
/// sentences, stored in the study database.
enum LabelCommands {
    static let group = CommandSpec(
        name: "label",
        abstract: "Name factors and levels as a paper does, for every table, figure and sentence.",
        discussion: """
            Logs name factors for programs (target_size_mm); papers name them for readers \
            ("Target size (mm)"). A label is stored in the study database and used by every \
            report, table and figure; JSON and CSV keep the raw names. A factor without a label \
            is shown by its name in words ("target size (mm)"), a level without one as logged.
            """,
        examples: [
            "thumblab label factor target_size_mm \"Target size (mm)\"",
            "thumblab label level technique ThumbSpace \"ThumbSpace\"",
            "thumblab label show",
            "thumblab label clear factor target_size_mm",
        ])

    static var node: CommandNode {
        CommandNode(
            group: group,
            children: [
                CommandNode(LabelFactorCommand.self), CommandNode(LabelLevelCommand.self),
                CommandNode(LabelShowCommand.self),
                CommandNode(
                    group: CommandSpec(
                        name: "clear", abstract: "Remove a label, so that the raw name (in words) shows again.",
                        examples: [
                            "thumblab label clear factor target_size_mm", "thumblab label clear level technique Shift",
                        ]),
                    children: [CommandNode(LabelClearFactorCommand.self), CommandNode(LabelClearLevelCommand.self)]),
            ])
    }

    static let factor = Argument<String>("factor", help: "The factor, as the logs name it.")
    static let level = Argument<String>("level", help: "The level, as the logs name it.")
    static let label = Argument<String>("label", help: "The name readers see; quote it when it has spaces.")
    static let options: [any OptionDeclaration] = [
        SelectionOptions.study, SharedOptions.textOrJSON, SharedOptions.database,
    ]

    /// Opens the study, runs `change` on it and prints what the factor (and level) is shown
    /// as now, or the study's labels as JSON.
    static func change(
        _ arguments: ParsedArguments, console: Console, factor: String, level: String?,
        _ change: (Study, String) throws -> Void
    ) throws {
        let study = try arguments.openStudy(console: console)
        let name = try arguments[SelectionOptions.study] ?? study.database.onlyStudy()
        try change(study, name)
        let names = try study.displayNames(study: name)
        if arguments[SharedOptions.textOrJSON] == .json {
            let json = JSONValue.object([("study", .string(name)), ("labels", LabelTables.json(names))])
            return console.out(json.rendered() + "\n")
        }
        if let level {
            console.out("Level \(level) of \(factor) is shown as \"\(names.level(level, of: factor))\".\n")
        } else {
            console.out("Factor \(factor) is shown as \"\(names.factor(factor))\".\n")
        }
    }
}

/// `thumblab label factor FACTOR LABEL`.
enum LabelFactorCommand: Command {
    static let spec = CommandSpec(
        name: "factor", abstract: "Give a factor the name readers see.",
        arguments: [LabelCommands.factor, LabelCommands.label], options: LabelCommands.options,
        examples: ["thumblab label factor target_size_mm \"Target size (mm)\""])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let factor = arguments[LabelCommands.factor]
        try LabelCommands.change(arguments, console: console, factor: factor, level: nil) { study, name in
            try study.setLabel(arguments[LabelCommands.label], factor: factor, study: name)
        }
    }
}

/// `thumblab label level FACTOR LEVEL LABEL`.
enum LabelLevelCommand: Command {
    static let spec = CommandSpec(
        name: "level", abstract: "Give a level of a factor the name readers see.",
        arguments: [LabelCommands.factor, LabelCommands.level, LabelCommands.label], options: LabelCommands.options,
        examples: ["thumblab label level technique ThumbSpace \"ThumbSpace\"", "thumblab label level hand R \"Right\""])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let (factor, level) = (arguments[LabelCommands.factor], arguments[LabelCommands.level])
        try LabelCommands.change(arguments, console: console, factor: factor, level: level) { study, name in
            try study.setLabel(arguments[LabelCommands.label], level: level, of: factor, study: name)
        }
    }
}

/// `thumblab label clear factor FACTOR`.
enum LabelClearFactorCommand: Command {
    static let spec = CommandSpec(
        name: "factor", abstract: "Remove a factor's label.", arguments: [LabelCommands.factor],
        options: LabelCommands.options, examples: ["thumblab label clear factor target_size_mm"])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let factor = arguments[LabelCommands.factor]
        try LabelCommands.change(arguments, console: console, factor: factor, level: nil) { study, name in
            try study.setLabel(nil, factor: factor, study: name)
        }
    }
}

/// `thumblab label clear level FACTOR LEVEL`.
enum LabelClearLevelCommand: Command {
    static let spec = CommandSpec(
        name: "level", abstract: "Remove a level's label.", arguments: [LabelCommands.factor, LabelCommands.level],
        options: LabelCommands.options, examples: ["thumblab label clear level technique Shift"])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let (factor, level) = (arguments[LabelCommands.factor], arguments[LabelCommands.level])
        try LabelCommands.change(arguments, console: console, factor: factor, level: level) { study, name in
            try study.setLabel(nil, level: level, of: factor, study: name)
        }
    }
}

/// `thumblab label show`.
enum LabelShowCommand: Command {
    static let spec = CommandSpec(
        name: "show", abstract: "List every factor and level with its label and the name readers see.",
        options: [SelectionOptions.study] + SharedOptions.tableOutput,
        examples: ["thumblab label show", "thumblab label show --format json"])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let chosen = try arguments.tableResultFormat()
        let study = try arguments.openStudy(console: console)
        let name = try arguments[SelectionOptions.study] ?? study.database.onlyStudy()
        let names = try study.displayNames(study: name)
        let factors = try study.database.layout(study: name, withBlocks: false).factors
        try arguments.deliverResult(
            chosen, console: console,
            json: {
                .object([
                    ("study", .string(name)), ("labels", LabelTables.json(names)),
                    ("names", LabelTables.table(names, factors: factors).json()),
                ])
            },
            tables: { LabelTables.table(names, factors: factors).rendered(as: $0) })
    }
}
