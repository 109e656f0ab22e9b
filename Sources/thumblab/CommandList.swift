/// The `thumblab` command tree. Adding a command is one file declaring it and one line in
/// ``commands``.
enum CommandList {
    /// Every subcommand, in the order help lists them.
    static let commands: [CommandNode] = [
        CommandNode(DemoCommand.self),
        CommandNode(InitCommand.self),
        CommandNode(ImportCommand.self),
        CommandNode(InfoCommand.self),
        CommandNode(BatchesCommand.self),
        CommandNode(UndoCommand.self),
        CommandNode(SummaryCommand.self),
        CommandNode(CompareCommand.self),
        CommandNode(ScoresCommand.self),
        CommandNode(HeatmapCommand.self),
        CommandNode(ReachCommand.self),
        CommandNode(AuditCommand.self),
        CommandNode(DensityCommand.self),
        CommandNode(DirectionCommand.self),
        CommandNode(TargetSizeCommand.self),
        CommandNode(FittsCommand.self),
        CommandNode(LearningCommand.self),
        CommandNode(KeyOffsetsCommand.self),
        CommandNode(ReportCommand.self),
        CommandNode(ExportCommand.self),
        CommandNode(ExcludedCommand.self),
        CommandNode(CounterbalanceCommand.self),
        CommandNode(OrderEffectsCommand.self),
        PowerCommands.node,
        PlanCommands.node,
        LabelCommands.node,
        FactorCommands.node,
        DeviceCommands.node,
    ]

    /// `thumblab` itself: the group of every command.
    static let root = CommandNode(
        group: CommandSpec(
            name: "thumblab",
            abstract: "Study logs of one-handed touchscreen studies, into a SQLite study database.",
            discussion: """
                ThumbLab imports trial logs, raw touch logs and questionnaire answers (CSV, JSON, \
                JSON Lines) into one study database that R, pandas and the thumblab commands read.
                """,
            examples: [
                "thumblab import trials.csv touches.csv --study pilot",
                "thumblab info --format json",
                "thumblab help import",
            ]),
        children: commands)
}
