import ThumbLab

/// `thumblab plan`: the selection and cleaning every analysis of a study applies unless an
/// option overrides it.
enum PlanCommands {
    static let group = CommandSpec(
        name: "plan",
        abstract: "Store the selection and cleaning every analysis of a study applies by default.",
        discussion: """
            A study analysed for a paper repeats the same selection and cleaning on every command. \
            A plan stores them in the study database; every analysis then applies it unless an \
            option overrides a setting, and states that it did.
            """,
        examples: [
            "thumblab plan set --exclude block=0 --trials hits --outliers sd:3",
            "thumblab plan show",
            "thumblab plan undo",
        ])

    static var node: CommandNode {
        CommandNode(
            group: group,
            children: [
                CommandNode(PlanSetCommand.self), CommandNode(PlanShowCommand.self), CommandNode(PlanUndoCommand.self),
            ])
    }

    /// The plan in words, or as JSON.
    static func rendered(_ plan: SelectionSettings?, study: String, format: OutputFormat) -> String {
        if format == .json {
            return JSONValue.object([("study", .string(study)), ("plan", plan?.json ?? .null)]).rendered() + "\n"
        }
        guard let plan else { return "Study \(study) has no analysis plan: each analysis uses its own defaults.\n" }
        return "Plan of study \(study): \(plan.description).\n"
    }
}

/// `thumblab plan set [selection and cleaning options]`.
enum PlanSetCommand: Command {
    static let attempts = Option<AttemptPolicy?>(
        "--attempts", value: "which", help: "Which attempts of a repeated trial count: first, last or all.",
        defaultDescription: "each analysis's own default")

    static let spec = CommandSpec(
        name: "set",
        abstract: "Make these settings the study's analysis plan (replacing the plan before, which undo restores).",
        discussion: "Settings left out are left to each analysis's default.",
        options: [
            SelectionOptions.study, SelectionOptions.keep, SelectionOptions.exclude, attempts, SelectionOptions.trials,
            SelectionOptions.outliers, SelectionOptions.outlierScale, SharedOptions.textOrJSON, SharedOptions.database,
        ],
        examples: [
            "thumblab plan set --exclude block=0 --trials hits --outliers sd:3",
            "thumblab plan set --exclude block=0 --outliers mad:2.5 --outlier-scale raw",
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let study = try arguments.openStudy(console: console)
        let name = try arguments[SelectionOptions.study] ?? study.database.onlyStudy()
        let plan = SelectionSettings(
            keep: arguments.contains(SelectionOptions.keep) ? arguments[SelectionOptions.keep] : nil,
            exclude: arguments.contains(SelectionOptions.exclude) ? arguments[SelectionOptions.exclude] : nil,
            attempts: arguments[Self.attempts], timeTrials: arguments[SelectionOptions.trials],
            outliers: arguments[SelectionOptions.outliers], outlierScale: arguments[SelectionOptions.outlierScale])
        try study.setPlan(plan, study: name)
        console.out(PlanCommands.rendered(plan, study: name, format: arguments[SharedOptions.textOrJSON]))
    }
}

/// `thumblab plan show`.
enum PlanShowCommand: Command {
    static let spec = CommandSpec(
        name: "show",
        abstract: "Print the study's analysis plan.",
        options: [SelectionOptions.study, SharedOptions.textOrJSON, SharedOptions.database],
        examples: ["thumblab plan show", "thumblab plan show --format json"])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let study = try arguments.openStudy(console: console)
        let name = try arguments[SelectionOptions.study] ?? study.database.onlyStudy()
        console.out(
            PlanCommands.rendered(try study.plan(study: name), study: name, format: arguments[SharedOptions.textOrJSON])
        )
    }
}

/// `thumblab plan undo`.
enum PlanUndoCommand: Command {
    static let spec = CommandSpec(
        name: "undo",
        abstract: "Remove the study's newest plan, so that the one set before it (or none) applies again.",
        options: [SelectionOptions.study, SharedOptions.textOrJSON, SharedOptions.database],
        examples: ["thumblab plan undo"])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let study = try arguments.openStudy(console: console)
        let name = try arguments[SelectionOptions.study] ?? study.database.onlyStudy()
        let now = try study.undoPlan(study: name)
        console.out(PlanCommands.rendered(now, study: name, format: arguments[SharedOptions.textOrJSON]))
    }
}
